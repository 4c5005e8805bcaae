import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

/// The places a recommendation ranks, as parallel arrays: read in one pass over the spatial
/// index joined to `places`, with the columns scoring needs and nothing more (names, addresses
/// and the rest are read only for the spots that reach the top).
struct RecommendationCandidates {
    var ids: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var likes: [Int] = []
    var bestTimes: [BestTime?] = []
    /// Interned tags (``tagNames``) and category, read only when similarity has something to
    /// compare with.
    var tags: [[Int32]] = []
    var categories: [String?] = []
    /// A lower bound of the distance, and the exact distance once known (`nan` before).
    var lowerBounds: [Double] = []
    var exact: [Double] = []
    /// For a corridor: the segments that may be nearest, or empty until the exact distance is
    /// needed.
    var corridorSegments: [[Int32]] = []
    var path = ""

    var tagNames: [String] = []
    var tagIndex: [String: Int32] = [:]

    var count: Int { ids.count }

    mutating func intern(_ tag: String) -> Int32 {
        if let index = tagIndex[tag] { return index }
        let index = Int32(tagNames.count)
        tagNames.append(tag)
        tagIndex[tag] = index
        return index
    }

    /// Where the candidates are looked for and how far each is.
    enum Extent {
        case circle(center: Coordinate, flat: FlatDistance?)
        case corridor(DayCorridor)
    }

    /// Reads every place within `radius` of the extent that passes `filter`, but the ids in
    /// `excluded`.
    static func read(
        _ db: Database, extent: Extent, radius: Double, filter: PlaceFilter, excluded: Set<Int64>, readsProfile: Bool,
        path: String
    ) throws -> RecommendationCandidates {
        var result = RecommendationCandidates()
        let filterSQL = filter.sqlCondition()
        let moves = try PlaceMoves.pending(db, filter: filterSQL)
        let boxes: [SearchBox]
        switch extent {
        case .circle(let center, _): boxes = SearchBox.covering(center: center, radiusMeters: radius)
        case .corridor(let corridor): boxes = corridor.boxes
        }
        var seen = Set<Int64>()
        // The index's entry of a place another tool moved is stale: its columns decide instead.
        let movedIDs = moves?.ids ?? []
        var scanningMoves = false
        let deduplicates = boxes.count > 1 || moves != nil
        let columns =
            "p.id, p.latitude, p.longitude, p.likes, p.best_time" + (readsProfile ? ", p.tags, p.category" : "")
        func scan(_ sql: SQL) throws {
            let (text, arguments) = try sql.build(db)
            let statement = try db.cachedStatement(sql: text)
            try statement.setArguments(arguments)
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            while true {
                let status = sqlite3_step(raw)
                if status == SQLITE_DONE { break }
                guard status == SQLITE_ROW else {
                    throw FootprintStoreError.database(
                        path: path, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                let id = sqlite3_column_int64(raw, 0)
                guard sqlite3_column_type(raw, 1) != SQLITE_NULL, sqlite3_column_type(raw, 2) != SQLITE_NULL,
                    !excluded.contains(id), scanningMoves || !movedIDs.contains(id),
                    // A place in several boxes (a corridor's overlap) is measured once.
                    !deduplicates || seen.insert(id).inserted
                else { continue }
                let latitude = sqlite3_column_double(raw, 1)
                let longitude = sqlite3_column_double(raw, 2)
                guard let bound = result.bound(extent, radius: radius, latitude: latitude, longitude: longitude) else {
                    continue
                }
                result.ids.append(id)
                result.latitudes.append(latitude)
                result.longitudes.append(longitude)
                result.likes.append(Int(sqlite3_column_int64(raw, 3)))
                result.bestTimes.append(Self.text(raw, 4).flatMap(BestTime.init(stored:)))
                result.lowerBounds.append(bound.lower)
                result.exact.append(bound.exact ?? .nan)
                result.corridorSegments.append(bound.segments)
                if readsProfile {
                    result.tags.append(Hashtag.decode(Self.text(raw, 5) ?? "").map { result.intern($0) })
                    result.categories.append(Self.text(raw, 6))
                }
            }
        }
        let condition: SQL = filterSQL.map { " AND " + $0 } ?? ""
        if let moves {
            scanningMoves = true
            for (id, _) in moves.places {
                try scan("SELECT \(sql: columns) FROM places p WHERE p.id = \(id)" + condition)
            }
            scanningMoves = false
        }
        for box in boxes {
            try scan(
                """
                SELECT \(sql: columns) FROM idx_places_geom r JOIN places p ON p.id = r.pkid
                WHERE r.xmax >= \(box.west) AND r.xmin <= \(box.east) AND r.ymax >= \(box.south) AND r.ymin <= \(box.north)
                """ + condition)
        }
        return result
    }

    private static func text(_ raw: OpaquePointer?, _ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(raw, column) else { return nil }
        return String(cString: bytes)
    }

    /// The distance bounds of a place, or `nil` when it is surely outside. Places near the edge
    /// are measured exactly here, so the count of candidates is exact.
    func bound(_ extent: Extent, radius: Double, latitude: Double, longitude: Double)
        -> (lower: Double, exact: Double?, segments: [Int32])?
    {
        switch extent {
        case .circle(let center, let flat):
            guard let flat else {
                let d = Geodesic.distance(
                    from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
                return d <= radius ? (d, d, []) : nil
            }
            let estimate = flat.estimate(latitude: latitude, longitude: longitude)
            let slack = estimate * FlatDistance.relativeError + 1e-6
            if estimate - slack > radius { return nil }
            if estimate + slack > radius {
                let d = Geodesic.distance(
                    from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
                return d <= radius ? (d, d, []) : nil
            }
            return (max(0, estimate - slack), nil, [])
        case .corridor(let corridor):
            // The simplified route first: it is within the tolerance of the route, so most places
            // are surely out or surely in from it; those near the edge are screened against the
            // route itself, as every place was before.
            let error = DayCorridor.planarError
            let slack = corridor.tolerance + 1e-6
            guard
                let coarse = corridor.coarseDistance(
                    latitude: latitude, longitude: longitude, limit: radius * (1 + error) + 1 + slack)
            else { return nil }
            if (coarse + slack) * (1 + error) + 1 <= radius {
                return (max(0, (coarse - slack) * (1 - error) - 1), nil, [])
            }
            guard let screened = corridor.screen(latitude: latitude, longitude: longitude, margin: 0) else {
                return nil
            }
            let lower = max(0, screened.planar * (1 - DayCorridor.planarError) - 1)
            if screened.planar * (1 + DayCorridor.planarError) + 1 > radius {
                let d = corridor.exactDistance(latitude: latitude, longitude: longitude, segments: screened.segments)
                return d <= radius ? (d, d, screened.segments) : nil
            }
            return (lower, nil, screened.segments)
        }
    }

    /// The exact distance of candidate `index`.
    mutating func exactDistance(_ index: Int, extent: Extent) -> Double {
        if !exact[index].isNaN { return exact[index] }
        let d: Double
        switch extent {
        case .circle(let center, _):
            d = Geodesic.distance(
                from: center, to: Coordinate(uncheckedLatitude: latitudes[index], longitude: longitudes[index]))
        case .corridor(let corridor):
            // A place surely inside has not been screened against the route yet.
            let segments =
                corridorSegments[index].isEmpty
                ? corridor.screen(latitude: latitudes[index], longitude: longitudes[index], margin: 0)?.segments ?? []
                : corridorSegments[index]
            d = corridor.exactDistance(latitude: latitudes[index], longitude: longitudes[index], segments: segments)
        }
        exact[index] = d
        return d
    }
}
