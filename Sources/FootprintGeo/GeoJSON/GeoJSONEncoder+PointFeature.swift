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
