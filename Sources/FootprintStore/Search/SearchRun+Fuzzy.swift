import FootprintGeo
import FootprintHangul
import GRDB

extension SearchRun {
    /// A fuzzy look-up judges every name its probes find (within the radius and the filters) when
    /// they find at most this many (see ``maximumFuzzyCandidatesBeyond`` when they find more).
    /// A candidate costs ~7 µs to look up, read and align (``FuzzyQuery``), ~30 ms of CPU at
    /// the bound (1M places, 2026-11-25). A query has at most ``FuzzyQuery/maximumUnits``
    /// scalars, so fewer than 250 probes (``FuzzyQuery/probes``) in one MATCH, on `search_names`
    /// and on the other names of merged places (each under these bounds).
    static let maximumFuzzyCandidates = 4096

    /// When the probes find more names than ``maximumFuzzyCandidates`` (a typo of a common word:
    /// `기저트` finds the 24,148 names holding 디저트 in 1M), at most this many are judged — a
    /// hard bound, ~18 ms of CPU — chosen by how many of the probes find them, then by where
    /// their match could rank, not by id (``fuzzyCandidates(probes:abbreviations:wordStarts:)``):
    /// among as many probes, the names where a probe's spelling begins a word (`#` word-start
    /// tokens, ``wordStartExpression(_:)``), whose matches rank above every one inside a word of
    /// the same reading, first. Reading only the first by id missed the best names of common
    /// words (search_typo recall on 1M: 0.744 judging the first 4,096 by id, 0.777 with these
    /// 2,560 word-start first), and a name sharing only a common ending with thousands
    /// (`산간아근린공원` for 산산아근린공원).
    static let maximumFuzzyCandidatesBeyond = 2560

    /// The fuzzy readings' stage, after every literal and exact one: run only when those found
    /// fewer places than the limit, so it never pushes a literal match down (its kinds rank below
    /// them all). A 초성 abbreviation is looked for only when nothing at all matched. Places
    /// changed since the index was last updated (`pending`) are judged from their rows too.
    mutating func judgeFuzzy(pending: [Int64]) throws {
        guard let fuzzy = matcher.fuzzy else { return }
        if let limit = query.limit, matched.count >= limit { return }
        if fuzzy.isChosung && !matched.isEmpty { return }
        let probes = fuzzy.probes
        var ids: [Int64] = []
        var otherNameIDs: [Int64] = []
        let expressions = probes.compactMap(Self.expression)
        if let any = SearchExpression.any(expressions) {
            // Abbreviations of a word first when they rank first (`파바`: 3,930 파리바게뜨 in 1M).
            let abbreviations =
                fuzzy.abbreviationRanksFirst
                ? SearchExpression.any(fuzzy.abbreviationProbes.compactMap(Self.expression)) : nil
            ids = try fuzzyCandidates(
                probes: expressions, abbreviations: abbreviations,
                wordStarts: probes.compactMap(Self.wordStartExpression))
            // The other names of merged places (``OtherNames``), under the first bound.
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
            let text = SearchableText(utf8: row.nameBytes)
            guard let found = fuzzy.isChosung ? fuzzy.chosungAbbreviation(in: text) : fuzzy.match(text) else { return }
            // Nearer readings first within a rank: the fit shrinks with the half keys forgiven (a
            // syllable left out or added counts as a neighbouring key, whose rank it shares).
            let cost = found.reading == .typo ? found.cost : 1
            let fit = SearchMatcher.fit(length: FuzzyQuery.length(of: text)) / Double(1 + cost)
            judge.accept(
                row, match: SearchMatch(found, rank: fuzzy.rank(of: found), reading: matcher.fuzzyReading), fit: fit,
                into: &verdicts)
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
}
