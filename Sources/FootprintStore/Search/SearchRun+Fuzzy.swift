import FootprintGeo
import FootprintHangul
import GRDB

extension SearchRun {
    /// A fuzzy look-up reads at most this many candidate names (the first by id when its probes
    /// find more), so that its cost is bounded whatever the query: ~10 µs a candidate to look up,
    /// read and align (``FuzzyQuery``), ~40–55 ms of CPU at the bound (1M places, 2026-11-25). A query has at most ``FuzzyQuery/maximumUnits``
    /// scalars, so fewer than 250 probes (``FuzzyQuery/probes``) in one MATCH, on `search_names` and on
    /// the other names of merged places (each under this bound).
    static let maximumFuzzyCandidates = 4096

    /// The fuzzy readings' stage, after every literal and exact one: run only when those found
    /// fewer places than the limit, so it never pushes a literal match down (its kinds rank below
    /// them all). A 초성 abbreviation is looked for only when nothing at all matched. Places
    /// changed since the index was last updated (`pending`) are judged from their rows too.
    mutating func judgeFuzzy(pending: [Int64]) throws {
        guard let fuzzy = matcher.fuzzy else { return }
        if let limit = query.limit, matched.count >= limit { return }
        if fuzzy.isChosung && !matched.isEmpty { return }
        // A two-syllable spelling of a longer query (one of three with a syllable added) is one
        // bigram, which thousands of names hold (`하우` of `하우수`): left to the other probes.
        let long = fuzzy.normalized.unicodeScalars.filter { HangulSyllable($0) != nil }.count >= 3
        let expressions = fuzzy.probes.filter { probe in
            if long, case .text(let text) = probe { return text.unicodeScalars.count >= 3 }
            return true
        }.compactMap(Self.expression)
        var ids: [Int64] = []
        var otherNameIDs: [Int64] = []
        if let any = SearchExpression.any(expressions) {
            let statement = try db.cachedStatement(
                sql: "SELECT rowid FROM search_names WHERE search_names MATCH ? LIMIT ?")
            ids = try Int64.fetchAll(statement, arguments: [any.text, Self.maximumFuzzyCandidates])
            // The other names of merged places (``OtherNames``), under the same bound.
            let others = try db.cachedStatement(
                sql: "SELECT rowid FROM \(OtherNames.table) WHERE \(OtherNames.table) MATCH ? LIMIT ?")
            otherNameIDs = try Int64.fetchAll(others, arguments: [any.text, Self.maximumFuzzyCandidates])
        }
        // Places an earlier stage read and turned down are judged again: a half-typed reading of
        // `교보문구` (its ㅜ could still take a vowel) reads 교보문고 and rejects it, and only
        // this stage sees the typo. Places already matched keep their literal reading.
        let matchedIDs = Set(matched.map(\.id))
        ids.removeAll { matchedIDs.contains($0) || !(inside?.contains($0) ?? true) }
        seen.formUnion(ids)
        let fromIndex = Set(ids)
        ids += pending.filter { !matchedIDs.contains($0) && !fromIndex.contains($0) && (inside?.contains($0) ?? true) }
        let judge = Judge(
            matcher: matcher, near: query.near, withinMeters: query.withinMeters, flat: flat, condition: condition)
        var verdicts = Judge.Verdicts()
        func read(_ row: SearchRowView) {
            let text = SearchableText(row.name)
            guard let found = fuzzy.isChosung ? fuzzy.chosungAbbreviation(in: text) : fuzzy.match(text) else { return }
            // Nearer readings first within a rank: the fit shrinks with the half keys forgiven (a
            // syllable left out or added counts as a neighbouring key, whose rank it shares).
            let cost = found.reading == .typo ? found.cost : 1
            let fit = SearchMatcher.fit(length: FuzzyQuery.length(of: text)) / Double(1 + cost)
            judge.accept(row, match: SearchMatch(found, rank: fuzzy.rank(of: found)), fit: fit, into: &verdicts)
        }
        try SearchIndex.forEachRow(db, ids: ids, columns: .ranking, condition: condition, read)
        matched += verdicts.found
        // A merged place matched by another name: once, by its best match (``keepOnePerPlace()``),
        // and never when an earlier stage matched it.
        guard !otherNameIDs.isEmpty else { return }
        verdicts = Judge.Verdicts()
        try SearchIndex.forEachRow(
            db, ids: otherNameIDs, columns: .ranking, condition: condition, otherNames: true, read)
        let found = verdicts.found.filter { !matchedIDs.contains($0.id) && (inside?.contains($0.id) ?? true) }
        matched += found
        otherNameMatches += found.count
    }

    /// The MATCH expression of one probe; `nil` when it has no index term.
    private static func expression(_ probe: FuzzyQuery.Probe) -> SearchExpression? {
        switch probe {
        case .text(let text):
            return SearchExpression.Phrase(literal: text).map { .phrase($0) }
        case .pieces(let pieces):
            let phrases = pieces.filter { !$0.isEmpty }.map { terms in
                SearchExpression.Phrase(
                    terms: terms.map { SearchExpression.Term(text: $0, isPrefix: false) }, isComplete: true)
            }
            return SearchExpression.all(phrases.map { .phrase($0) })
        }
    }
}
