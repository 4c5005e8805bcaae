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
    ///
    /// Scanned by hand rather than with a regex literal: a `Regex` compiles its program on first
    /// use, so one built per call made every parse pay for a compilation.
    static func decimal(_ text: Substring) -> Double? {
        let scalars = text.unicodeScalars
        // What `CharacterSet.whitespaces` holds: tab and the space separators (Zs).
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let trimmed = Substring(scalars[first...last])
        guard isDecimalSyntax(trimmed.utf8) else { return nil }
        return Double(trimmed)
    }

    /// `[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)`, letters in any case, ASCII
    /// digits only (`Double(_:)` reads no others).
    private static func isDecimalSyntax(_ bytes: Substring.UTF8View) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                bytes.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            bytes.formIndex(after: &index)
        }
        if bytes.distance(from: index, to: bytes.endIndex) <= 8 {
            let word = String(decoding: bytes[index...], as: UTF8.self).lowercased()
            if word == "inf" || word == "infinity" || word == "nan" { return true }
        }
        var mantissa = digits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            bytes.formIndex(after: &index)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") {
            bytes.formIndex(after: &index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                bytes.formIndex(after: &index)
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
