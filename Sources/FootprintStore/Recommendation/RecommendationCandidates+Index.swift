import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

extension RecommendationCandidates {
    /// The candidates from the spatial index alone: ids and distance bounds from its boxes, rows
    /// of `places` unread (``loaded`` false) but for the few near the edge, whose exact positions
    /// decide whether they count. ``load(_:extent:)`` reads a row when the ranking needs it.
    ///
    /// For a query without filters whose similarity term is 0 for every place (no anchor place,
    /// no visit history): then the unread terms have bounds (popularity and time at most 1), and
    /// a place far down the ranking is never read at all. `excluded` and `visited` (the places
    /// `--unvisited` leaves out) are left out here, in memory.
    static func readIndex(
        _ db: Database, extent: Extent, radius: Double, excluded: Set<Int64>, path: String
    ) throws -> RecommendationCandidates {
        var result = RecommendationCandidates()
        result.path = path
        let boxes: [SearchBox]
        switch extent {
        case .circle(let center, _): boxes = SearchBox.covering(center: center, radiusMeters: radius)
        case .corridor(let corridor): boxes = corridor.boxes
        }
        var seen = Set<Int64>()
        let statement = try db.cachedStatement(
            sql: """
                SELECT pkid, (xmin + xmax) / 2, (ymin + ymax) / 2, xmax - xmin, ymax - ymin FROM idx_places_geom
                WHERE xmax >= ? AND xmin <= ? AND ymax >= ? AND ymin <= ?
                """)
        let raw = statement.sqliteStatement
        for box in boxes {
            try statement.setArguments([box.west, box.east, box.south, box.north])
            defer { sqlite3_reset(raw) }
            while true {
                let status = sqlite3_step(raw)
                if status == SQLITE_DONE { break }
                guard status == SQLITE_ROW else {
                    throw FootprintStoreError.database(
                        path: path, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                let id = sqlite3_column_int64(raw, 0)
                // A place in several boxes (a corridor's overlap) is measured once.
                guard !excluded.contains(id), boxes.count == 1 || seen.insert(id).inserted else { continue }
                let longitude = sqlite3_column_double(raw, 1)
                let latitude = sqlite3_column_double(raw, 2)
                let width = sqlite3_column_double(raw, 3)
                let height = sqlite3_column_double(raw, 4)
                // The float32 box holds its point; its centre is within half a diagonal of it, at
                // most 111.7 km a degree (the polar meridional radius).
                let boxSlack = 0.5 * 111_700 * (width * width + height * height).squareRoot()
                guard
                    let bound = result.indexBound(
                        extent, radius: radius, latitude: latitude, longitude: longitude, slack: boxSlack)
                else { continue }
                result.append(id: id, latitude: latitude, longitude: longitude, lower: bound.lower)
                if !bound.sure {
                    // Near the edge: the exact position decides.
                    try result.load(result.count - 1, db: db, extent: extent)
                    if result.exact[result.count - 1] > radius { result.removeLast() }
                }
            }
        }
        return result
    }

    private mutating func append(id: Int64, latitude: Double, longitude: Double, lower: Double) {
        ids.append(id)
        latitudes.append(latitude)
        longitudes.append(longitude)
        likes.append(0)
        bestTimes.append(nil)
        lowerBounds.append(lower)
        exact.append(.nan)
        corridorSegments.append([])
        loaded.append(false)
    }

    private mutating func removeLast() {
        ids.removeLast()
        latitudes.removeLast()
        longitudes.removeLast()
        likes.removeLast()
        bestTimes.removeLast()
        lowerBounds.removeLast()
        exact.removeLast()
        corridorSegments.removeLast()
        loaded.removeLast()
    }

    /// A lower bound of the distance of a place whose position is known to within `slack`
    /// metres, and whether it is surely within `radius`; `nil` when it is surely outside.
    private func indexBound(_ extent: Extent, radius: Double, latitude: Double, longitude: Double, slack: Double)
        -> (lower: Double, sure: Bool)?
    {
        switch extent {
        case .circle(let center, let flat):
            let estimate =
                flat?.estimate(latitude: latitude, longitude: longitude)
                ?? Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            let error = slack + estimate * (flat == nil ? 0 : FlatDistance.relativeError) + 1e-6
            if estimate - error > radius { return nil }
            return (max(0, estimate - error), estimate + error <= radius)
        case .corridor(let corridor):
            guard let screened = corridor.screen(latitude: latitude, longitude: longitude, margin: slack) else {
                return nil
            }
            let lower = max(0, (screened.planar - slack) * (1 - DayCorridor.planarError) - 1)
            let upper = (screened.planar + slack) * (1 + DayCorridor.planarError) + 1
            if lower > radius { return nil }
            return (lower, upper <= radius)
        }
    }

    /// Reads the row of candidate `index`: its exact position, likes and best time, and measures
    /// its distance exactly.
    mutating func load(_ index: Int, db: Database, extent: Extent) throws {
        guard !loaded[index] else { return }
        let statement = try db.cachedStatement(
            sql: "SELECT latitude, longitude, likes, best_time FROM places WHERE id = ?")
        let raw = statement.sqliteStatement
        try statement.setArguments([ids[index]])
        defer { sqlite3_reset(raw) }
        guard sqlite3_step(raw) == SQLITE_ROW, sqlite3_column_type(raw, 0) != SQLITE_NULL,
            sqlite3_column_type(raw, 1) != SQLITE_NULL
        else {
            throw FootprintStoreError.database(
                path: path, message: "place \(ids[index]) is in the index but not in places")
        }
        latitudes[index] = sqlite3_column_double(raw, 0)
        longitudes[index] = sqlite3_column_double(raw, 1)
        likes[index] = Int(sqlite3_column_int64(raw, 2))
        if let text = sqlite3_column_text(raw, 3) { bestTimes[index] = BestTime(stored: String(cString: text)) }
        loaded[index] = true
        if case .corridor(let corridor) = extent {
            corridorSegments[index] =
                corridor.screen(latitude: latitudes[index], longitude: longitudes[index], margin: 0)?.segments ?? []
        }
        exact[index] = .nan
        let meters = exactDistance(index, extent: extent)
        lowerBounds[index] = meters
    }
}
