import FootprintHangul

/// Decides whether and how a place matches a query, from its text alone. The index only proposes
/// candidates; every candidate, and every place changed since the index was last updated, is
/// judged here, so both are ranked by the same rules.
struct SearchMatcher {
    let hangul: HangulQuery
    /// The query and its keyboard-mistype readings, search-normalized: what the other fields are
    /// searched for (the 초성 and half-typed readings apply to names only).
    let literals: [(text: String, reading: String?)]
    /// The query's words, search-normalized, when it has two or more as typed; repeats and words
    /// inside another left out (``distinctWords(of:)``), so possibly one.
    let words: [String]
    /// Each of ``words`` as a query of its own, when one of them has a reading besides its
    /// literal text (`강남 ㅅㅌㅂㅅ`, `rkdska CGV`): a name that every word matches in one of its
    /// readings, in any order, is a ``SearchMatch/Kind/mixedReadings`` match. Else empty.
    let wordQueries: [HangulQuery]
    /// ``wordQueries``' patterns, compiled for names read straight from SQLite.
    private let wordPatterns: [[NameMatcher.Pattern]]
    /// The tags a hashtag query looks for (one for `#야경`; the `--tag` values for a tag listing).
    let tags: [String]
    /// Whether tags may also match by prefix (`#야` → `야경`).
    let tagPrefixes: Bool
    /// Whether a place must have every tag of ``tags`` (a hashtag query), not one of them (a
    /// listing by `--tag`, whose filter checks the rest).
    let requiresEveryTag: Bool
    /// Whether the query has no text and no tag: the places that pass the filters are listed.
    let isListing: Bool
    /// A hashtag query's tags beyond this many are not compared (each is a bit of a mask).
    static let maximumTags = 64
    /// ``tags`` as UTF-8.
    private let tagBytes: [[UInt8]]
    /// The query's patterns, compiled for names read straight from SQLite.
    private(set) var names: NameMatcher
    /// ``words`` as pattern elements.
    private let wordElements: [[NameMatcher.Element]]
    /// The text of ``literals`` as pattern elements, and the buffers the other fields are decoded
    /// into (see ``otherFieldLiteral(_:)``).
    let literalElements: [[NameMatcher.Element]]
    private(set) var fieldText: NameMatcher
    /// The query's fuzzy readings, for a text query that has them and unless the query is
    /// ``SearchQuery/exact``.
    let fuzzy: FuzzyQuery?
    /// The keyboard reading ``fuzzy`` reads, when the query typed in English mode has no fuzzy
    /// reading of its own (`ryqhansrj` → `교보문거`); else `nil`.
    let fuzzyReading: String?

    init(_ query: SearchQuery) {
        let parts = query.textParts
        let hasText = !HangulNormalization.searchNormalized(parts.plain).isEmpty
        if !parts.hashtags.isEmpty && !hasText {
            tags = Array(parts.hashtags.prefix(Self.maximumTags))
            tagPrefixes = true
            requiresEveryTag = true
            isListing = false
        } else if query.hasFilters && !hasText {
            let anyTags = Hashtag.normalizedList(query.filter.anyTags)
            tags = Array(
                (anyTags.isEmpty ? Hashtag.normalizedList(query.filter.allTags) : anyTags).prefix(Self.maximumTags))
            tagPrefixes = false
            requiresEveryTag = false
            isListing = tags.isEmpty
        } else {
            tags = []
            tagPrefixes = false
            requiresEveryTag = false
            isListing = false
        }
        tagBytes = tags.map { Array($0.utf8) }
        hangul = HangulQuery(tags.isEmpty ? query.text : "")
        var literals: [(String, String?)] = hangul.isEmpty ? [] : [(hangul.normalized, nil)]
        for reading in hangul.readings {
            let text = HangulNormalization.searchNormalized(reading.text)
            if !text.isEmpty && !literals.contains(where: { $0.0 == text }) { literals.append((text, reading.text)) }
        }
        self.literals = literals
        // Two words or more as typed, even when one holds the other (`서울숲 서울`: the places
        // holding 서울숲 anywhere match all its words).
        let typedWords = TypedWords(query.text)
        self.words = tags.isEmpty && typedWords.count >= 2 ? Self.distinctWords(of: typedWords) : []
        wordElements = self.words.map { $0.unicodeScalars.map { .scalar($0.value) } }
        let wordQueries = self.words.prefix(SearchPlan.maximumLookupWords).map(HangulQuery.init)
        let hasReadings = wordQueries.contains { $0.patterns.contains { $0.rule != .exact } }
        self.wordQueries = hasReadings ? Array(wordQueries) : []
        wordPatterns = self.wordQueries.map { NameMatcher.compile($0.patterns) }
        names = NameMatcher(hangul)
        literalElements = literals.map { $0.0.unicodeScalars.map { .scalar($0.value) } }
        fieldText = NameMatcher(HangulQuery(""), keepingSymbols: hangul.isSymbolsOnly)
        // Not even analysed for an exact query, a tag search or a listing, which never use it.
        // Repeated words read once (`스카벅스 스카벅스` is `스카벅스`), as the literal readings do.
        var fuzzy: FuzzyQuery? = nil
        var fuzzyReading: String? = nil
        if tags.isEmpty && !isListing && !query.exact {
            fuzzy = FuzzyQuery(Self.withoutUnfinishedSyllable(typedWords.typed.joined(separator: " ")))
            // A query typed in English mode has no syllables of its own: its Hangul reading is
            // read fuzzily instead (`tmzkqjrtm` is `스카벅스`, a typo of 스타벅스).
            if fuzzy?.isFuzzy != true,
                let (text, reading) = hangul.readings.lazy.filter({ $0.direction == .hangulFromLatinKeys })
                    .map({ ($0.text, FuzzyQuery($0.text)) }).first(where: { $0.1.isFuzzy && !$0.1.isChosung })
            {
                fuzzy = reading
                fuzzyReading = text
            }
        }
        self.fuzzy = fuzzy?.isFuzzy == true ? fuzzy : nil
        self.fuzzyReading = self.fuzzy == nil ? nil : fuzzyReading
    }

    /// The query's words, search-normalized, without repeats and without a word another one
    /// contains (a text holding `스타벅스` holds `스타`): `카페 카페 …카페` is one word, however
    /// long the query, and costs one look-up instead of one per word. Containment is found from
    /// the substrings of words up to 32 scalars long (a longer word keeps the words inside it:
    /// redundant, never wrong), and only when there are at most ``maximumContainmentWords``
    /// distinct words: a query of thousands (10,000 random characters) would hash ~500 substrings
    /// for each; beyond, every distinct word is kept (redundant, never wrong).
    static func distinctWords(of text: String) -> [String] {
        distinctWords(of: TypedWords(text))
    }

    private static func distinctWords(of typedWords: TypedWords) -> [String] {
        let words = typedWords.normalized
        guard words.count >= 2, words.count <= maximumContainmentWords else { return words }
        var inside = Set<String>()
        for word in words {
            let scalars = Array(word.unicodeScalars)
            guard scalars.count <= 32 else { continue }
            for start in scalars.indices {
                for end in (start + 1)...scalars.count where end - start < scalars.count {
                    var part = String.UnicodeScalarView()
                    part.append(contentsOf: scalars[start..<end])
                    inside.insert(String(part))
                }
            }
        }
        return words.filter { !inside.contains($0) }
    }

    /// `text` without a lone consonant that ends it after a syllable, or after a space
    /// (`스카벅ㅅ`, `교보뭄ㄱ`, `스카벅스 ㄱ`: the IME shows the next syllable's initial alone while
    /// it is typed), for the fuzzy reading: a lone jamo turns fuzzy readings off, and results
    /// vanished at every other key typed.
    static func withoutUnfinishedSyllable(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        guard let last = scalars.last, Jamo.isConsonant(last) else { return text }
        scalars.removeLast()
        while let space = scalars.last, space.properties.isWhitespace { scalars.removeLast() }
        guard let before = scalars.last, HangulSyllable(before) != nil else { return text }
        return String(scalars)
    }

    /// Above this many distinct words, ``distinctWords(of:)`` leaves out repeats only.
    static let maximumContainmentWords = 64

    /// A query's words, split at whitespace once it is normalized, read in one pass: a word typed
    /// many times is normalized once (`카페 ` typed 18,000 times, 128 KB, had each copy normalized
    /// three times: 0.09 s of the release CLI's 0.13 s, and seconds under AddressSanitizer).
    struct TypedWords {
        /// Each distinct word as typed, in order.
        private(set) var typed: [Substring] = []
        /// Each distinct word search-normalized, in order, without empty ones (`-`).
        private(set) var normalized: [String] = []
        /// How many words with something to search for were typed, repeats included.
        private(set) var count = 0

        init(_ text: String) {
            var searchable: [Substring: Bool] = [:]
            var seen = Set<String>()
            for word in HangulNormalization.normalized(text).split(whereSeparator: \.isWhitespace) {
                if let hasText = searchable[word] {
                    if hasText { count += 1 }
                    continue
                }
                typed.append(word)
                let normalized = HangulNormalization.searchNormalized(String(word))
                searchable[word] = !normalized.isEmpty
                guard !normalized.isEmpty else { continue }
                count += 1
                if seen.insert(normalized).inserted { self.normalized.append(normalized) }
            }
        }
    }

    /// The same matcher with its own name buffers, for another thread (``NameMatcher`` decodes
    /// each name into buffers it owns).
    func withOwnBuffers() -> SearchMatcher {
        var copy = self
        copy.names = NameMatcher(hangul)
        copy.fieldText = NameMatcher(HangulQuery(""), keepingSymbols: hangul.isSymbolsOnly)
        return copy
    }

    /// Whether this is a tag search (`#야경`, or only `--tag`).
    var isTagSearch: Bool { !tags.isEmpty }

    /// How `row` matches, and how well its matched field fits (BM25's length factor, see
    /// ``fit(length:)``), or `nil` when it does not match.
    func match(_ row: SearchRowView) -> (match: SearchMatch, fit: Double)? {
        if isTagSearch { return tagMatch(row) }
        if isListing { return (SearchMatch(kind: .listed), 0) }
        let nameMatch: HangulMatch?
        let nameLength: Int
        var normalizedName: String?
        var searchableName: SearchableText?
        if names.load(row.nameBytes) {
            nameMatch = names.match()
            nameLength = names.count
        } else {
            let name = SearchableText(row.name, keepingSymbols: hangul.isSymbolsOnly)
            searchableName = name
            normalizedName = name.normalized
            nameMatch = hangul.match(name)
            nameLength = normalizedName!.unicodeScalars.count
        }
        if let match = nameMatch {
            let kind: SearchMatch.Kind
            var position: MatchPosition?
            if match.rule == .exact {
                switch match.position {
                case .whole: kind = .exact
                case .prefix: kind = .prefix
                case .wordPrefix: kind = .wordPrefix
                case .substring: kind = .substring
                }
            } else {
                kind = SearchMatch.Kind(rawValue: SearchMatch.Kind.chosung.rawValue + match.rule.rawValue - 1)!
                position = match.position
            }
            return (SearchMatch(kind: kind, position: position, reading: match.reading), Self.fit(length: nameLength))
        }
        func nameContains(_ index: Int) -> Bool {
            normalizedName.map { $0.contains(words[index]) } ?? (names.position(of: wordElements[index]) != nil)
        }
        if !words.isEmpty && words.indices.allSatisfy(nameContains) {
            return (SearchMatch(kind: .allWords), Self.fit(length: nameLength))
        }
        if !wordQueries.isEmpty {
            let allRead =
                searchableName.map { name in wordQueries.allSatisfy { $0.match(name) != nil } }
                ?? wordPatterns.allSatisfy { names.match($0) != nil }
            if allRead { return (SearchMatch(kind: .mixedReadings), Self.fit(length: nameLength)) }
        }
        // A row read for its name only (``SearchIndex/RowColumns/ranking``) is judged again with
        // every field by the caller.
        guard row.hasOtherFields else { return nil }
        switch otherFieldLiteral(row) {
        case .found(let match, let fit): return (match, fit)
        case .absent where words.isEmpty: return nil
        case .absent, .unknown: break
        }
        let fields = otherFields(row)
        for (field, text) in fields {
            for literal in literals where text.contains(literal.text) {
                return (
                    SearchMatch(kind: .otherField, field: field, reading: literal.reading),
                    Self.fit(length: text.unicodeScalars.count)
                )
            }
        }
        if !words.isEmpty {
            var firstField: SearchMatch.Field?
            for index in words.indices where !nameContains(index) {
                guard let (field, _) = fields.first(where: { $0.text.contains(words[index]) }) else { return nil }
                if firstField == nil { firstField = field }
            }
            if let firstField {
                return (SearchMatch(kind: .otherFieldAllWords, field: firstField), Self.fit(length: nameLength))
            }
        }
        return nil
    }

    /// Tags compared as stored (normalized, `|`-joined) on SQLite's bytes: a hashtag search can
    /// judge tens of thousands of places. A hashtag query needs each of its tags equal to a tag of
    /// the place or, when prefixes count, the beginning of one; a listing needs one tag equal.
    private func tagMatch(_ row: SearchRowView) -> (match: SearchMatch, fit: Double)? {
        let bytes = row.tagBytes
        var equal: UInt64 = 0
        var begun: UInt64 = 0
        var segments = 0
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x7C {
            let segment = UnsafeBufferPointer(rebasing: bytes[start..<index])
            start = index + 1
            guard !segment.isEmpty else { continue }
            segments += 1
            for (bit, tag) in tagBytes.enumerated() {
                if segment.elementsEqual(tag) {
                    equal |= 1 << bit
                } else if tagPrefixes && segment.starts(with: tag) {
                    begun |= 1 << bit
                }
            }
        }
        let all: UInt64 = tagBytes.count == 64 ? ~0 : (1 << tagBytes.count) - 1
        let kind: SearchMatch.Kind
        if requiresEveryTag {
            guard (equal | begun) == all else { return nil }
            kind = equal == all ? .tag : .tagPrefix
        } else {
            guard equal != 0 else { return nil }
            kind = .tag
        }
        return (SearchMatch(kind: kind, field: .tags), Self.fit(length: segments))
    }

    /// The other fields, search-normalized, in the order they are reported.
    private func otherFields(_ row: SearchRowView) -> [(field: SearchMatch.Field, text: String)] {
        var fields: [(SearchMatch.Field, String)] = []
        let values: [(SearchMatch.Field, String?)] = [
            (.category, row.category), (.tags, row.tags.replacingOccurrences(of: "|", with: " ")),
            (.address, row.address), (.roadAddress, row.roadAddress), (.note, row.note),
        ]
        for case let (field, value?) in values {
            let text = HangulNormalization.searchNormalized(value, keepingSymbols: hangul.isSymbolsOnly)
            if !text.isEmpty { fields.append((field, text)) }
        }
        return fields
    }

    // FTS5's bm25() constants (SQLite FTS5, section 5.1.1.1).
    static let k1 = 1.2
    static let b = 0.75
    /// The mean length of a place name in scalars, spaces left out (6.9 over the benchmark's
    /// 1,000,000 names, 7.6 over Data/diary/places.csv).
    static let averageLength = 7.0

    /// BM25's term-frequency and length factor for one occurrence, `(k1 + 1) / (1 + k1 (1 − b +
    /// b·len/avgdl))`, scaled by `1 / (k1 + 1)` to lie in (0, 1). For one phrase in a one-column
    /// text it is all that tells two matching rows apart (the IDF is the same for both): the
    /// shorter text, the more of it the query covers.
    static func fit(length: Int) -> Double {
        1 / (1 + k1 * (1 - b + b * Double(length) / averageLength))
    }
}
