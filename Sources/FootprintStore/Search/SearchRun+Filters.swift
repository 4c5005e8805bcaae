import FootprintGeo
import GRDB

extension SearchRun {
    /// The query's filters as one SQL condition on `places` aliased `p`: ``PlaceFilter`` (whose
    /// tags a tag listing already searches for), and a visit within the dates.
    static func condition(for query: SearchQuery) -> SQL? {
        var conditions: [SQL] = []
        if let filter = query.filter.sqlCondition() { conditions.append(filter) }
        if query.visitedSince != nil || query.visitedUntil != nil {
            var visit: SQL = "EXISTS (SELECT 1 FROM visits v WHERE v.place_id = p.id"
            if let since = query.visitedSince { visit = visit + " AND v.local_date >= \(since)" }
            if let until = query.visitedUntil { visit = visit + " AND v.local_date <= \(until)" }
            conditions.append(visit + ")")
        }
        guard var combined = conditions.first else { return nil }
        for condition in conditions.dropFirst() { combined = combined + " AND " + condition }
        return combined
    }

    /// Every place within `radiusMeters` of `center` (exact), from the R*Tree's boxes and the
    /// exact geodesic for those near the edge (the candidates of ``FootprintStore/placeIDs(within:of:filter:)``).
    static func placeIDs(_ db: Database, within radiusMeters: Double, of center: Coordinate) throws -> Set<Int64> {
        let candidates = try FootprintStore.candidates(
            db, center: center, radiusMeters: radiusMeters, filter: PlaceFilter())
        var ids = Set<Int64>()
        var uncertain: [Int64] = []
        for candidate in candidates {
            if candidate.upperBound <= radiusMeters { ids.insert(candidate.id) } else { uncertain.append(candidate.id) }
        }
        for (id, coordinate) in try FootprintStore.coordinates(db, ids: uncertain)
        where Geodesic.distance(from: center, to: coordinate) <= radiusMeters {
            ids.insert(id)
        }
        return ids
    }
}
