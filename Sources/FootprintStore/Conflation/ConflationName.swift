import FootprintHangul
import Foundation

/// Names as conflation compares them: two places are the same spot's when their names are equal
/// once spaces, punctuation, case and Unicode form are set aside (``key(_:)``), or when one is
/// the other's brand followed by a branch (``isBranch(_:of:)``). The branch is part of the name:
/// `스타벅스 성수역점` and `스타벅스 강남역점` are two places.
enum ConflationName {
    /// The name's letters and digits in search form (NFC, lower case, Latin diacritics folded),
    /// nothing else: `카페-오월 (성수)`, `카페 오월 성수` and `카페오월성수` have one key.
    static func key(_ name: String) -> String {
        if let key = simpleKey(name) { return key }
        var scalars = String.UnicodeScalarView()
        for scalar in HangulNormalization.searchNormalized(name).unicodeScalars
        where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// ``key(_:)`` of a name made only of ASCII and precomposed Hangul syllables (most names;
    /// both are their own NFC and search form but for ASCII case), without building the search
    /// form; `nil` for any other name. A match tries a row's key against every candidate's: this
    /// path is most of an import of a second source.
    private static func simpleKey(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x30...0x39, 0x61...0x7A: bytes.append(UInt8(value))
                case 0x41...0x5A: bytes.append(UInt8(value + 0x20))
                default: continue  // spaces and ASCII punctuation are not part of the key
                }
            } else if (0xAC00...0xD7A3).contains(value) {
                bytes.append(UInt8(0xE0 | (value >> 12)))
                bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (value & 0x3F)))
            } else if value == 0xB7 || value == 0x2027 || value == 0x30FB {
                continue  // middle dots between words (·, ‧, ・)
            } else {
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name's words: runs of letters and digits, in ``key(_:)`` form.
    static func words(_ name: String) -> [String] {
        // Split before the search form, which drops the spaces between words.
        HangulNormalization.normalized(name).unicodeScalars
            .split { !($0.properties.isAlphabetic || $0.properties.numericType != nil) }
            .map { HangulNormalization.searchNormalized(String(String.UnicodeScalarView($0))) }
    }

    /// Whether `name` is `brand` followed by a branch: the brand's words, then one or more words
    /// of which the last ends in `점` (지점, 역점 — a store's branch) or that the name puts in
    /// parentheses (`스타벅스 (성수)`). `스타벅스 성수역점` is a branch of `스타벅스`; `스타벅스
    /// 리저브` is not (another kind of store), nor is `스타벅스` of itself.
    static func isBranch(_ name: String, of brand: String) -> Bool {
        let brandWords = words(brand)
        let nameWords = words(name)
        guard !brandWords.isEmpty, nameWords.count > brandWords.count,
            Array(nameWords.prefix(brandWords.count)) == brandWords
        else { return false }
        if nameWords.last!.hasSuffix("점") { return true }
        // The branch in parentheses: `(` after the brand, `)` at the end.
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return false }
        return words(String(trimmed[..<open])) == brandWords
    }
}
