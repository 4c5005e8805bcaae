/// Which reading of a query matched, best first (the order of ARCHITECTURE.md's search ranking:
/// the literal text, then the Korean readings — 초성, half-typed syllable, 한/영 mistype).
public enum MatchRule: Int, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// The query itself, search-normalized (``HangulNormalization/searchNormalized(_:)``), occurs
    /// in the text: `스타벅스 강남` in `스타벅스강남역점`.
    case exact
    /// An all-`chosung` (초성 — initial consonants) query matches the initials of consecutive
    /// syllables: `ㅅㅌㅂㅅ` → `스타벅스`.
    case chosung
    /// Syllables and initials mixed: `스ㅌㅂ` → `스타벅스`, `ㅅㅌ벅` → `스타벅스`.
    case mixedChosung
    /// A last syllable still being typed, in either form an IME leaves it: `강나` → `강남`
    /// (a final still to come), `제잇` → `제이샵` (the next initial attached as a final),
    /// `희미용ㅅ` → `희미용실` (a lone next initial), `닭` → `달걀`.
    case partialSyllable
    /// A 초성 or mixed match that read two equal plain consonants as a double one: `ㅅㅅㅁㄷ` →
    /// `쌍문동` (see ``Chosung``).
    case doubledConsonant
    /// The query typed with the keyboard in the wrong mode: `tmxkqjrtm` → `스타벅스`,
    /// `ㅊㅎㅍ` → `CGV` (see ``KeyboardMistype``).
    case keyboardMistype

    /// A short lowercase name for output (`exact`, `chosung`, `mixed_chosung`, `partial_syllable`,
    /// `doubled_consonant`, `keyboard_mistype`).
    public var description: String {
        switch self {
        case .exact: return "exact"
        case .chosung: return "chosung"
        case .mixedChosung: return "mixed_chosung"
        case .partialSyllable: return "partial_syllable"
        case .doubledConsonant: return "doubled_consonant"
        case .keyboardMistype: return "keyboard_mistype"
        }
    }

    public static func < (lhs: MatchRule, rhs: MatchRule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where in the text a match lies, best first. Positions are counted in the search-normalized
/// text (spaces removed); word starts are those of the original text.
public enum MatchPosition: Int, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// The match is the whole text: `스타벅스` in `스타벅스`, `강나` in `강남`.
    case whole
    /// The text begins with the match.
    case prefix
    /// A word of the text begins with the match: `강남` in `스타벅스 강남점`, `강남` in `CGV강남`.
    case wordPrefix
    /// Anywhere else.
    case substring

    /// `whole`, `prefix`, `word_prefix` or `substring`.
    public var description: String {
        switch self {
        case .whole: return "whole"
        case .prefix: return "prefix"
        case .wordPrefix: return "word_prefix"
        case .substring: return "substring"
        }
    }

    public static func < (lhs: MatchPosition, rhs: MatchPosition) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a text matched a ``HangulQuery``. Ordered best first: by rule, then by position, so that
/// `a < b` means `a` ranks above `b` (an exact substring still ranks above a 초성 whole match).
public struct HangulMatch: Hashable, Sendable, Comparable {
    /// The reading that matched.
    public let rule: MatchRule
    /// Where it matched.
    public let position: MatchPosition
    /// For ``MatchRule/keyboardMistype``, the reading that matched (`스타벅스`, `cgv`); else `nil`.
    public let reading: String?

    /// A match as described.
    public init(rule: MatchRule, position: MatchPosition, reading: String? = nil) {
        self.rule = rule
        self.position = position
        self.reading = reading
    }

    public static func < (lhs: HangulMatch, rhs: HangulMatch) -> Bool {
        (lhs.rule.rawValue, lhs.position.rawValue) < (rhs.rule.rawValue, rhs.position.rawValue)
    }
}
