import FootprintGeo

/// The TIFF structure inside an EXIF block: a byte order, IFDs of 12-byte entries, and values
/// either inline (4 bytes or fewer) or at an offset from the block's start.
struct TIFFBlock {
    /// The block; offsets in it count from its first byte.
    let bytes: ArraySlice<UInt8>
    let littleEndian: Bool

    // TIFF tag numbers (TIFF 6.0; Exif 2.32 §4.6.3, §4.6.6).
    static let gpsIFDPointer: UInt16 = 0x8825
    static let latitudeRef: UInt16 = 1
    static let latitude: UInt16 = 2
    static let longitudeRef: UInt16 = 3
    static let longitude: UInt16 = 4
    // TIFF field types.
    static let ascii: UInt16 = 2
    static let long: UInt16 = 4
    static let rational: UInt16 = 5
    static let ifd: UInt16 = 13

    init(bytes: ArraySlice<UInt8>) throws(EXIFError) {
        self.bytes = bytes
        guard bytes.count >= 8 else { throw EXIFError(reason: "the EXIF block is shorter than its TIFF header") }
        let order = (bytes[bytes.startIndex], bytes[bytes.startIndex + 1])
        switch order {
        case (0x49, 0x49): littleEndian = true  // "II", Intel
        case (0x4D, 0x4D): littleEndian = false  // "MM", Motorola
        default: throw EXIFError(reason: "the EXIF block has no TIFF byte order (II or MM)")
        }
    }

    /// The position in the GPS IFD, `nil` when there is none.
    func gpsCoordinate() throws(EXIFError) -> Coordinate? {
        guard try uint16(at: 2) == 42 else { throw EXIFError(reason: "the EXIF block's TIFF header is not 42") }
        let ifd0 = try entries(at: Int(try uint32(at: 4)), name: "IFD0")
        guard let pointer = ifd0.first(where: { $0.tag == Self.gpsIFDPointer }) else { return nil }
        guard pointer.type == Self.long || pointer.type == Self.ifd, pointer.count == 1 else {
            throw EXIFError(reason: "the GPS IFD pointer is not one LONG")
        }
        let gps = try entries(at: Int(try uint32(at: pointer.valueOffset)), name: "GPS IFD")
        func find(_ tag: UInt16) -> Entry? { gps.first { $0.tag == tag } }
        let latitude = find(Self.latitude)
        let longitude = find(Self.longitude)
        if latitude == nil, longitude == nil { return nil }
        guard let latitude, let longitude else {
            throw EXIFError(reason: "the GPS IFD has a latitude or a longitude, not both")
        }
        let north = try reference(find(Self.latitudeRef), positive: "N", negative: "S", name: "latitude")
        let east = try reference(find(Self.longitudeRef), positive: "E", negative: "W", name: "longitude")
        let lat = try degrees(latitude, name: "latitude") * (north ? 1 : -1)
        let lon = try degrees(longitude, name: "longitude") * (east ? 1 : -1)
        guard lat.magnitude <= 90, lon.magnitude <= 180 else {
            throw EXIFError(reason: "the GPS position \(lat),\(lon) is off the globe")
        }
        return Coordinate(uncheckedLatitude: lat, longitude: lon)
    }

    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// Where the entry's 4-byte value or offset field is, from the block's start.
        var valueOffset: Int
    }

    /// The entries of the IFD at `offset`.
    func entries(at offset: Int, name: String) throws(EXIFError) -> [Entry] {
        let count = Int(try uint16(at: offset))
        guard offset + 2 + count * 12 <= bytes.count else {
            throw EXIFError(reason: "the \(name) runs past the end of the EXIF block")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let start = offset + 2 + index * 12
            entries.append(
                Entry(
                    tag: try uint16(at: start), type: try uint16(at: start + 2), count: try uint32(at: start + 4),
                    valueOffset: start + 8))
        }
        return entries
    }

    /// `N`/`S` or `E`/`W`: true for the positive one.
    func reference(_ entry: Entry?, positive: Character, negative: Character, name: String) throws(EXIFError) -> Bool {
        guard let entry, entry.type == Self.ascii, (1...4).contains(entry.count) else {
            throw EXIFError(reason: "the GPS \(name) has no \(positive)/\(negative) reference")
        }
        switch Character(Unicode.Scalar(try byte(at: entry.valueOffset))) {
        case positive: return true
        case negative: return false
        default: throw EXIFError(reason: "the GPS \(name) reference is neither \(positive) nor \(negative)")
        }
    }

    /// Degrees from three RATIONALs: degrees, minutes, seconds.
    func degrees(_ entry: Entry, name: String) throws(EXIFError) -> Double {
        guard entry.type == Self.rational, entry.count == 3 else {
            throw EXIFError(reason: "the GPS \(name) is not three RATIONALs")
        }
        let start = Int(try uint32(at: entry.valueOffset))
        var fractions: [(numerator: UInt64, denominator: UInt64)] = []
        for index in 0..<3 {
            let numerator = try uint32(at: start + index * 8)
            let denominator = try uint32(at: start + index * 8 + 4)
            guard denominator != 0 else { throw EXIFError(reason: "the GPS \(name)'s denominator is 0") }
            fractions.append((UInt64(numerator), UInt64(denominator)))
        }
        let parts = fractions.map { Double($0.numerator) / Double($0.denominator) }
        guard parts[1] < 60, parts[2] < 60 else {
            throw EXIFError(reason: "the GPS \(name)'s minutes or seconds are 60 or more")
        }
        return Self.exactDegrees(fractions) ?? parts[0] + parts[1] / 60 + parts[2] / 3600
    }

    /// Degrees, minutes and seconds summed as one fraction of seconds and divided once, when its
    /// numerator and denominator are exact in a Double: the result is then the nearest Double
    /// (37°32'39.84" is 37.5444, where three rounded terms give 37.544399999999996).
    static func exactDegrees(_ fractions: [(numerator: UInt64, denominator: UInt64)]) -> Double? {
        let exact: UInt64 = 1 << 53
        var common: UInt64 = 1
        for fraction in fractions {
            let (product, overflow) = common.multipliedReportingOverflow(
                by: fraction.denominator / gcd(common, fraction.denominator))
            guard !overflow, product <= exact else { return nil }
            common = product
        }
        var numerator: UInt64 = 0
        for (fraction, seconds) in zip(fractions, [UInt64(3600), 60, 1]) {
            let (factor, overflow1) = (common / fraction.denominator).multipliedReportingOverflow(by: seconds)
            let (scaled, overflow2) = fraction.numerator.multipliedReportingOverflow(by: factor)
            let (sum, overflow3) = numerator.addingReportingOverflow(scaled)
            guard !overflow1, !overflow2, !overflow3, sum <= exact else { return nil }
            numerator = sum
        }
        let (denominator, overflow) = common.multipliedReportingOverflow(by: 3600)
        guard !overflow, denominator <= exact else { return nil }
        return Double(numerator) / Double(denominator)
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    func byte(at offset: Int) throws(EXIFError) -> UInt8 {
        guard offset >= 0, offset < bytes.count else {
            throw EXIFError(reason: "an EXIF offset (\(offset)) points past the end of the block")
        }
        return bytes[bytes.startIndex + offset]
    }

    func uint16(at offset: Int) throws(EXIFError) -> UInt16 {
        let a = UInt16(try byte(at: offset))
        let b = UInt16(try byte(at: offset + 1))
        return littleEndian ? b << 8 | a : a << 8 | b
    }

    func uint32(at offset: Int) throws(EXIFError) -> UInt32 {
        let a = UInt32(try uint16(at: offset))
        let b = UInt32(try uint16(at: offset + 2))
        return littleEndian ? b << 16 | a : a << 16 | b
    }
}
