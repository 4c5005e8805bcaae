import ArgumentParser
import Foundation
import FootprintGeo

/// A number option (`--radius`, `--within`, `--tolerance`, `--bearing`, `--distance`) as typed.
///
/// `Double`'s own parsing reads hexadecimal (`0x10` is 16) and gives the parser's usage dump for
/// `1,000` or `500m`; here any text is accepted where the argument is parsed, and ``value(of:)``
/// reads decimal notation only — sign, digits, point, exponent, or `inf`/`nan` for the checks
/// that word those — and refuses the rest with one sentence naming the option.
struct DecimalArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    /// The text as typed.
    let text: String

    init?(argument: String) {
        text = argument
    }

    var description: String { text }

    /// The number; throws for text that is not a decimal number, naming the option `name`.
    func value(of name: String) throws -> Double {
        guard let value = Self.decimal(Substring(text)) else {
            throw FootprintGeoError.invalidArgument(
                name: name, value: "“\(text)”", reason: "write it as a decimal number, e.g. 500 or 2.5")
        }
        return value
    }

    /// A decimal number as people write one: sign, digits, point, exponent; spaces around it.
    static func decimal(_ text: Substring) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = /[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)/.ignoresCase()
        guard trimmed.wholeMatch(of: number) != nil else { return nil }
        return Double(trimmed)
    }
}
