import GRDB

extension SearchRun {
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
        try SearchIndex.forEachNameMatch(db, expression: expression, condition: condition) { row in
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
