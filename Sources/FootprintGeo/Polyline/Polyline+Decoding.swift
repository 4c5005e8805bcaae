extension Polyline {
    /// The positions of an encoded polyline written at `precision` decimals (default 5).
    ///
    /// The empty string is the empty line. Each value is divided (not multiplied) by 10^precision,
    /// so `3850000` at precision 5 reads back as the double nearest to 38.5, as the Python
    /// `polyline` package and PostGIS `ST_LineFromEncodedPolyline` read it.
    ///
    /// Throws ``FootprintGeoError/invalidPolyline(offset:reason:)`` with the 0-based offset of the
    /// first bad character for: a character outside `?`…`~` (63…126), a string that ends inside a
    /// value (a last chunk with the continuation bit 0x20 set), a latitude with no longitude after it,
    /// a value of more than 64 bits, and a position outside ±90° latitude or ±180° longitude (which
    /// is what a string written at another precision usually gives). Throws
    /// ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a precision outside ``precisions``.
    public static func decode(_ text: String, precision: Int = 5) throws(FootprintGeoError) -> [Coordinate] {
        let scale = try scale(for: precision)
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(FootprintGeoError) -> [Coordinate] in
                try decode(bytes, scale: scale, precision: precision)
            }
        }
        return try result.get()
    }

    /// Decodes UTF-8 bytes; every byte of a valid polyline is ASCII, so byte offsets are
    /// character offsets up to the first error.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, scale: Double, precision: Int) throws(FootprintGeoError)
        -> [Coordinate]
    {
        var coordinates: [Coordinate] = []
        // Every value takes at least one byte, so a position takes at least two.
        coordinates.reserveCapacity(bytes.count / 2)
        var cursor = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        while cursor < bytes.count {
            let latitudeStart = cursor
            let latitudeDelta = try value(in: bytes, at: &cursor)
            guard cursor < bytes.count else {
                throw .invalidPolyline(offset: cursor, reason: "it ends after a latitude that has no longitude")
            }
            let longitudeStart = cursor
            let longitudeDelta = try value(in: bytes, at: &cursor)
            let (nextLatitude, latitudeOverflow) = latitude.addingReportingOverflow(latitudeDelta)
            let (nextLongitude, longitudeOverflow) = longitude.addingReportingOverflow(longitudeDelta)
            guard !latitudeOverflow else {
                throw .invalidPolyline(offset: latitudeStart, reason: "the latitude overflows")
            }
            guard !longitudeOverflow else {
                throw .invalidPolyline(offset: longitudeStart, reason: "the longitude overflows")
            }
            latitude = nextLatitude
            longitude = nextLongitude
            let coordinate = Coordinate(
                uncheckedLatitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
            guard abs(coordinate.latitude) <= 90 else {
                throw .invalidPolyline(
                    offset: latitudeStart,
                    reason: "the latitude \(formatted(coordinate.latitude)) is outside -90…90 degrees "
                        + "(was the line encoded with another precision than \(precision)?)")
            }
            guard abs(coordinate.longitude) <= 180 else {
                throw .invalidPolyline(
                    offset: longitudeStart,
                    reason: "the longitude \(formatted(coordinate.longitude)) is outside -180…180 degrees "
                        + "(was the line encoded with another precision than \(precision)?)")
            }
            coordinates.append(coordinate)
        }
        return coordinates
    }

    /// Reads one zig-zag folded value of 5-bit chunks starting at `cursor` and moves past it.
    @inline(__always)
    static func value(in bytes: UnsafeBufferPointer<UInt8>, at cursor: inout Int) throws(FootprintGeoError) -> Int64 {
        let start = cursor
        var folded: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard cursor < bytes.count else {
                throw .invalidPolyline(offset: cursor, reason: "it ends in the middle of a value")
            }
            let byte = bytes[cursor]
            guard byte >= 63, byte <= 126 else {
                throw .invalidPolyline(offset: cursor, reason: "\(describe(byte)) is not a polyline character (? to ~)")
            }
            let chunk = UInt64(byte &- 63)
            // The 13th chunk (shift 60) has room for 4 bits of a 64-bit value; a 14th has none.
            guard shift < 60 || (shift == 60 && chunk & 0x1F < 0x10) else {
                throw .invalidPolyline(offset: start, reason: "a value there needs more than 64 bits")
            }
            folded |= (chunk & 0x1F) << shift
            cursor &+= 1
            if chunk < 0x20 { break }
            shift &+= 5
        }
        let magnitude = Int64(bitPattern: folded >> 1)
        return folded & 1 == 0 ? magnitude : ~magnitude
    }

    /// A byte as a reader would name it in an error: the character, or its code for a control
    /// character or a byte of a multi-byte UTF-8 sequence.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "“\(Character(Unicode.Scalar(byte)))”"
        case 0x20: return "a space"
        case 0x80...: return "a non-ASCII character"
        default: return "the control character 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}
