import FootprintHangul

/// The index look-ups of a search, in the order of the ranking, so that a search with a limit can
/// stop as soon as nothing left to look up can rank among the results.
///
/// Each stage finds candidates in the FTS5 tables; after it has run (and every stage before it),
/// every place whose match ranks below ``Stage/completeBelow`` (a ``SearchMatch/tier``) has been
/// found. A search stops before the next stage once it holds `limit` results ranked below the
/// previous stage's bound.
struct SearchPlan {
    /// One look-up.
    struct Stage {
        enum Source {
            /// `search_names MATCH expression`.
            case names(SearchExpression)
            /// `search_short_fields MATCH expression`: an expression on its `tags` column.
            case tags(SearchExpression)
            /// Any of the phrases in the other fields (`search_short_fields` and `search_text`):
            /// the query and its keyboard readings. When most places hold one (a district name), the places are read in
            /// the order of the best rank they could have instead (``SearchRun``'s walk).
            case literals([SearchExpression.Phrase])
            /// Places holding every word, each in the name or another field: the intersection
            /// of each word's look-ups in the three tables.
            case allWordsAnywhere([SearchExpression])
            /// No text: every place within the radius, or else every place that passes the
            /// filters.
            case listing
            /// A full scan for text the index has no term for (emoji, punctuation: `😀`, `-`):
            /// the places whose name (spaces left out) or other fields contain one of `texts`, or
            /// with `tagsOnly`, whose tags do.
            case scan(texts: [String], tagsOnly: Bool)
        }

        var source: Source
        var completeBelow: Int
    }

    /// The look-ups of the text as written (or the only ones, for a listing, a tag search or a
    /// scan); ``laterStages()`` follow.
    let stages: [Stage]
    /// Whether ``laterStages()`` has any.
    private let hasLaterStages: Bool
    private let matcher: SearchMatcher
    private let query: SearchQuery

    /// At most this many of a query's words are looked up in the index (each costs a look-up in
    /// every table); a 10,000-character query of distinct words stays a small search.
    static let maximumLookupWords = 8

    init(_ matcher: SearchMatcher, query: SearchQuery) {
        self.matcher = matcher
        self.query = query
        (stages, hasLaterStages) = Self.stages(matcher, query: query)
    }

    /// The look-ups of the readings, the other fields and the words anywhere, after ``stages``:
    /// built only when a search gets that far (their expressions cost ~8% of a two-syllable
    /// search that the first look-up fills).
    func laterStages() -> [Stage] {
        hasLaterStages ? Self.laterStages(matcher, query: query) : []
    }

    /// The first stages, and whether ``laterStages(_:query:)`` follow them.
    private static func stages(_ matcher: SearchMatcher, query: SearchQuery) -> ([Stage], Bool) {
        var stages: [Stage] = []
        if matcher.isListing {
            return ([Stage(source: .listing, completeBelow: SearchMatch.tierCount)], false)
        }
        if matcher.isTagSearch {
            let phrases = matcher.tags.compactMap { SearchExpression.Phrase(literal: $0) }.map {
                SearchExpression.phrase($0, column: "tags")
            }
            let combined = matcher.requiresEveryTag ? SearchExpression.all(phrases) : SearchExpression.any(phrases)
            // A tag the index has no term for (`#😀`) is scanned for, unless other tags of an
            // every-tag query narrow the candidates already (the matcher checks it on them).
            let untokenized = matcher.tags.filter { SearchExpression.Phrase(literal: $0) == nil }
            if !untokenized.isEmpty && (!matcher.requiresEveryTag || phrases.isEmpty) {
                stages.append(
                    Stage(source: .scan(texts: untokenized, tagsOnly: true), completeBelow: SearchMatch.tierCount))
            }
            if let combined { stages.append(Stage(source: .tags(combined), completeBelow: SearchMatch.tierCount)) }
            return (stages, false)
        }
        let hangul = matcher.hangul
        let exactPhrase = SearchExpression.Phrase(literal: query.text)
        // Only characters the index has no term for: every character is still searched for as
        // written, by a scan (rare; 0.35–0.64 s of wall time at a million places, release CLI,
        // measured 2026-11-25 on a lightly loaded 2-core machine).
        if exactPhrase == nil, !hangul.isEmpty {
            return (
                [
                    Stage(
                        source: .scan(texts: [hangul.normalized], tagsOnly: false), completeBelow: SearchMatch.tierCount
                    )
                ], false
            )
        }
        // A query of lone consonants is a 초성 query: its literal phrase is the 초성 one, found
        // by the reading stages below (a name that holds the jamo as written ranks `exact` there).
        if let exactPhrase, hangul.chosungShape != .chosungOnly {
            if exactPhrase.isComplete {
                stages.append(
                    Stage(
                        source: .names(.phrase(exactPhrase, anchored: true)),
                        completeBelow: SearchMatch.Kind.wordPrefix.rawValue))
                // The places where the query begins a word, by the index's word-start tokens
                // (`#` + the first term): when they fill the limit, the many places holding it
                // inside a word (a two-syllable word: thousands) are never read.
                if exactPhrase.joinedTerms == nil, let first = exactPhrase.terms.first,
                    SearchExpression.Phrase.hangulCount(first.text) > 0
                {
                    var wordStart = exactPhrase
                    wordStart.terms[0].text = String(UnicodeScalar(SearchTokenizer.wordStartMarker)) + first.text
                    stages.append(
                        Stage(source: .names(.phrase(wordStart)), completeBelow: SearchMatch.Kind.substring.rawValue))
                }
            }
            stages.append(
                Stage(source: .names(.phrase(exactPhrase)), completeBelow: SearchMatch.Kind.allWords.rawValue))
        }
        let wordPhrases = Self.wordPhrases(matcher)
        if !wordPhrases.isEmpty, let all = SearchExpression.all(wordPhrases) {
            stages.append(Stage(source: .names(all), completeBelow: SearchMatch.firstReadingTier))
        }
        return (stages, true)
    }

    /// The query's words looked up (the longest first: the most selective; the matcher checks
    /// every word of the candidates they find).
    private static func wordPhrases(_ matcher: SearchMatcher) -> [SearchExpression] {
        let lookupWords = matcher.words.sorted { $0.unicodeScalars.count > $1.unicodeScalars.count }
            .prefix(Self.maximumLookupWords)
        return lookupWords.compactMap { SearchExpression.Phrase(literal: $0) }.map { SearchExpression.phrase($0) }
    }

    /// The stages after the text as written: each reading rule's look-ups, the words in their
    /// readings, the other fields, the words anywhere.
    private static func laterStages(_ matcher: SearchMatcher, query: SearchQuery) -> [Stage] {
        var stages: [Stage] = []
        let hangul = matcher.hangul
        let wordPhrases = Self.wordPhrases(matcher)
        for rule in MatchRule.allCases where rule != .exact {
            let patterns = hangul.patterns.filter { $0.rule == rule }
            guard !patterns.isEmpty else { continue }
            var anchored: [SearchExpression] = []
            var full: [SearchExpression] = []
            for pattern in patterns {
                guard let expression = lookup(of: pattern, in: hangul) else { continue }
                full.append(expression)
                if let start = lookup(of: pattern, in: hangul, anchored: true) { anchored.append(start) }
            }
            let first = SearchMatch.firstTier(of: rule)
            if anchored.count == full.count, let any = SearchExpression.any(anchored) {
                stages.append(Stage(source: .names(any), completeBelow: first + MatchPosition.wordPrefix.rawValue))
            }
            if let any = SearchExpression.any(full) {
                stages.append(Stage(source: .names(any), completeBelow: first + 4))
            }
        }
        // Each word in one of its readings: every word's look-ups ORed, the words ANDed.
        let wordReadings = matcher.wordQueries.map { word in
            SearchExpression.any(word.patterns.compactMap { lookup(of: $0, in: word) })
        }
        if !wordReadings.isEmpty, !wordReadings.contains(nil),
            let all = SearchExpression.all(wordReadings.compactMap { $0 })
        {
            stages.append(Stage(source: .names(all), completeBelow: SearchMatch(kind: .mixedReadings).tier + 1))
        }
        let literalPhrases = ([query.text] + hangul.readings.map(\.text)).compactMap(
            SearchExpression.Phrase.init(literal:))
        if !literalPhrases.isEmpty {
            stages.append(
                Stage(source: .literals(literalPhrases), completeBelow: SearchMatch(kind: .otherField).tier + 1))
        }
        if !wordPhrases.isEmpty {
            stages.append(Stage(source: .allWordsAnywhere(wordPhrases), completeBelow: SearchMatch.tierCount))
        }
        return stages
    }

    /// What to look up in `search_names` for one pattern of `query` (`anchored`: at the name's
    /// start; `nil` when that cannot be said in one expression).
    private static func lookup(of pattern: MatchPattern, in query: HangulQuery, anchored: Bool = false)
        -> SearchExpression?
    {
        if let literal = literalText(of: pattern, in: query) {
            return SearchExpression.Phrase(literal: literal).map { .phrase($0, anchored: anchored) }
        }
        return SearchExpression.pattern(pattern, anchored: anchored)
    }

    /// The text, with its spaces, that a pattern made only of text stands for: the query itself
    /// or a keyboard reading. Spaces matter to the index for Latin words (`lcdc seoul`).
    private static func literalText(of pattern: MatchPattern, in query: HangulQuery) -> String? {
        guard pattern.units.allSatisfy({ if case .text = $0 { return true } else { return false } }) else { return nil }
        if let reading = pattern.reading { return reading }
        return pattern.units.compactMap { if case .text(let text) = $0 { return text } else { return nil } }.joined()
    }
}
