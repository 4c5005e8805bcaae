/// A JSON value whose objects keep their keys in the order given, so output is deterministic.
///
/// Used by the GeoJSON encoder and by every `--json` listing of the CLI.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// A whole number written exactly, digit for digit: ids, counts and likes beyond 2⁵³, which
    /// a double would round (9007199254740993 is not a double).
    case integer(Int64)
    /// A number written with a fixed count of decimals, trailing zeros dropped (GeoJSON positions).
    case roundedNumber(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.roundedNumber(let a, let x), .roundedNumber(let b, let y)): return a == b && x == y
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .roundedNumber(let value, let decimals): hasher.combine(value); hasher.combine(decimals)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        }
    }
}

extension JSONValue {
    /// The compact JSON text: no spaces, non-ASCII text (Hangul) unescaped, numbers at full
    /// double precision (the shortest text that reads back as the same double), integers digit
    /// for digit; NaN and
    /// infinities, which JSON cannot hold, are written as `null`.
    public func serialized() -> String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text to `output`.
    public func write(to output: inout String) {
        output += serialized()
    }

    /// Appends the compact JSON text's UTF-8 bytes to `output`.
    public func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): JSONNumberText.appendShortest(value, to: &output)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .roundedNumber(let value, let decimals):
            JSONNumberText.appendRounded(value, decimals: decimals, to: &output)
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The shortest round-tripping decimal text of `value`; integers below 2⁵³ without `.0`
    /// or exponent.
    public static func text(of value: Double) -> String {
        var bytes: [UInt8] = []
        JSONNumberText.appendShortest(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` rounded half away from zero to `decimals` places (0…17), trailing zeros removed.
    ///
    /// The rounding applies to the number as written (its shortest round-tripping decimal
    /// text), so `0.0000005` gives `0.000001` and `-0.0000005` gives `-0.000001`, although the
    /// nearest double to 5e-7 lies a hair below it.
    public static func text(of value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        JSONNumberText.appendRounded(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeString(_ value: String, to output: inout String) {
        var bytes: [UInt8] = []
        writeString(value, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else (Hangul included) as UTF-8.
    static func writeString(_ value: String, into output: inout [UInt8]) {
        var value = value
        value.withUTF8 { writeString(utf8: $0, into: &output) }
    }

    /// ``writeString(_:into:)`` for text already in well-formed UTF-8.
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Runs of bytes that need no escape are copied whole: most text (Hangul included) is one run.
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            appendEscape(for: byte, to: &output)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        }
    }
}

/// The members of a JSON object in their order.
public typealias JSONMembers = [(key: String, value: JSONValue)]
