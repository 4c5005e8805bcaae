import GRDB

extension OtherNames {
    /// The rows ``SearchIndex/forEachRow(_:ids:columns:condition:otherNames:_:)`` reads for
    /// rowids of the table: the place's `id`, the other name, `likes`, `latitude`, `longitude`
    /// (``SearchIndex/RowColumns/ranking``' layout), for names whose pair is still merged into it.
    static let rows: SQL = """
        SELECT p.id, o.name, p.likes, p.latitude, p.longitude
        FROM json_each(?) j JOIN search_other_names o ON o.rowid = j.value
        JOIN places p ON p.id = o.place_id
        WHERE EXISTS (SELECT 1 FROM place_sources s WHERE s.place_id = o.place_id AND s.name = o.name)
        """
}

extension SearchRun {
    /// Judges the places whose other names (``OtherNames``) `expression` matches as name
    /// matches; ``keepOnePerPlace()`` then keeps each place's best match.
    mutating func judgeOtherNames(_ expression: SearchExpression) throws {
        let rowIDs = try SearchIndex.rowIDs(db, table: OtherNames.table, expression: expression)
        guard !rowIDs.isEmpty else { return }
        let judge = Judge(
            matcher: matcher, near: query.near, withinMeters: query.withinMeters, flat: flat, condition: condition)
        let verdicts = try judge.judge(db, ids: rowIDs[...], columns: .ranking, otherNames: true)
        matched += verdicts.found
        otherNameMatches += verdicts.found.count
    }

    /// Each place once, by its best match (the lower tier, then the better fit): a merged place
    /// may match by its own name and by another source's.
    mutating func keepOnePerPlace() {
        guard otherNameMatches > 0 else { return }
        var best: [Int64: Int] = [:]
        var repeated = false
        for index in matched.indices {
            let candidate = matched[index]
            guard let kept = best[candidate.id] else {
                best[candidate.id] = index
                continue
            }
            repeated = true
            let other = matched[kept]
            if (candidate.match.tier, -candidate.fit) < (other.match.tier, -other.fit) { best[candidate.id] = index }
        }
        guard repeated else { return }
        let keep = Set(best.values)
        matched = matched.indices.filter(keep.contains).map { matched[$0] }
    }
}
