import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

extension RecommendationCandidates {
    /// The candidates from `recommend_candidates` (``RecommendationCells``): one range scan a band
    /// of cells, reading the position, likes and best time of each place and nothing else.
    ///
    /// For a query without filters whose similarity term is 0 for every place (no anchor place,
    /// no visit history); the rest read `places` (``read(_:extent:radius:filter:excluded:readsProfile:path:)``).
    /// Every candidate is complete: popularity and time are exact from the start and only the
    /// distance is a bound until the ranking needs it exactly. The table follows the `latitude`
    /// and `longitude` columns, so a place another tool moved is where its columns say.
    static func readCells(
        _ db: Database, extent: Extent, radius: Double, excluded: Set<Int64>, path: String
    ) throws -> RecommendationCandidates {
        var result = RecommendationCandidates()
        result.path = path
        let ranges: [ClosedRange<Int64>]
        switch extent {
        case .circle(let center, _): ranges = RecommendationCells.ranges(center: center, radiusMeters: radius)
        case .corridor(let corridor): ranges = RecommendationCells.ranges(covering: corridor.boxes)
        }
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, latitude, longitude, likes, best_time FROM recommend_candidates
                WHERE cell BETWEEN ? AND ?
                """)
        let raw = statement.sqliteStatement
        for range in ranges {
            sqlite3_bind_int64(raw, 1, range.lowerBound)
            sqlite3_bind_int64(raw, 2, range.upperBound)
            defer { sqlite3_reset(raw) }
            while true {
                let status = sqlite3_step(raw)
                if status == SQLITE_DONE { break }
                guard status == SQLITE_ROW else {
                    throw FootprintStoreError.database(
                        path: path, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                let id = sqlite3_column_int64(raw, 0)
                let latitude = sqlite3_column_double(raw, 1)
                let longitude = sqlite3_column_double(raw, 2)
                // Each place is in one cell and the ranges do not overlap: no place comes twice.
                guard let bound = result.bound(extent, radius: radius, latitude: latitude, longitude: longitude),
                    !excluded.contains(id)
                else { continue }
                result.ids.append(id)
                result.latitudes.append(latitude)
                result.longitudes.append(longitude)
                result.likes.append(Int(sqlite3_column_int64(raw, 3)))
                if let text = sqlite3_column_text(raw, 4) {
                    result.bestTimes.append(BestTime(stored: String(cString: text)))
                } else {
                    result.bestTimes.append(nil)
                }
                result.lowerBounds.append(bound.lower)
                result.exact.append(bound.exact ?? .nan)
                result.corridorSegments.append(bound.segments)
            }
        }
        return result
    }
}
