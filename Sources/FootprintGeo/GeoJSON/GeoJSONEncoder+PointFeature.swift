extension GeoJSONEncoder {
    /// Appends a Feature with an integer id and a Point geometry whose properties `properties`
    /// writes from raw UTF-8: the same bytes ``appendFeature(_:to:)`` writes for the same Feature,
    /// without building one. A million-place export otherwise spends most of its time making and
    /// releasing the Feature's strings (perf: retain/release, malloc and String repair ~35%).
    package func appendPointFeature(
        id: Int64, at coordinate: Coordinate, to bytes: inout [UInt8], properties: (inout JSONObjectWriter) -> Void
    ) {
        var writer = GeoJSONWriter(encoder: self)
        swap(&writer.bytes, &bytes)
        defer { swap(&writer.bytes, &bytes) }
        writer.raw("{\"type\":\"Feature\",\"id\":")
        JSONObjectWriter.appendInteger(id, to: &writer.bytes)
        let geometry = prepare(.point(Point(coordinate)))
        if includesBoundingBox { writer.bbox(BoundingBox(geoJSONCovering: [geometry])) }
        writer.raw(",\"geometry\":")
        writer.writeGeometry(geometry, bbox: nil)
        writer.raw(",\"properties\":{")
        var object = JSONObjectWriter()
        swap(&object.bytes, &writer.bytes)
        properties(&object)
        swap(&object.bytes, &writer.bytes)
        writer.raw("}}")
    }
}

/// The members of a JSON object written straight from bytes, in the compact form of
/// ``JSONValue/write(into:)``: `"key":value` separated by commas. Keys are static ASCII.
package struct JSONObjectWriter {
    package var bytes: [UInt8] = []
    private var isEmpty = true

    package init() {}

    /// `"key":`, after a comma unless it is the first member.
    private mutating func key(_ name: StaticString) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string member from UTF-8 bytes, escaped as ``JSONValue/writeString(_:into:)`` does;
    /// invalid UTF-8 is repaired (U+FFFD) as `String(decoding:as:)` does.
    package mutating func string(_ name: StaticString, utf8: UnsafeBufferPointer<UInt8>) {
        key(name)
        Self.appendString(utf8: utf8, to: &bytes)
    }

    package mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        Self.appendInteger(value, to: &bytes)
    }

    /// An array of the non-empty pieces of `utf8` between `separator` bytes (`a|b` → `["a","b"]`);
    /// nothing at all when there are none.
    package mutating func stringArray(_ name: StaticString, splitting utf8: UnsafeBufferPointer<UInt8>, at separator: UInt8) {
        var first = true
        var start = 0
        for index in 0...utf8.count where index == utf8.count || utf8[index] == separator {
            defer { start = index + 1 }
            guard index > start else { continue }
            if first {
                key(name)
                bytes.append(UInt8(ascii: "["))
                first = false
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            Self.appendString(utf8: UnsafeBufferPointer(rebasing: utf8[start..<index]), to: &bytes)
        }
        if !first { bytes.append(UInt8(ascii: "]")) }
    }

    static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if UTF8Validation.isValid(utf8) {
            JSONValue.writeString(utf8: utf8, into: &bytes)
        } else {
            JSONValue.writeString(String(decoding: utf8, as: UTF8.self), into: &bytes)
        }
    }

    /// The decimal digits of `value`, as `String(value)` writes them, without a String.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int64's 20 digits fit
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }
}

/// UTF-8 well-formedness (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
package enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8; with `allowingCutEnd`, a sequence cut off by the
    /// end of the buffer (a sample of a longer file) is allowed.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, allowingCutEnd: Bool = false) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return false
            }
            for offset in 1..<length {
                guard index + offset < count else { return allowingCutEnd }
                let byte = bytes[index + offset]
                if offset == 1 {
                    guard byte >= lowest, byte <= highest else { return false }
                } else {
                    guard byte & 0xC0 == 0x80 else { return false }
                }
            }
            index += length
        }
        return true
    }
}
