/// A search query analysed for Korean matching: its normalized form, its readings, the
/// ``MatchPattern``s they expand to, and a predicate that tells how a text matches.
///
/// ```swift
/// let query = HangulQuery("강나")
/// query.match("강남역")       // partialSyllable, prefix
/// query.match("스타벅스 강남점") // partialSyllable, wordPrefix
/// HangulQuery("ㅅㅌㅂㅅ").match("스타벅스")  // chosung, whole
/// HangulQuery("tmxkqjrtm").match("스타벅스 강남점")  // keyboardMistype, prefix
/// ```
///
/// Matching is defined on 2-set keystrokes: a query matches where its keystrokes are a prefix of
/// the text's keystrokes from a syllable boundary on, the last syllable being allowed to be
/// unfinished. The patterns spell that out per syllable so an index can serve them; see the
/// module's article.
public struct HangulQuery: Hashable, Sendable {
    /// The query as given.
    public let text: String
    /// The query search-normalized (``HangulNormalization/searchNormalized(_:)``): what the
    /// ``MatchRule/exact`` pattern looks for.
    public let normalized: String
    /// Whether the query is only punctuation, symbols or emoji (`-_-`, `😀`): it is then searched
    /// for as written, in texts prepared with their symbols kept
    /// (``SearchableText/init(_:keepingSymbols:)``).
    public let isSymbolsOnly: Bool
    /// Whether the query is all 초성, mixed or neither.
    public let chosungShape: ChosungQueryShape
    /// The keyboard-mistype readings searched for too (``KeyboardMistype/alternativeReadings(of:)``).
    public let readings: [KeyboardReading]
    /// Every pattern, in the order of their rules (best first). Empty for an empty query.
    public let patterns: [MatchPattern]

    /// A query longer than this many scalars, search-normalized, has no readings: it is searched
    /// for as written (``MatchRule/exact``). Nobody types a name of 128 letters, in 초성, in the
    /// wrong keyboard mode or half-finished: such a query is pasted text. Reading it would cost
    /// time in proportion to its length for every pattern and reading — a 5,000-syllable query
    /// took over a second under AddressSanitizer, most of it making readings of the whole text.
    public static let maximumReadScalars = 128

    /// Analyses `text`.
    public init(_ text: String) {
        self.text = text
        normalized = HangulNormalization.searchNormalized(text)
        isSymbolsOnly = HangulNormalization.isSymbolsOnly(text)
        guard !normalized.isEmpty else {
            chosungShape = Chosung.queryShape(of: text)
            readings = []
            patterns = []
            return
        }
        guard normalized.unicodeScalars.count <= Self.maximumReadScalars else {
            chosungShape = .none
            readings = []
            patterns = [MatchPattern(rule: .exact, units: [.text(normalized)])]
            return
        }
        chosungShape = Chosung.queryShape(of: text)
        readings = KeyboardMistype.alternativeReadings(of: text)
        var patterns = Self.patterns(for: normalized)
        for reading in readings {
            let readingText = HangulNormalization.searchNormalized(reading.text)
            guard readingText != normalized else { continue }
            patterns += Self.patterns(for: readingText).map {
                MatchPattern(rule: .keyboardMistype, units: $0.units, reading: reading.text)
            }
        }
        var seen = Set<[MatchPattern.Unit]>()
        self.patterns = patterns.filter { seen.insert($0.units).inserted }
            .enumerated().sorted { ($0.element.rule, $0.offset) < ($1.element.rule, $1.offset) }.map(\.element)
    }

    /// Whether the query has nothing to search for once normalized (empty or only spaces).
    public var isEmpty: Bool { normalized.isEmpty }

    /// How `candidate` matches the query — the best rule, then the best position — or `nil`.
    public func match(_ candidate: String) -> HangulMatch? {
        match(SearchableText(candidate, keepingSymbols: isSymbolsOnly))
    }

    /// How a prepared text matches the query — the best rule, then the best position — or `nil`.
    public func match(_ candidate: SearchableText) -> HangulMatch? {
        var best: HangulMatch?
        for pattern in patterns {
            if let best, pattern.rule > best.rule { break }
            guard let position = pattern.position(in: candidate) else { continue }
            let match = HangulMatch(rule: pattern.rule, position: position, reading: pattern.reading)
            if best.map({ match < $0 }) ?? true { best = match }
        }
        return best
    }
}
