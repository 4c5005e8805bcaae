import FootprintGeo
import GRDB

extension FootprintStore {
    /// Places near a point, nearest first (ties by id), with exact WGS84 geodesic distances.
    ///
    /// A radius query reads the candidates in the circle's bounding boxes from the spatial index
    /// (`idx_places_geom`, SpatiaLite's R*Tree, read with plain SQL so no extension is loaded),
    /// drops those a cheap estimate puts clearly outside, and runs the exact geodesic on the rest.
    /// A k-nearest query does the same with a growing radius until the circle holds `k` places,
    /// so it is exact across the antimeridian and near the poles, for any `k`.
    ///
    /// - Throws: `invalidValue` for a negative or non-finite radius or a `k` below 1.
    public func nearby(_ query: NearbyQuery) throws -> [PlaceDistance] {
        let hits: [Hit]
        switch query.extent {
        case .radius(let meters):
            guard meters.isFinite, meters >= 0 else {
                throw FootprintStoreError.invalidValue(name: "radius", value: formattedNumber(meters), reason: "it must be 0 metres or more")
            }
            hits = try read { db in try Self.hits(db, center: query.center, radiusMeters: meters, filter: query.filter) }
        case .nearest(let k):
            guard k >= 1 else {
                throw FootprintStoreError.invalidValue(name: "k", value: String(k), reason: "it must be 1 or more")
            }
            hits = try read { db in try Self.nearestHits(db, center: query.center, k: k, filter: query.filter) }
        }
        var selected = hits.sorted()
        if case .nearest(let k) = query.extent, selected.count > k { selected.removeLast(selected.count - k) }
        if let limit = query.limit, selected.count > limit { selected.removeLast(selected.count - limit) }
        return try read { db in
            let places = try Place.fetchAll(db, keys: selected.map(\.id))
            let byID = Dictionary(uniqueKeysWithValues: places.map { ($0.id!, $0) })
            return selected.compactMap { hit in
                byID[hit.id].map { PlaceDistance(place: $0, distanceMeters: hit.distanceMeters) }
            }
        }
    }

    /// The ids of every place within `radiusMeters`, with exact distances, in no particular order.
    ///
    /// The lean form of ``nearby(_:)`` for callers that need ids only (benchmarks, recommendation).
    public func placeIDs(within radiusMeters: Double, of center: Coordinate, filter: PlaceFilter = PlaceFilter())
        throws -> [(id: Int64, distanceMeters: Double)]
    {
        try read { db in
            try Self.hits(db, center: center, radiusMeters: radiusMeters, filter: filter).map { ($0.id, $0.distanceMeters) }
        }
    }

    /// One candidate inside the circle.
    struct Hit: Comparable {
        var id: Int64
        var distanceMeters: Double
        static func < (lhs: Hit, rhs: Hit) -> Bool {
            lhs.distanceMeters != rhs.distanceMeters ? lhs.distanceMeters < rhs.distanceMeters : lhs.id < rhs.id
        }
    }

    static func hits(_ db: Database, center: Coordinate, radiusMeters: Double, filter: PlaceFilter) throws -> [Hit] {
        let flat = FlatDistance.isUsable(center: center, radiusMeters: radiusMeters) ? FlatDistance(center: center) : nil
        let rejectBeyond = radiusMeters * (1 + (flat?.relativeError ?? 0)) + 1e-3
        var hits: [Hit] = []
        let filterSQL = filter.sqlCondition()
        for box in SearchBox.covering(center: center, radiusMeters: radiusMeters) {
            var sql: SQL = """
                SELECT p.id, p.latitude, p.longitude FROM idx_places_geom r JOIN places p ON p.id = r.pkid
                WHERE r.xmax >= \(box.west) AND r.xmin <= \(box.east) AND r.ymax >= \(box.south) AND r.ymin <= \(box.north)
                """
            if let filterSQL { sql = sql + " AND " + filterSQL }
            let (statementSQL, arguments) = try sql.build(db)
            let statement = try db.cachedStatement(sql: statementSQL)
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try cursor.next() {
                let latitude: Double = row[1]
                let longitude: Double = row[2]
                if let flat, flat.estimate(latitude: latitude, longitude: longitude) > rejectBeyond { continue }
                let distance = Geodesic.distance(
                    from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
                if distance <= radiusMeters { hits.append(Hit(id: row[0], distanceMeters: distance)) }
            }
        }
        return hits
    }

    static func nearestHits(_ db: Database, center: Coordinate, k: Int, filter: PlaceFilter) throws -> [Hit] {
        // 200 m holds about 50 places in central Seoul at a million places; sparse areas and
        // strict filters grow the radius by the shortfall.
        var radius = 200.0
        while true {
            let hits = try Self.hits(db, center: center, radiusMeters: radius, filter: filter)
            if hits.count >= k || radius >= SearchBox.halfCircumference { return hits }
            let growth = (2 * Double(k) / Double(max(hits.count, 1))).squareRoot()
            radius = min(SearchBox.halfCircumference, radius * min(16, max(2, growth)))
        }
    }
}

func formattedNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
