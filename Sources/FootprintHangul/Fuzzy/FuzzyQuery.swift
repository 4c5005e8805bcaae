/// A query read the way a thumb gets it wrong: typos measured on 2-set keystrokes, a syllable
/// left out or added, two syllables swapped, and abbreviations (``FuzzyReading``).
///
/// ```swift
/// let query = FuzzyQuery("스카벅스")
/// query.match(SearchableText("스타벅스 강남점"))  // typo, prefix, "ㅌ→ㅋ at 2"
/// FuzzyQuery("스벅").match(SearchableText("스타벅스"))  // abbreviation, whole
/// ```
///
/// **Typos.** The distance between the query and a window of the text is a Damerau–Levenshtein
/// distance (optimal string alignment) on their 2-set keystrokes (`닭` is `ㄷㅏㄹㄱ`), in half
/// keys: a key replaced by one touching it on the layout (``DubeolsikKeyboard/areNeighbours(_:_:)``)
/// costs 1, any other replacement, a key left out or added, or two keys swapped costs 2. The
/// window is any run of whole syllables (or letters) of the text, so a typo inside a long name is
/// found. The budget (``budget``) is one edit (2 half keys) for queries of 2–4 syllables and two
/// edits for longer ones: one slip in a short word already changes a whole syllable, so a second
/// one would match unrelated names (`카페` is one edit from `카레`, two from `타래`); a longer query
/// keeps enough syllables intact to allow two. Queries of one syllable, or of more than
/// ``maximumUnits``, have no fuzzy readings.
public struct FuzzyQuery: Hashable, Sendable {
    /// The query search-normalized (``HangulNormalization/searchNormalized(_:)``).
    public let normalized: String
    /// Its scalars: syllables, jamo, letters and digits.
    let units: [UInt32]
    /// Its 2-set keystrokes, and for each the index of its unit (empty for a query too long to be
    /// fuzzy).
    let keys: [UInt32]
    let keyUnits: [Int]
    /// ``substitutionCosts(for:)`` of ``keys`` (empty for a query too long to be fuzzy).
    let substitutionTable: [Int32]
    /// The most a typo may cost, in half keys.
    public let budget: Int
    /// For each unit, whether a word of the query begins there (`스벅 강남`: 스 and 강).
    let wordStarts: [Bool]
    /// Whether the query is 2–4 lone consonants (`ㅅㅂ`): a 초성 abbreviation.
    public let isChosung: Bool
    /// The query's words in the other orders it is read in (``maximumReorderedWords``): each
    /// rotation of two or three words (`강남역 스카벅스` is also `스카벅스 강남역`). Empty for one word,
    /// or more than three.
    let reorderings: [FuzzyQuery]
    /// For a reordering, the 1-based position as typed of each of its units (``forgiven`` counts
    /// in the query as typed: `카패 서울숲` read as `서울숲 카패` forgives `ㅔ→ㅐ at 2`); empty for
    /// the query in the order typed.
    private var typedPositions: [Int] = []
    /// For a query of 2 to ``maximumReorderedWords`` words, each word that has fuzzy readings of
    /// its own, read alone, with the other words to be found literally anywhere in the name
    /// (``matchApart(_:)``).
    let apartWords: [ApartWord]

    /// One word of a query read fuzzily apart from the others (`광화뭄` of `교보 광화뭄`).
    struct ApartWord: Hashable, Sendable {
        /// The word alone.
        var query: FuzzyQuery
        /// The other words' scalars (``SearchableText``), each to be found as written.
        var others: [[UInt32]]
        /// How many scalars of the query come before the word as typed.
        var offset: Int
    }

    /// Queries longer than this many scalars have no fuzzy reading: a bound on the look-ups one
    /// query makes (``probes``) and on the matrix of the distance.
    public static let maximumUnits = 16
    /// Text beyond this many scalars is not compared (a bound on a candidate's cost).
    public static let maximumTextUnits = 128

    /// A query of up to this many words is also read with its words in each rotation (2 orders
    /// of two words, 3 of three): a typo in a query whose words come in another order than the
    /// name's (`강남역 스카벅스` for 스타벅스 강남역점), which the literal readings accept in any
    /// order, is then found too. Each order has its own look-ups (``probes``), and so has each
    /// word read apart (``apartWords``): a query makes at most six times as many as one order.
    public static let maximumReorderedWords = 3

    /// Analyses `text`.
    public init(_ text: String) {
        self.init(text, reordering: true)
    }

    /// Analyses `text`, and its words in other orders when `reordering`.
    init(_ text: String, reordering: Bool) {
        let searchable = SearchableText(text)
        normalized = searchable.normalized
        units = searchable.scalars
        wordStarts = searchable.wordStarts
        var keys: [UInt32] = []
        var keyUnits: [Int] = []
        // Only a query short enough to have fuzzy readings is read as keystrokes (``isFuzzy``).
        for (index, unit) in units.enumerated() where units.count <= Self.maximumUnits {
            for key in Self.keystrokes(of: unit) {
                keys.append(key)
                keyUnits.append(index)
            }
        }
        self.keys = keys
        self.keyUnits = keyUnits
        // Only a query short enough to have fuzzy readings aligns (``isFuzzy``).
        substitutionTable = units.count <= Self.maximumUnits ? Self.substitutionCosts(for: keys) : []
        budget = units.count >= 5 ? 4 : 2
        isChosung =
            (2...4).contains(units.count)
            && units.allSatisfy {
                Jamo.isConsonant(Unicode.Scalar($0)!) && Jamo.index(of: Unicode.Scalar($0)!, as: .chosung) != nil
            }
        let words = text.split(whereSeparator: \.isWhitespace)
        if reordering, (2...Self.maximumReorderedWords).contains(words.count), units.count <= Self.maximumUnits {
            var typedStarts: [Int] = []
            var unitCount = 0
            var wordUnits: [[UInt32]] = []
            for word in words {
                typedStarts.append(unitCount)
                wordUnits.append(SearchableText(String(word)).scalars)
                unitCount += wordUnits[wordUnits.count - 1].count
            }
            apartWords = words.indices.compactMap { index in
                let alone = FuzzyQuery(String(words[index]), reordering: false)
                guard alone.isFuzzy, !alone.isChosung else { return nil }
                let others = wordUnits.indices.filter { $0 != index }.map { wordUnits[$0] }.filter { !$0.isEmpty }
                return ApartWord(query: alone, others: others, offset: typedStarts[index])
            }
            reorderings = (1..<words.count).map { first in
                let order = Array(first..<words.count) + Array(0..<first)
                var reordering = FuzzyQuery(order.map { words[$0] }.joined(separator: " "), reordering: false)
                let ends = typedStarts.dropFirst() + [unitCount]
                reordering.typedPositions = order.flatMap {
                    (typedStarts[$0]..<ends[ends.startIndex + $0]).map { $0 + 1 }
                }
                return reordering
            }
        } else {
            reorderings = []
            apartWords = []
        }
    }

    /// Whether the query has fuzzy readings at all: 2 to ``maximumUnits`` scalars, two of them
    /// Hangul syllables and none a lone jamo (`ㅅㅅ 스타벅스`, `희미용ㅅ` are read as 초성 and
    /// half-typed syllables, exactly) — or a 초성 abbreviation.
    public var isFuzzy: Bool {
        guard (2...Self.maximumUnits).contains(units.count) else { return false }
        if isChosung { return true }
        return units.filter { HangulSyllable.contains($0) }.count >= 2
            && !units.contains { Jamo.isCompatibilityJamo(Unicode.Scalar($0)!) }
    }

    /// The 2-set keystrokes of one scalar: a syllable's or a jamo's, or the scalar itself.
    static func keystrokes(of unit: UInt32) -> [UInt32] {
        let scalar = Unicode.Scalar(unit)!
        if let syllable = HangulSyllable(scalar) { return syllable.keystrokes.map(\.value) }
        let jamo = Jamo.keystrokes(of: scalar)
        return jamo.isEmpty ? [unit] : jamo.map(\.value)
    }

    /// The best fuzzy reading of `text` by ``rank(of:)``, or `nil`. The 초성 abbreviation is
    /// separate (``chosungAbbreviation(in:)``): it is looked for only when nothing else matched.
    public func match(_ text: SearchableText) -> FuzzyMatch? {
        guard isFuzzy, !isChosung else { return nil }
        var best = matchInOrder(text)
        // Another order of the words only when it reads better (the typed order wins a tie).
        for reordering in reorderings {
            guard let found = reordering.matchInOrder(text) else { continue }
            if best.map({ reordering.rank(of: found) < rank(of: $0) }) ?? true {
                let typed = reordering.typedPositions
                best = found.renumbered(position: found.position) {
                    typed.indices.contains($0 - 1) ? typed[$0 - 1] : $0
                }
            }
        }
        return best ?? matchApart(text)
    }

    /// The best reading of a word of the query read fuzzily alone, the other words found as
    /// written anywhere in the name, when no window of the name holds the whole query: `교보
    /// 광화뭄` is 교보문고 광화문점 with ㄴ→ㅁ at 5. Never `whole` (the name holds the words
    /// apart); positions forgiven count in the query as typed.
    func matchApart(_ text: SearchableText) -> FuzzyMatch? {
        var best: FuzzyMatch?
        for word in apartWords where word.others.allSatisfy({ Self.holds(text.scalars, $0) }) {
            guard let found = word.query.matchInOrder(text) else { continue }
            let apart = found.renumbered(position: found.position == .whole ? .prefix : found.position) {
                $0 + word.offset
            }
            if best.map({ rank(of: apart) < rank(of: $0) }) ?? true { best = apart }
        }
        return best
    }

    /// Whether `scalars` hold `part` at consecutive positions.
    static func holds(_ scalars: [UInt32], _ part: [UInt32]) -> Bool {
        guard !part.isEmpty, part.count <= scalars.count else { return part.isEmpty }
        return (0...(scalars.count - part.count)).contains { start in
            part.indices.allSatisfy { scalars[start + $0] == part[$0] }
        }
    }

    /// The best fuzzy reading of `text` with the query's words in the order typed.
    func matchInOrder(_ text: SearchableText) -> FuzzyMatch? {
        guard isFuzzy, !isChosung else { return nil }
        // The text's own arrays (no copy) unless it is cut.
        let long = text.scalars.count > Self.maximumTextUnits
        let scalars = long ? Array(text.scalars.prefix(Self.maximumTextUnits)) : text.scalars
        let starts = long ? Array(text.wordStarts.prefix(Self.maximumTextUnits)) : text.wordStarts
        // An abbreviation that ranks first is the best reading there is (``rank(of:)``): the
        // others are not computed (a brand's thousands of branches are judged cheaply).
        if abbreviationRanksFirst, let abbreviation = abbreviation(in: scalars, wordStarts: starts, chosung: false) {
            return abbreviation
        }
        var candidates: [FuzzyMatch] = []
        if let swapped = swappedSyllables(in: scalars, wordStarts: starts) { candidates.append(swapped) }
        let typo = typo(in: scalars, wordStarts: starts)
        if let typo { candidates.append(typo) }
        // A syllable typed after the last is a typo when one key explains it (`교보문거` is
        // 교보문고 with ㅗ→ㅓ, not 교보문 with 거 added), and added otherwise (`스타벅스즈`).
        let endAdded = typo.map { $0.cost > 2 } ?? true
        if let missing = missingSyllable(in: scalars, wordStarts: starts, endAdded: endAdded) {
            candidates.append(missing)
        }
        if !abbreviationRanksFirst, let abbreviation = abbreviation(in: scalars, wordStarts: starts, chosung: false) {
            candidates.append(abbreviation)
        }
        return candidates.enumerated().min { a, b in
            (rank(of: a.element), a.offset) < (rank(of: b.element), b.offset)
        }?.element
    }

    /// Where a match ranks among this query's fuzzy matches, 0 first. For a first word of two
    /// syllables (`파바`, `스벅 강남`: ``abbreviationRanksFirst``), an abbreviation first: `파바` more
    /// likely means 파리바게뜨 than 파마, one key away. For longer
    /// queries, by what was forgiven: two syllables swapped (every syllable as typed), then a slip
    /// to a neighbouring key or a syllable left out or added (as likely: they share a rank, and
    /// the score orders them), then any other one-key slip, then a second edit of a long query or
    /// an abbreviation (a word of three syllables or more rarely abbreviates one by chance). Then
    /// the 초성 abbreviation.
    public func rank(of match: FuzzyMatch) -> Int {
        let twoSyllables = units.count == 2
        switch match.reading {
        case .swapped: return 0
        case .typo where twoSyllables: return 1 + (match.cost + 1) / 2
        case .typo: return match.cost <= 1 ? 1 : match.cost <= 2 ? 2 : 3
        case .missingSyllable, .extraSyllable: return 1
        case .abbreviation: return abbreviationRanksFirst ? 0 : 3
        case .chosungAbbreviation: return 4
        }
    }

    /// Whether an abbreviation ranks first among this query's fuzzy matches (``rank(of:)``): a
    /// query whose first word has two syllables (`스벅`, `스벅 강남`). A query of several words
    /// reads as its first word alone would: `파리게뜨 도곡` is a syllable left out of 파리바게뜨,
    /// as `파리게뜨` is, not an abbreviation of it.
    public var abbreviationRanksFirst: Bool {
        (wordStarts.dropFirst().firstIndex(of: true) ?? units.count) == 2
    }

    /// One more than the largest ``rank(of:)``.
    public static let rankCount = 5

    /// A 초성 abbreviation (`ㅅㅂ` → 스타벅스), for a query of 2–4 lone consonants.
    public func chosungAbbreviation(in text: SearchableText) -> FuzzyMatch? {
        guard isChosung else { return nil }
        let scalars = Array(text.scalars.prefix(Self.maximumTextUnits))
        let starts = Array(text.wordStarts.prefix(Self.maximumTextUnits))
        return abbreviation(in: scalars, wordStarts: starts, chosung: true)
    }

    /// How many search-normalized scalars `text` has (its ``SearchableText/normalized`` length),
    /// without making the string: what a fuzzy match's fit is computed on.
    public static func length(of text: SearchableText) -> Int { text.scalars.count }

    /// Where a window of `length` scalars from `start` lies in a text of `count` scalars.
    static func position(start: Int, length: Int, count: Int, wordStarts: [Bool]) -> MatchPosition {
        if start == 0 { return length == count ? .whole : .prefix }
        return wordStarts[start] ? .wordPrefix : .substring
    }

    /// A scalar as a string, for the forgiven wording.
    static func text(_ values: some Sequence<UInt32>) -> String {
        String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
    }
}
