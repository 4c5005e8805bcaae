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

    /// ``field(_:)`` of a field's bytes, without building a `String` twice on the common path
    /// (ASCII and Hangul syllables, no surrounding spaces).
    ///
    /// - Throws: ``RowProblem/notUTF8`` when the bytes are not UTF-8.
    static func field(_ bytes: UnsafeBufferPointer<UInt8>) throws(RowProblem) -> String? {
        var start = 0
        var end = bytes.count
        while start < end, isASCIISpace(bytes[start]) { start += 1 }
        while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
        if start == end { return nil }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if isQuickNFC(trimmed) { return String(decoding: trimmed, as: UTF8.self) }
        guard let text = String(validating: trimmed, as: UTF8.self) else { throw .notUTF8 }
        return field(text)
    }

    /// The field's bytes as a `String`, as they are.
    ///
    /// - Throws: ``RowProblem/notUTF8`` when the bytes are not UTF-8.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(RowProblem) -> String {
        if isQuickNFC(bytes) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// True when `bytes` is valid UTF-8 made of ASCII, scalars below U+0300, and precomposed
    /// Hangul syllables only: text that is in NFC as it is.
    static func isQuickNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if byte >= 0xC2, byte <= 0xCB {  // U+0080–U+02FF
                guard index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
            } else if byte >= 0xEA, byte <= 0xED {
                guard index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
                    return false
                }
                let scalar =
                    (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
                    | UInt32(bytes[index + 2] & 0x3F)
                guard scalar >= 0xAC00, scalar <= 0xD7A3 else { return false }
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    /// `text` without leading and trailing white space (Unicode's, as Foundation trims).
    static func trimmedWhitespace(_ text: String) -> String {
        guard let firstByte = text.utf8.first, let lastByte = text.utf8.last else { return text }
        if firstByte > 0x20, firstByte < 0x80, lastByte > 0x20, lastByte < 0x80 { return text }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if !first.properties.isWhitespace, !last.properties.isWhitespace { return text }
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

    /// ``tags(fromList:)`` of a field's bytes.
    static func tags(fromList bytes: UnsafeBufferPointer<UInt8>) throws(RowProblem) -> String {
        if bytes.isEmpty { return "" }
        if isNormalTagList(bytes) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return Hashtag.encode(Hashtag.parseList(text))
    }

    /// Tags in storage form from a list of tags (a GeoJSON array).
    static func tags(from list: [String]) -> String {
        let joined = list.joined(separator: "|")
        if list.allSatisfy({ !$0.utf8.contains(UInt8(ascii: "|")) }), isNormalTagList(joined) { return joined }
        return Hashtag.encode(Hashtag.normalizedList(list))
    }

    /// True when `field` is already `|`-joined normalized tags: non-empty parts of lower-case
    /// ASCII letters, digits, `_`, `-`, `.` and Hangul syllables, no part twice. Such a field is
    /// what ``Hashtag`` would produce from it, so it is stored as it is.
    static func isNormalTagList(_ field: String) -> Bool {
        var field = field
        field.makeContiguousUTF8()
        return field.utf8.withContiguousStorageIfAvailable { isNormalTagList($0) } ?? false
    }

    /// ``isNormalTagList(_:)-(String)`` of bytes.
    static func isNormalTagList(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
                        if memcmp(
                            bytes.baseAddress! + parts[earlier].lowerBound, bytes.baseAddress! + part.lowerBound,
                            part.count)
                            == 0
                        {
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
    }

    /// ``likes(_:)`` of a field's bytes, without a `String` for plain digits.
    static func likes(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int, RowProblem> {
        var value = 0
        var digits = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else {
                return likes(String(decoding: bytes, as: UTF8.self))
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return .success(value)
    }

    /// Likes as written in a row: a whole number, optionally with thousands separators
    /// (`1,234`) or in exponent form when whole (`1e3`); empty is 0. The failure's reason names
    /// the field (`likes “3.7” is not a whole number ≥ 0`), as a warning quotes it.
    static func likes(_ field: String) -> Result<Int, RowProblem> {
        let trimmed = trimmedWhitespace(field)
        if trimmed.isEmpty { return .success(0) }
        let digits =
            trimmed.utf8.contains(UInt8(ascii: ",")) ? trimmed.replacingOccurrences(of: ",", with: "") : trimmed
        if let value = Int(digits) {
            return value >= 0 ? .success(value) : .failure(notLikes(trimmed))
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if digits.utf8.allSatisfy(isDigit) { return .failure(tooManyLikes(trimmed)) }
        if let number = Double(digits), number.isFinite, number == number.rounded(), number >= 0 {
            // 2⁶³ is the first double beyond Int.max.
            return number < 9_223_372_036_854_775_808 ? .success(Int(number)) : .failure(tooManyLikes(trimmed))
        }
        return .failure(notLikes(trimmed))
    }

    /// The reason for likes that are not a count.
    static func notLikes(_ text: String) -> RowProblem {
        RowProblem("likes “\(text.trimmingWhitespaceForMessage())” is not a whole number ≥ 0")
    }

    /// The reason for likes beyond what a 64-bit integer holds.
    static func tooManyLikes(_ text: String) -> RowProblem {
        RowProblem(
            "likes “\(text.trimmingWhitespaceForMessage())” is more than \(Int.max), the largest number stored")
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
    /// For a JSON element, the member the problem is in (`mapx`, `properties.likes`), which
    /// messages add to the element's path (`items[0].mapx`); `nil` when it is the element's.
    var member: String?

    init(_ reason: String, member: String? = nil) {
        self.reason = reason
        self.member = member
    }

    /// A field that is not UTF-8 (the CSV reader says where, with ``InvalidUTF8``).
    static let notUTF8 = RowProblem("The text is not valid UTF-8; try --encoding cp949")

    /// From a full sentence (an error's description): its final full stop is dropped.
    init(sentence: String, member: String? = nil) {
        var text = sentence
        if text.hasSuffix(".") { text.removeLast() }
        reason = text
        self.member = member
    }
}
