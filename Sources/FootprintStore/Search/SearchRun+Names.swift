import GRDB

extension SearchRun {
    /// A query of one key (`ㅅ`, `a`, `1`) with a limit reads at most this many candidates in each
    /// name stage, the first by id: the names it begins are a fifth of the store (171,503 of 1M
    /// for `ㅅ`), and reading them all cost 0.4–0.7 s and 380 MB for a list of 20 (~8 ms at the
    /// bound). The results are the best of those read, not of every name.
    static let maximumOneKeyCandidates = 8192

    /// ``maximumOneKeyCandidates`` for a query of one key with a limit, else `nil`.
    var oneKeyBound: Int? {
        query.limit != nil && matcher.hangul.normalized.unicodeScalars.count == 1 ? Self.maximumOneKeyCandidates : nil
    }

    /// A name look-up's stage on one connection: the places `search_names` matches for
    /// `expression`, read in the statement that looks them up (``SearchIndex/forEachNameMatch(_:expression:condition:_:)``)
    /// and judged as they come — the same verdicts as ``judge(_:columns:)`` on the stage's ids,
    /// without the id list that statement takes (~15% of a two-syllable search that reads
    /// thousands of candidates: the list built, bound, and parsed by `json_each`). A place seen
    /// by an earlier stage, or outside the listed circle, is skipped; a candidate whose name does
    /// not match is read again with every field, as there.
    mutating func judgeNames(matching expression: SearchExpression) throws {
        let judge = Judge(
            matcher: matcher, near: query.near, withinMeters: query.withinMeters, flat: flat, condition: condition)
        var verdicts = Judge.Verdicts()
        // Moved out, so that inserting does not copy the set (the closure cannot touch `self`).
        var seen = self.seen
        self.seen = []
        let inside = self.inside
        try SearchIndex.forEachNameMatch(db, expression: expression, condition: condition, limit: oneKeyBound) { row in
            let id = row.id
            guard !seen.contains(id), inside?.contains(id) ?? true else { return }
            seen.insert(id)
            judge.judge(row, into: &verdicts)
        }
        self.seen = seen
        matched += verdicts.found
        if !verdicts.unmatchedNames.isEmpty { try self.judge(verdicts.unmatchedNames) }
    }
}
