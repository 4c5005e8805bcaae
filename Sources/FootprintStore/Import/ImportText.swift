import FootprintGeo
import Foundation

/// Normalization of the text fields of imported rows, with fast paths for text that is already
/// normal (the common case: an import spends most of its time here otherwise).
enum ImportText {
    /// `text` without surrounding white space, in NFC (Hangul typed on macOS can arrive as
    /// decomposed jamo); `nil` when nothing is left.
    static func field(_ text: String) -> String? {
        let trimmed = trimmedWhitespace(text)
        if trimmed.isEmpty { return nil }
        return isQuickNFC(trimmed) ? trimmed : trimmed.precomposedStringWithCanonicalMapping
    }

    /// `text` without leading and trailing white space (Unicode's, as Foundation trims).
    static func trimmedWhitespace(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when `text` is certainly in NFC: only scalars below U+0300 (no combining marks) and
    /// precomposed Hangul syllables (U+AC00–U+D7A3), which no normalization changes.
    static func isQuickNFC(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x300 || (0xAC00...0xD7A3).contains(value) { continue }
            return false
        }
        return true
    }

    /// Tags in storage form from a field of tags separated by `|`, `,` or `#` (``Hashtag/parseList(_:)``).
    static func tags(fromList field: String) -> String {
        if field.isEmpty { return "" }
        if isNormalTagList(field) { return field }
        return Hashtag.encode(Hashtag.parseList(field))
    }

    /// Tags in storage form from a list of tags (a GeoJSON array).
    static func tags(from list: [String]) -> String {
        let joined = list.joined(separator: "|")
        if list.allSatisfy({ !$0.contains("|") }), isNormalTagList(joined) { return joined }
        return Hashtag.encode(Hashtag.normalizedList(list))
    }

    /// True when `field` is already `|`-joined normalized tags: non-empty parts of lower-case
    /// ASCII letters, digits, `_`, `-`, `.` and Hangul syllables, no part twice. Such a field is
    /// what ``Hashtag`` would produce from it, so it is stored as it is.
    static func isNormalTagList(_ field: String) -> Bool {
        var field = field
        field.makeContiguousUTF8()
        return field.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) { parts -> Bool in
                var partCount = 0
                var index = 0
                var partStart = 0
                let count = bytes.count
                while index <= count {
                    if index == count || bytes[index] == UInt8(ascii: "|") {
                        guard index > partStart, partCount < parts.count else { return false }
                        let part = partStart..<index
                        for earlier in 0..<partCount where parts[earlier].count == part.count {
                            if memcmp(bytes.baseAddress! + parts[earlier].lowerBound, bytes.baseAddress! + part.lowerBound, part.count) == 0 {
                                return false
                            }
                        }
                        parts[partCount] = part
                        partCount += 1
                        partStart = index + 1
                        index += 1
                        continue
                    }
                    let byte = bytes[index]
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                        UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                        index += 1
                    case 0xEA...0xED:
                        guard index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80
                        else { return false }
                        let scalar =
                            (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
                            | UInt32(bytes[index + 2] & 0x3F)
                        guard (0xAC00...0xD7A3).contains(scalar) else { return false }
                        index += 3
                    default:
                        return false
                    }
                }
                return true
            }
        } ?? false
    }

    /// Likes as written in a row: a whole number, optionally with thousands separators
    /// (`1,234`); empty is 0.
    static func likes(_ field: String) -> Result<Int, RowProblem> {
        let trimmed = trimmedWhitespace(field)
        if trimmed.isEmpty { return .success(0) }
        let digits = trimmed.replacingOccurrences(of: ",", with: "")
        guard let value = Int(digits) else {
            if let number = Double(digits), number.isFinite, number == number.rounded(), abs(number) < 1e15 {
                return number < 0
                    ? .failure(RowProblem("The likes \(trimmed) are negative")) : .success(Int(number))
            }
            return .failure(RowProblem("The likes “\(trimmed)” are not a whole number"))
        }
        guard value >= 0 else { return .failure(RowProblem("The likes \(trimmed) are negative")) }
        return .success(value)
    }

    /// A coordinate, or the reason it is bad in the words of ``FootprintGeoError``.
    static func coordinate(latitude: Double, longitude: Double) -> Result<Coordinate, RowProblem> {
        do {
            return .success(try Coordinate(latitude: latitude, longitude: longitude))
        } catch {
            return .failure(RowProblem(sentence: error.description))
        }
    }

    /// A coordinate for a derived source id: the value at 6 decimals (about 0.1 m), so that the
    /// same point written with more or fewer digits keeps its id.
    static func derivedIDNumber(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}

/// Why a row is skipped: a sentence without its final full stop.
struct RowProblem: Error, Hashable, Sendable {
    var reason: String

    init(_ reason: String) { self.reason = reason }

    /// From a full sentence (an error's description): its final full stop is dropped.
    init(sentence: String) {
        var text = sentence
        if text.hasSuffix(".") { text.removeLast() }
        reason = text
    }
}
