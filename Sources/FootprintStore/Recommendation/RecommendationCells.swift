import FootprintGeo
import Foundation
import GRDB

/// The compact copy of what ranking reads of every place — position, likes, best time — kept in
/// `recommend_candidates` (migration `v16-recommend-candidates`), clustered by a grid cell of
/// 1/500° (≈ 220 m north–south), so the places of a radius are one B-tree range a band of cells.
///
/// Reading the 10,000 places of a 3 km radius this way costs ~0.2 µs a row; through the spatial
/// index joined to `places` (a wide row behind a separate B-tree descent) it cost ~4 µs. Plain-SQL
/// triggers keep the table in step with `places` on every write, Footprint's or another tool's
/// (no SpatiaLite function), and the cell is taken from the `latitude`/`longitude` columns, which
/// decide a place's position (see ``PlaceMoves``).
enum RecommendationCells {
    /// Cells per degree of latitude and of longitude.
    static let perDegree = 500.0
    /// `cell = band × stride + column`: more than the 180,000 columns of a band.
    static let stride: Int64 = 200_000

    /// The cell of a position, as the triggers compute it: truncation of non-negative numbers,
    /// the same IEEE operations in SQLite and Swift, so the same integer.
    static let cellSQL =
        "CAST((%@.latitude + 90) * 500 AS INTEGER) * 200000 + CAST((%@.longitude + 180) * 500 AS INTEGER)"

    private static func cell(of row: String) -> String {
        cellSQL.replacingOccurrences(of: "%@", with: row)
    }

    /// Migration `v16-recommend-candidates`: the table, filled from `places`, and its triggers.
    static func createSchemaV16(_ db: Database) throws {
        let columns = "id, latitude, longitude, likes, best_time"
        func values(_ row: String) -> String {
            "\(cell(of: row)), \(row).id, \(row).latitude, \(row).longitude, \(row).likes, \(row).best_time"
        }
        try db.execute(
            sql: """
                CREATE TABLE recommend_candidates (
                    cell INTEGER NOT NULL,
                    id INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    likes INTEGER NOT NULL,
                    best_time TEXT,
                    PRIMARY KEY (cell, id)
                ) WITHOUT ROWID;
                INSERT INTO recommend_candidates (cell, \(columns))
                    SELECT \(values("p")) FROM places p
                    WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL ORDER BY 1, 2;
                CREATE TRIGGER recommend_candidates_insert AFTER INSERT ON places
                WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
                BEGIN
                    INSERT OR REPLACE INTO recommend_candidates (cell, \(columns)) VALUES (\(values("NEW")));
                END;
                CREATE TRIGGER recommend_candidates_update
                AFTER UPDATE OF id, latitude, longitude, likes, best_time ON places
                BEGIN
                    DELETE FROM recommend_candidates WHERE cell = \(cell(of: "OLD")) AND id = OLD.id;
                    INSERT OR REPLACE INTO recommend_candidates (cell, \(columns))
                        SELECT \(values("NEW")) WHERE NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL;
                END;
                CREATE TRIGGER recommend_candidates_delete AFTER DELETE ON places
                BEGIN
                    DELETE FROM recommend_candidates WHERE cell = \(cell(of: "OLD")) AND id = OLD.id;
                END;
                """)
    }

    /// The column of a longitude and the band of a latitude, clamped to the valid ranges.
    static func column(_ longitude: Double) -> Int64 { Int64((min(180, max(-180, longitude)) + 180) * perDegree) }
    static func band(_ latitude: Double) -> Int64 { Int64((min(90, max(-90, latitude)) + 90) * perDegree) }

    /// Key ranges (`cell BETWEEN lower AND upper`) that together hold every cell touching one of
    /// `boxes`, each cell once: per band the boxes' column intervals merged.
    static func ranges(covering boxes: [SearchBox]) -> [ClosedRange<Int64>] {
        var intervals: [Int64: [ClosedRange<Int64>]] = [:]
        for box in boxes where box.south <= box.north && box.west <= box.east {
            let columns = column(box.west)...column(box.east)
            for band in band(box.south)...band(box.north) { intervals[band, default: []].append(columns) }
        }
        return merged(intervals)
    }

    /// The ranges for a circle: per band only the columns a point of that band within the radius
    /// can have, so the corners of the circle's box are not read.
    ///
    /// A path of length `s` from the centre to a point moves `N` north–south and `E` east–west
    /// with `s ≥ √(N² + E²)` (Minkowski), `N` at least the latitude difference on the smallest
    /// meridional radius, `E` at least the longitude difference on the parallel radius `a cos φ`
    /// of the highest latitude the circle reaches (as ``SearchBox``): so a band at `N` from the
    /// centre needs longitudes within `√(r² − N²) / (a cos φ)`.
    static func ranges(center: Coordinate, radiusMeters: Double) -> [ClosedRange<Int64>] {
        let boxes = SearchBox.covering(center: center, radiusMeters: radiusMeters)
        guard boxes.count == 1, let box = boxes.first, box.west > -180 || box.east < 180 else {
            return ranges(covering: boxes)
        }
        let radius = radiusMeters * (1 + 1e-9) + 1e-6
        let highest = max(abs(box.south), abs(box.north))
        let parallel = SearchBox.equatorialRadius * cos(highest * .pi / 180)
        var intervals: [Int64: [ClosedRange<Int64>]] = [:]
        for band in band(box.south)...band(box.north) {
            // The band's latitudes, widened by a hair for the rounding of the cell computation.
            let bandSouth = Double(band) / perDegree - 90 - 1e-9
            let bandNorth = Double(band + 1) / perDegree - 90 + 1e-9
            let gap = max(0, bandSouth - center.latitude, center.latitude - bandNorth)
            let northSouth = gap * .pi / 180 * SearchBox.minimumMeridionalRadius
            guard northSouth <= radius else { continue }
            let span =
                ((radius * radius - northSouth * northSouth).squareRoot() / parallel * 180 / .pi) * (1 + 1e-9)
                + 1e-9
            let west = max(box.west, center.longitude - span)
            let east = min(box.east, center.longitude + span)
            intervals[band, default: []].append(column(west)...column(east))
        }
        return merged(intervals)
    }

    private static func merged(_ intervals: [Int64: [ClosedRange<Int64>]]) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for band in intervals.keys.sorted() {
            var last: ClosedRange<Int64>?
            for columns in intervals[band]!.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let current = last, columns.lowerBound <= current.upperBound + 1 {
                    last = current.lowerBound...max(current.upperBound, columns.upperBound)
                } else {
                    if let current = last {
                        result.append(band * stride + current.lowerBound...band * stride + current.upperBound)
                    }
                    last = columns
                }
            }
            if let current = last {
                result.append(band * stride + current.lowerBound...band * stride + current.upperBound)
            }
        }
        return result
    }
}
