import FootprintGeo

/// SpatiaLite's internal BLOB geometry format for a POINT (SpatiaLite 5 "BLOB-Geometry" layout):
/// start 0x00, endianness 0x01 (little), SRID int32, MBR as four doubles, 0x7C, class 1 (POINT)
/// int32, X and Y doubles, end 0xFE — 60 bytes.
///
/// Writing the blob ourselves lets bulk imports skip `MakePoint` per row, and lets read-only
/// commands read a point without loading `mod_spatialite`.
enum SpatiaLiteBlob {
    /// The blob of a point in SRID 4326 (X = longitude, Y = latitude).
    static func point(_ coordinate: Coordinate, srid: Int32 = 4326) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(60)
        bytes.append(0x00)
        bytes.append(0x01)
        append(srid, to: &bytes)
        for value in [coordinate.longitude, coordinate.latitude, coordinate.longitude, coordinate.latitude] {
            append(value, to: &bytes)
        }
        bytes.append(0x7C)
        append(Int32(1), to: &bytes)
        append(coordinate.longitude, to: &bytes)
        append(coordinate.latitude, to: &bytes)
        bytes.append(0xFE)
        return bytes
    }

    /// The point inside a SpatiaLite POINT blob, or `nil` when the blob is something else.
    static func coordinate(of bytes: [UInt8]) -> Coordinate? {
        guard bytes.count == 60, bytes[0] == 0x00, bytes[38] == 0x7C, bytes[59] == 0xFE else { return nil }
        let littleEndian = bytes[1] == 0x01
        guard readInt32(bytes, at: 39, littleEndian: littleEndian) == 1 else { return nil }
        let x = readDouble(bytes, at: 43, littleEndian: littleEndian)
        let y = readDouble(bytes, at: 51, littleEndian: littleEndian)
        return Coordinate(uncheckedLatitude: y, longitude: x)
    }

    private static func append(_ value: Int32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func append(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func readInt32(_ bytes: [UInt8], at offset: Int, littleEndian: Bool) -> Int32 {
        var raw: UInt32 = 0
        for index in 0..<4 { raw |= UInt32(bytes[offset + index]) << (8 * index) }
        return Int32(bitPattern: littleEndian ? raw : raw.byteSwapped)
    }

    private static func readDouble(_ bytes: [UInt8], at offset: Int, littleEndian: Bool) -> Double {
        var raw: UInt64 = 0
        for index in 0..<8 { raw |= UInt64(bytes[offset + index]) << (8 * index) }
        return Double(bitPattern: littleEndian ? raw : raw.byteSwapped)
    }
}
