/// A JSON value whose objects keep their keys in the order given, so output is deterministic.
///
/// Used by the GeoJSON encoder and by every `--json` listing of the CLI.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
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
    /// double precision (the shortest text that reads back as the same double); NaN and
    /// infinities, which JSON cannot hold, are written as `null`.
    public func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the compact JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.text(of: value)
        case .roundedNumber(let value, let decimals): output += Self.text(of: value, decimals: decimals)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// The shortest round-tripping decimal text of `value`; integers without `.0`.
    public static func text(of value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return value.description
    }

    /// `value` rounded half away from zero to `decimals` places, trailing zeros removed.
    public static func text(of value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
        return text(of: rounded == 0 ? 0 : rounded)
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
