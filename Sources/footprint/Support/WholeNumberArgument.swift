import ArgumentParser
import FootprintGeo

/// A whole-number option (`--zoom`, `--k`, `--limit`, `--decimals` …) as typed: an optional sign
/// and digits, of any length.
///
/// `Int`'s own parsing turns `--zoom 99999999999999999999` into the parser's usage dump; here
/// the syntax is checked where the argument is parsed, and a number beyond `Int` is refused in
/// ``value(of:)`` with one sentence naming the option and the text, as every other value out of
/// range is.
struct WholeNumberArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    /// The digits as typed.
    let text: String
    /// The number, `nil` when it does not fit an `Int`.
    let exactValue: Int?

    init?(argument: String) {
        let digits = argument.hasPrefix("-") || argument.hasPrefix("+") ? argument.dropFirst() : Substring(argument)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        text = argument
        exactValue = Int(argument)
    }

    init(_ value: Int) {
        text = String(value)
        exactValue = value
    }

    var description: String { text }

    /// The number; throws for one beyond `Int`, naming the option `name`.
    func value(of name: String) throws -> Int {
        guard let exactValue else {
            throw FootprintGeoError.invalidArgument(
                name: name, value: text, reason: "it is outside the 64-bit whole numbers (\(Int.min)…\(Int.max))")
        }
        return exactValue
    }
}
