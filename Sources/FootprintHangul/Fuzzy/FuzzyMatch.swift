/// The forgiving readings of a query, each ranked below every literal and exact reading
/// (``MatchRule``): what a thumb gets wrong. How they rank against each other depends on the
/// query and the match (``FuzzyQuery/rank(of:)``).
public enum FuzzyReading: Int, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Two neighbouring syllables swapped, not the first (`롯리데아` → 롯데리아).
    case swapped
    /// A syllable of the name left out of the query (`파리게뜨` → 파리바게뜨), never the first; a
    /// query of three syllables or more (two with one left out is an abbreviation).
    case missingSyllable
    /// A syllable added to the query that the name lacks (`스타타벅스` → 스타벅스), never before the
    /// first; what stays has two syllables or more.
    case extraSyllable
    /// The syllables of one word of the name in order, from its first (`스벅` → 스타벅스, `파바` →
    /// 파리바게뜨, `롯리` → 롯데리아).
    case abbreviation
    /// A slip of one key, measured on 2-set keystrokes (`스카벅스` → 스타벅스: ㅌ and ㅋ are
    /// neighbours; `교보문거` → 교보문고), see ``FuzzyQuery``.
    case typo
    /// The abbreviation over 초성 (chosung — initial consonants): `ㅅㅂ` → 스타벅스. Looked for only
    /// when nothing else matched.
    case chosungAbbreviation

    /// `typo`, `missing_syllable`, `extra_syllable`, `swapped`, `abbreviation`,
    /// `chosung_abbreviation`.
    public var description: String {
        switch self {
        case .typo: return "typo"
        case .missingSyllable: return "missing_syllable"
        case .extraSyllable: return "extra_syllable"
        case .swapped: return "swapped"
        case .abbreviation: return "abbreviation"
        case .chosungAbbreviation: return "chosung_abbreviation"
        }
    }

    public static func < (lhs: FuzzyReading, rhs: FuzzyReading) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a text matched a ``FuzzyQuery``, and what was forgiven.
public struct FuzzyMatch: Hashable, Sendable, Comparable {
    /// The reading that matched.
    public let reading: FuzzyReading
    /// Where the matched window (or word) lies in the text.
    public let position: MatchPosition
    /// The edit forgiven, in a stable wording (positions are 1-based syllables of the query,
    /// jamo are 2-set keystrokes, the name's side first):
    /// - typo: `ㅌ→ㅋ at 2` (the name has ㅌ where ㅋ was typed), `ㅇ left out at 3` (a key the
    ///   name has and the query lacks), `ㄱ added at 2` (a key typed that the name lacks),
    ///   `ㅏㄴ→ㄴㅏ at 1` (two keys swapped); several edits joined by `, `;
    /// - missing syllable: `바 left out at 3`; extra syllable: `타 added at 3`;
    /// - swapped: `데리→리데 at 2`;
    /// - abbreviation and chosung abbreviation: `abbreviates 스타벅스` (the word).
    public let forgiven: String
    /// The typo's keystroke distance in half keys (a neighbouring key 1, any other edit 2); 0 for
    /// the other readings.
    public let cost: Int

    /// A match as described.
    public init(reading: FuzzyReading, position: MatchPosition, forgiven: String, cost: Int = 0) {
        self.reading = reading
        self.position = position
        self.forgiven = forgiven
        self.cost = cost
    }

    /// By reading (in the order of the cases), then position, then cost.
    public static func < (lhs: FuzzyMatch, rhs: FuzzyMatch) -> Bool {
        (lhs.reading.rawValue, lhs.position.rawValue, lhs.cost) < (
            rhs.reading.rawValue, rhs.position.rawValue, rhs.cost
        )
    }
}

extension FuzzyMatch {
    /// The match at `position`, each position its ``forgiven`` edits name (`… at N`) mapped by
    /// `typed` (from a 1-based position in the query read to one in the query as typed).
    func renumbered(position: MatchPosition, _ typed: (Int) -> Int) -> FuzzyMatch {
        let edits = forgiven.components(separatedBy: ", ").map { edit -> String in
            guard let range = edit.range(of: " at ", options: .backwards), let at = Int(edit[range.upperBound...])
            else { return edit }
            return edit[..<range.upperBound] + String(typed(at))
        }
        return FuzzyMatch(reading: reading, position: position, forgiven: edits.joined(separator: ", "), cost: cost)
    }
}
