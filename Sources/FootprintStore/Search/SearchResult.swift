import FootprintHangul

/// One place found by ``FootprintStore/search(_:)``.
public struct SearchResult: Hashable, Sendable {
    public var place: Place
    /// Higher is better: the rank of ``match``'s kind (an integer part; see ``SearchMatch/Kind``)
    /// plus a fraction in [0, 1) from BM25, proximity, popularity and visit recency.
    public var score: Double
    /// How the place matched.
    public var match: SearchMatch
    /// Metres from the query's `near` point (exact WGS84 geodesic); `nil` without one.
    public var distanceMeters: Double?

    public init(place: Place, score: Double, match: SearchMatch, distanceMeters: Double?) {
        self.place = place
        self.score = score
        self.match = match
        self.distanceMeters = distanceMeters
    }
}

/// Which rule found a place and where, ordered best first as ARCHITECTURE.md's search ranking:
/// exact name > name prefix > word prefix > substring > all words in any order > the Korean
/// readings (초성, mixed, half-typed, doubled consonant, 한/영 mistype; within each, whole name >
/// prefix > word prefix > substring) > each word in one of its readings, in any order > a match
/// only in the other fields.
public struct SearchMatch: Hashable, Sendable, CustomStringConvertible {
    /// The rule.
    public enum Kind: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The name is the query (spaces and case ignored).
        case exact
        /// The name begins with the query.
        case prefix
        /// A word of the name begins with the query (`강남` in `스타벅스 강남점`).
        case wordPrefix
        /// The name contains the query elsewhere.
        case substring
        /// The name holds all the query's words, in any order (`강남 스타벅스`).
        case allWords
        /// A ``MatchRule/chosung`` reading (`ㅅㅌㅂㅅ`).
        case chosung
        /// A ``MatchRule/mixedChosung`` reading (`스ㅌㅂ`).
        case mixedChosung
        /// A ``MatchRule/partialSyllable`` reading (`스타벅`, `강나`, `제잇`, `희미용ㅅ`).
        case partialSyllable
        /// A ``MatchRule/doubledConsonant`` reading (`ㅅㅅㅁㄷ` → 쌍문동).
        case doubledConsonant
        /// A ``MatchRule/keyboardMistype`` reading (`tmxkqjrtm` → 스타벅스, `ㅊㅎㅍ` → CGV).
        case keyboardMistype
        /// Each word of the query matches the name in one of its readings, in any order: a 초성
        /// word beside a literal one (`강남 ㅅㅌㅂㅅ`), mistyped words (`rkdska CGV`).
        case mixedReadings
        /// A hashtag query: the place has the tag.
        case tag
        /// A hashtag query: a tag of the place begins with it.
        case tagPrefix
        /// Not in the name: the category, tags, address or note contain the query.
        case otherField
        /// Not in the name alone: the query's words are spread over the name and other fields.
        case otherFieldAllWords
        /// A query without text or tag: the place passes the filters (a listing).
        case listed
        /// The fuzzy readings (``FootprintHangul/FuzzyReading``), ranked below every literal and
        /// exact one, among themselves by ``FootprintHangul/FuzzyQuery/rank(of:)``:
        /// two neighbouring syllables swapped (`롯리데아` → 롯데리아),
        case swapped
        /// a syllable left out (`파리게뜨` → 파리바게뜨),
        case missingSyllable
        /// a syllable added (`스타타벅스` → 스타벅스),
        case extraSyllable
        /// an abbreviation (`스벅` → 스타벅스),
        case abbreviation
        /// a slip of one key (`스카벅스` → 스타벅스),
        case typo
        /// and a 초성 abbreviation (`ㅅㅂ` → 스타벅스), looked for only when nothing else matched.
        case chosungAbbreviation

        /// `exact`, `prefix`, `word_prefix`, `substring`, `all_words`, `chosung`, `mixed_chosung`,
        /// `partial_syllable`, `doubled_consonant`, `keyboard_mistype`, `mixed_readings`, `tag`, `tag_prefix`,
        /// `other_field`, `other_field_all_words`, `listed`, `swapped`, `missing_syllable`, `extra_syllable`, `abbreviation`,
        /// `typo`, `chosung_abbreviation`.
        public var description: String {
            switch self {
            case .exact: return "exact"
            case .prefix: return "prefix"
            case .wordPrefix: return "word_prefix"
            case .substring: return "substring"
            case .allWords: return "all_words"
            case .chosung: return "chosung"
            case .mixedChosung: return "mixed_chosung"
            case .partialSyllable: return "partial_syllable"
            case .doubledConsonant: return "doubled_consonant"
            case .keyboardMistype: return "keyboard_mistype"
            case .mixedReadings: return "mixed_readings"
            case .tag: return "tag"
            case .tagPrefix: return "tag_prefix"
            case .otherField: return "other_field"
            case .otherFieldAllWords: return "other_field_all_words"
            case .listed: return "listed"
            case .swapped: return "swapped"
            case .missingSyllable: return "missing_syllable"
            case .extraSyllable: return "extra_syllable"
            case .abbreviation: return "abbreviation"
            case .typo: return "typo"
            case .chosungAbbreviation: return "chosung_abbreviation"
            }
        }
    }

    /// The field a match lies in.
    public enum Field: String, Hashable, Sendable {
        case name, category, tags, address, roadAddress = "road_address", note
    }

    public let kind: Kind
    /// For the Korean readings, where in the name they matched; else `nil`.
    public let position: MatchPosition?
    /// The field the query was found in (for ``Kind/otherFieldAllWords``, the first other one).
    public let field: Field
    /// For ``Kind/keyboardMistype``, the reading that matched (`스타벅스`, `cgv`); for a fuzzy
    /// kind, the Hangul reading of a query typed in English mode that was read fuzzily.
    public let reading: String?
    /// For the fuzzy kinds, the edit forgiven, in ``FootprintHangul/FuzzyMatch/forgiven``'s stable
    /// wording (`ㅌ→ㅋ at 2`, `바 left out at 3`, `abbreviates 스타벅스`).
    public let forgiven: String?
    /// For the fuzzy kinds, ``FootprintHangul/FuzzyQuery/rank(of:)`` (0 first).
    let fuzzyRank: Int?

    public init(
        kind: Kind, position: MatchPosition? = nil, field: Field = .name, reading: String? = nil,
        forgiven: String? = nil
    ) {
        self.kind = kind
        self.position = position
        self.field = field
        self.reading = reading
        self.forgiven = forgiven
        fuzzyRank = nil
    }

    /// The match of a fuzzy reading, `rank` its place among the query's readings.
    /// `reading`: the Hangul reading of a query typed in English mode that was read fuzzily
    /// (`ryqhansrj` → `교보문거`), which ``forgiven``'s positions count in.
    init(_ fuzzy: FuzzyMatch, rank: Int, reading: String? = nil) {
        let kind: Kind
        switch fuzzy.reading {
        case .typo: kind = .typo
        case .missingSyllable: kind = .missingSyllable
        case .extraSyllable: kind = .extraSyllable
        case .swapped: kind = .swapped
        case .abbreviation: kind = .abbreviation
        case .chosungAbbreviation: kind = .chosungAbbreviation
        }
        self.kind = kind
        position = fuzzy.position
        field = .name
        self.reading = reading
        forgiven = fuzzy.forgiven
        fuzzyRank = rank
    }

    /// The rank of the match, 0 best: kinds in order, the readings also by position. Results
    /// are ordered by it first.
    var tier: Int {
        switch kind {
        case .exact, .prefix, .wordPrefix, .substring, .allWords: return kind.rawValue
        case .chosung, .mixedChosung, .partialSyllable, .doubledConsonant, .keyboardMistype:
            return Self.firstReadingTier + (kind.rawValue - Kind.chosung.rawValue) * 4 + (position?.rawValue ?? 3)
        case .mixedReadings, .tag, .tagPrefix, .otherField, .otherFieldAllWords, .listed:
            return Self.firstReadingTier + 5 * 4 + (kind.rawValue - Kind.mixedReadings.rawValue)
        case .swapped, .missingSyllable, .extraSyllable, .abbreviation, .typo, .chosungAbbreviation:
            // A window that begins inside a word (`가이스` in 담가이스테이 for `다이스`) ranks below
            // every one that begins a word, whatever was forgiven: people type a name from the
            // start of one of its words (다이소 소양사거리점, a vowel two keys away, comes first).
            let rank = min(fuzzyRank ?? (kind.rawValue - Kind.swapped.rawValue), FuzzyQuery.rankCount - 1)
            let position = self.position ?? .substring
            if position == .substring { return Self.firstFuzzyTier + FuzzyQuery.rankCount * 3 + rank }
            return Self.firstFuzzyTier + rank * 3 + position.rawValue
        }
    }

    static let firstReadingTier = Kind.chosung.rawValue
    /// The fuzzy kinds rank below every other one (a literal match in another field included).
    static let firstFuzzyTier = firstReadingTier + 5 * 4 + 6
    /// One more than the largest ``tier``.
    static let tierCount = firstFuzzyTier + FuzzyQuery.rankCount * 4

    /// The tier of the best match a reading rule can give (its whole-name match).
    static func firstTier(of rule: MatchRule) -> Int {
        firstReadingTier + (rule.rawValue - MatchRule.chosung.rawValue) * 4
    }

    /// `chosung`, `chosung/prefix`, `other_field/address`, …: the kind, then the position or field.
    public var description: String {
        if let position { return "\(kind)/\(position)" }
        if kind == .otherField || kind == .otherFieldAllWords { return "\(kind)/\(field.rawValue)" }
        return kind.description
    }
}
