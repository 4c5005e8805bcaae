import FootprintGeo
import GRDB

extension FootprintStore {
    /// Places near a point, nearest first (ties by id), with exact WGS84 geodesic distances.
    ///
    /// The candidates come from the spatial index (`idx_places_geom`, SpatiaLite's R*Tree, read
    /// with plain SQL so no extension is loaded). Without filters the index's own boxes are enough
    /// to bound each candidate's distance, so only the places that decide the answer — those near
    /// the circle's edge and those returned — are read from `places` and measured exactly with
    /// Karney's geodesic. A k-nearest query grows the radius until the circle holds `k` places, so
    /// it is exact across the antimeridian and near the poles, for any `k`.
    ///
    /// - Throws: `invalidValue` for a negative or non-finite radius or a `k` below 1.
    public func nearby(_ query: NearbyQuery) throws -> [PlaceDistance] {
        try query.filter.check()
        return try read { db in
            let resolved: [Resolved]
            switch query.extent {
            case .radius(let meters):
                try Self.checkRadius(meters)
                let candidates = try Self.candidates(db, center: query.center, radiusMeters: meters, filter: query.filter)
                resolved = try Self.nearest(db, candidates, center: query.center, count: query.limit, within: meters)
            case .nearest(let k):
                guard k >= 1 else {
                    throw FootprintStoreError.invalidValue(name: "k", value: String(k), reason: "it must be 1 or more")
                }
                let count = min(k, query.limit ?? k)
                var radius = 200.0
                while true {
                    let candidates = try Self.candidates(db, center: query.center, radiusMeters: radius, filter: query.filter)
                    let sure = candidates.filter { $0.upperBound <= radius }.count
                    if sure >= k || radius >= SearchBox.halfCircumference {
                        resolved = try Self.nearest(db, candidates, center: query.center, count: count, within: radius)
                        break
                    }
                    // 200 m holds about 50 places in central Seoul at a million places; sparse
                    // areas and strict filters grow the radius by the shortfall.
                    let growth = (2 * Double(k) / Double(max(sure, 1))).squareRoot()
                    radius = min(SearchBox.halfCircumference, radius * min(16, max(2, growth)))
                }
            }
            return resolved.map { PlaceDistance(place: $0.place, distanceMeters: $0.distanceMeters) }
        }
    }

    /// The ids of every place within `radiusMeters` of `center` (exact membership), unordered.
    ///
    /// The lean form of ``nearby(_:)``: only places within a metre of the circle's edge are read
    /// from `places`; the rest are decided from the index alone.
    public func placeIDs(within radiusMeters: Double, of center: Coordinate, filter: PlaceFilter = PlaceFilter())
        throws -> [Int64]
    {
        try Self.checkRadius(radiusMeters)
        return try read { db in
            let candidates = try Self.candidates(db, center: center, radiusMeters: radiusMeters, filter: filter)
            var ids: [Int64] = []
            ids.reserveCapacity(candidates.count)
            var uncertain: [Int64] = []
            for candidate in candidates {
                if candidate.upperBound <= radiusMeters { ids.append(candidate.id) } else { uncertain.append(candidate.id) }
            }
            for (id, coordinate) in try Self.coordinates(db, ids: uncertain)
            where Geodesic.distance(from: center, to: coordinate) <= radiusMeters {
                ids.append(id)
            }
            return ids
        }
    }

    /// Throws for a radius that is not a finite number of metres, 0 or more. A radius beyond half
    /// the Earth's circumference is the whole Earth: it is taken as it is.
    package static func checkRadius(_ meters: Double) throws {
        guard meters.isFinite, meters >= 0 else {
            throw FootprintStoreError.invalidValue(
                name: "radius", value: formatted(meters), reason: "give a finite number of metres, 0 or more")
        }
    }

    /// A place whose distance from the centre lies in `lowerBound...upperBound`.
    struct Candidate {
        var id: Int64
        var estimate: Double
        var slack: Double
        var lowerBound: Double { estimate - slack }
        var upperBound: Double { estimate + slack }
    }

    /// A place with its exact distance.
    struct Resolved {
        var place: Place
        var distanceMeters: Double
    }

    /// Every place that may lie within `radiusMeters`, with bounds on its distance. A place
    /// another tool moved by its columns since Footprint's last write (``PlaceMoves``) is taken
    /// from its columns, not from the index.
    static func candidates(_ db: Database, center: Coordinate, radiusMeters: Double, filter: PlaceFilter) throws
        -> [Candidate]
    {
        let flat = FlatDistance.isUsable(center: center, radiusMeters: radiusMeters) ? FlatDistance(center: center) : nil
        let relativeError = flat == nil ? 0 : FlatDistance.relativeError
        let filterSQL = filter.sqlCondition()
        var candidates: [Candidate] = []
        let moves = try PlaceMoves.pending(db, filter: filterSQL)
        for (id, coordinate) in moves?.places ?? [] {
            let distance = Geodesic.distance(from: center, to: coordinate)
            if distance <= radiusMeters { candidates.append(Candidate(id: id, estimate: distance, slack: 1e-6)) }
        }
        for box in SearchBox.covering(center: center, radiusMeters: radiusMeters) {
            var sql: SQL
            if filterSQL == nil {
                // The index's float32 boxes hold each point; their centres are within half a
                // diagonal of it.
                sql = """
                    SELECT pkid, (xmin + xmax) / 2, (ymin + ymax) / 2, xmax - xmin, ymax - ymin FROM idx_places_geom
                    WHERE xmax >= \(box.west) AND xmin <= \(box.east) AND ymax >= \(box.south) AND ymin <= \(box.north)
                    """
            } else {
                sql = """
                    SELECT p.id, p.longitude, p.latitude, 0.0, 0.0 FROM idx_places_geom r JOIN places p ON p.id = r.pkid
                    WHERE r.xmax >= \(box.west) AND r.xmin <= \(box.east) AND r.ymax >= \(box.south) AND r.ymin <= \(box.north)
                    """
                sql = sql + " AND " + filterSQL!
            }
            let (text, arguments) = try sql.build(db)
            let rows = try Row.fetchCursor(db.cachedStatement(sql: text), arguments: arguments)
            while let row = try rows.next() {
                let longitude: Double = row[1]
                let latitude: Double = row[2]
                let width: Double = row[3]
                let height: Double = row[4]
                // At most 111.7 km a degree on WGS84 in either direction (the polar meridional radius).
                let boxSlack = 0.5 * 111_700 * (width * width + height * height).squareRoot()
                let estimate =
                    flat?.estimate(latitude: latitude, longitude: longitude)
                    ?? Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
                let candidate = Candidate(
                    id: row[0], estimate: estimate, slack: boxSlack + estimate * relativeError + 1e-6)
                if candidate.lowerBound <= radiusMeters, !(moves?.ids.contains(candidate.id) ?? false) {
                    candidates.append(candidate)
                }
            }
        }
        return candidates
    }

    /// The `count` nearest candidates within `radiusMeters` (all when `count` is `nil`), read and
    /// measured exactly, nearest first, ties by id. Only candidates that can still be among them
    /// are read.
    static func nearest(_ db: Database, _ candidates: [Candidate], center: Coordinate, count: Int?, within radiusMeters: Double)
        throws -> [Resolved]
    {
        var threshold = radiusMeters
        if let count, count < candidates.count {
            var upperBounds = candidates.map(\.upperBound)
            upperBounds.sort()
            threshold = min(threshold, upperBounds[count - 1])
        }
        let needed = candidates.filter { $0.lowerBound <= threshold }.map(\.id)
        var resolved: [Resolved] = []
        resolved.reserveCapacity(needed.count)
        for chunk in stride(from: 0, to: needed.count, by: 500) {
            for place in try Place.fetchAll(db, keys: needed[chunk..<min(chunk + 500, needed.count)]) {
                let distance = Geodesic.distance(from: center, to: place.coordinate)
                if distance <= radiusMeters { resolved.append(Resolved(place: place, distanceMeters: distance)) }
            }
        }
        resolved.sort { $0.distanceMeters != $1.distanceMeters ? $0.distanceMeters < $1.distanceMeters : $0.place.id! < $1.place.id! }
        if let count, resolved.count > count { resolved.removeLast(resolved.count - count) }
        return resolved
    }

    /// Exact coordinates of a few places.
    static func coordinates(_ db: Database, ids: [Int64]) throws -> [(Int64, Coordinate)] {
        guard !ids.isEmpty else { return [] }
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, latitude, longitude FROM places WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
        return rows.map { ($0[0], Coordinate(uncheckedLatitude: $0[1], longitude: $0[2])) }
    }
}
