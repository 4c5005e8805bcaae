import FootprintHangul

/// FTS5 MATCH expressions built from index terms, never from query syntax: every term is a quoted
/// string (SQLite FTS5 "Full-text Query Syntax", 3.1: `"..."`, a `"` inside doubled), so quotes,
/// `*`, `-`, `^`, `:`, `NEAR`, `AND`/`OR`/`NOT` and parentheses in a query are text.
///
/// A phrase is written term by term — `"스타" + "타벅" + "벅스"` — rather than as one quoted
/// string, because the terms are what the `footprint` tokenizer emits in *document* mode, one per
/// position: each quoted term is itself a single token in query mode, so the phrase's positions
/// are exactly the document's.
struct SearchExpression: Hashable, Sendable {
    /// One term of a phrase.
    struct Term: Hashable, Sendable {
        var text: String
        /// `"카"*`: any token beginning with the text.
        var isPrefix: Bool
    }

    /// The expression text for `MATCH`.
    let text: String

    /// At most this many terms go into one phrase: a 10,000-character query still makes a small
    /// query, and the candidates it finds are verified (``Phrase/isComplete`` is then false).
    static let maximumPhraseTerms = 48

    private init(_ text: String) { self.text = text }

    /// A string FTS5 reads as one string token.
    static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Terms at consecutive positions, `^`-anchored to the column's first token when asked.
    struct Phrase: Hashable, Sendable {
        var terms: [Term]
        /// Whether a row matching the phrase contains the text it came from (spaces ignored) —
        /// false when terms were cut off.
        var isComplete: Bool
        /// The same text with each chain of Latin words as its one joined token (`blue bottle` →
        /// `"bluebottle"*`), looked up beside ``terms``: a name that writes the words as one
        /// (`BlueBottle`) has only that token. A join stands at its first word's position while
        /// the words after it still take theirs in a name that spaces them, so the phrase is cut
        /// after each join, and after each word (`ktg` may be a join in the name: `KT&G 상상`),
        /// into phrases that must all match (`kt g 상상` → `"ktg"` AND `"상상"`); the matcher
        /// checks their order. `nil` when the text has no join and no word before other tokens.
        var joinedTerms: [[Term]]? = nil

        func text(anchored: Bool) -> String {
            func body(_ terms: [Term], anchored: Bool) -> String {
                let body = terms.map { SearchExpression.quoted($0.text) + ($0.isPrefix ? "*" : "") }.joined(
                    separator: " + ")
                return anchored ? "^" + body : body
            }
            guard let joinedTerms else { return body(terms, anchored: anchored) }
            let joined = joinedTerms.enumerated().map { index, terms in
                "(" + body(terms, anchored: anchored && index == 0) + ")"
            }
            return "(\(body(terms, anchored: anchored))) OR (\(joined.joined(separator: " AND ")))"
        }
    }

    /// `phrase`, optionally anchored, optionally restricted to one column.
    static func phrase(_ phrase: Phrase, anchored: Bool = false, column: String? = nil) -> SearchExpression {
        let body = phrase.text(anchored: anchored)
        return SearchExpression(column.map { "\($0) : (\(body))" } ?? body)
    }

    /// Any of `expressions`; `nil` when there are none.
    static func any(_ expressions: [SearchExpression]) -> SearchExpression? {
        let unique = expressions.reduce(into: [SearchExpression]()) { if !$0.contains($1) { $0.append($1) } }
        guard !unique.isEmpty else { return nil }
        if unique.count == 1 { return unique[0] }
        return SearchExpression(unique.map { "(\($0.text))" }.joined(separator: " OR "))
    }

    /// All of `expressions`; `nil` when there are none.
    static func all(_ expressions: [SearchExpression]) -> SearchExpression? {
        guard !expressions.isEmpty else { return nil }
        if expressions.count == 1 { return expressions[0] }
        return SearchExpression(expressions.map { "(\($0.text))" }.joined(separator: " AND "))
    }
}

extension SearchExpression.Phrase {
    /// The phrase a text occurs as, spaces ignored: the document-mode tokens of `text`
    /// (``SearchTokenizer`` with `bridgesWhitespace`, colocated tokens left out). The last token
    /// becomes a prefix term when the text may continue in the document — a Latin word (`cg` →
    /// `cgv`) or a lone syllable (`카` → `카페`); the unigram that ends a longer Hangul run is
    /// dropped there, since the bigram before it already fixes that syllable. `nil` when the text
    /// has no token (only punctuation or emoji).
    init?(literal text: String) {
        var tokens: [SearchTokenizer.Token] = []
        var joined: [SearchTokenizer.Token] = []
        var joins = Set<Int>()
        var complete = true
        var utf8 = text
        // The tokens up to the first one past the limit, and no further: a 64 KB query is
        // tokenized for its first ~48 terms only (all of it cost ~10% of such a search).
        _ = utf8.withUTF8 { bytes in
            Result { () throws(EnoughTerms) in
                try SearchTokenizer().tokenize(utf8: bytes, mode: .document) { (raw) throws(EnoughTerms) in
                    let token = SearchTokenizer.Token(raw.text, raw.byteRange, colocated: raw.isColocated)
                    if token.isColocated {
                        // A join of the word with the words after it: the longest one stands for them all.
                        if let last = joined.last, token.byteRange.lowerBound == last.byteRange.lowerBound,
                            token.byteRange.upperBound > last.byteRange.upperBound
                        {
                            joined[joined.count - 1] = token
                            joins.insert(joined.count - 1)
                        }
                        return
                    }
                    if tokens.count == SearchExpression.maximumPhraseTerms {
                        complete = false
                        throw EnoughTerms()
                    }
                    tokens.append(token)
                    if let last = joined.last, joins.contains(joined.count - 1),
                        token.byteRange.lowerBound < last.byteRange.upperBound
                    {
                        return
                    }
                    joined.append(token)
                }
            }
        }
        guard !tokens.isEmpty else { return nil }
        self.init(terms: Self.terms(of: tokens, complete: complete), isComplete: complete)
        // A word may be a join in the name (`ktg` in `KT&G 상상`) and is cut after, as a join is.
        let cuts = joined.indices.dropLast().filter { joins.contains($0) || Self.hangulCount(joined[$0].text) == 0 }
        guard !joins.isEmpty || !cuts.isEmpty else { return }
        var groups: [[SearchExpression.Term]] = [[]]
        for (index, term) in Self.terms(of: joined, complete: complete).enumerated() {
            groups[groups.count - 1].append(term)
            if cuts.contains(index) { groups.append([]) }
        }
        joinedTerms = groups.filter { !$0.isEmpty }
    }

    /// Stops the tokenizer once a phrase has all the terms it takes.
    private struct EnoughTerms: Error {}

    /// The terms of consecutive document tokens: the last one a prefix when the text may go on.
    private static func terms(of tokens: [SearchTokenizer.Token], complete: Bool) -> [SearchExpression.Term] {
        var terms = tokens.map { SearchExpression.Term(text: $0.text, isPrefix: false) }
        if complete {
            let last = tokens[tokens.count - 1]
            let endsLongerRun =
                tokens.count >= 2 && Self.hangulCount(last.text) == 1
                && Self.hangulCount(tokens[tokens.count - 2].text) == 2
                && tokens[tokens.count - 2].byteRange.upperBound == last.byteRange.upperBound
            if endsLongerRun {
                terms.removeLast()
            } else if Self.hangulCount(last.text) != 2 {
                terms[terms.count - 1].isPrefix = true
            }
        }
        return terms
    }

    /// 2 for a Hangul bigram token, 1 for a unigram, 0 for a word.
    static func hangulCount(_ token: String) -> Int {
        let scalars = token.unicodeScalars
        guard let first = scalars.first, HangulSyllable(first) != nil || Jamo.isCompatibilityJamo(first) else {
            return 0
        }
        return scalars.count
    }
}
