import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

/// The cells of a circle, read from `recommend_cells` (``RecommendationCells/createSchemaV19(_:)``)
/// before any of their places: the ranking reads a cell's places only when the cell's best
/// possible score could still enter it (a branch and bound over cells, best first), and counts
/// the places of the cells it never reads from their aggregates.
///
/// For a query around a point with no filter, no history and nothing excluded: then each term
/// of a place is bounded by what its cell says — distance by the cell's nearest point, popularity
/// by its largest likes, time by whether any of its places has a best time, similarity 0,
/// novelty 1 — and the number of candidates is that of the places within the radius.
struct RecommendationCellQueue {
    struct Cell {
        var cell: Int64
        var places: Int
        var maxLikes: Int
        /// Whether any of its places has a best time.
        var timed: Bool
        /// At most the distance of any of its places within the radius.
        var nearest: Double
        /// Every point of the cell is within the radius.
        var isInside: Bool
        var isRead = false
    }

    private(set) var cells: [Cell] = []
    private let unfiltered = CandidateFilter(PlaceFilter())

    /// WGS84, EPSG:7030.
    private static let a = 6_378_137.0
    private static let eSquared = (1 / 298.257223563) * (2 - 1 / 298.257223563)

    /// At least the distance from `center` to any point of the box: the length of the path on
    /// which latitude and longitude change in proportion (a geodesic is no longer) is at most
    /// √((M Δφ)² + (P Δλ)²), with `M` the largest meridional radius and `P` the largest parallel
    /// radius `N cos φ` of the latitudes it crosses, and `Δφ`, `Δλ` to the farthest corner.
    static func farthest(center: Coordinate, south: Double, north: Double, west: Double, east: Double) -> Double {
        let low = min(center.latitude, south)
        let high = max(center.latitude, north)
        let steepest = max(abs(low), abs(high)) * .pi / 180
        let flattest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high)) * .pi / 180
        let sine = sin(steepest)
        let meridional = a * (1 - eSquared) / pow(1 - eSquared * sine * sine, 1.5)
        let flatSine = sin(flattest)
        let parallel = a * cos(flattest) / (1 - eSquared * flatSine * flatSine).squareRoot()
        let latitude = max(north - center.latitude, center.latitude - south) * .pi / 180 * meridional
        let longitude = max(east - center.longitude, center.longitude - west) * .pi / 180 * parallel
        return (latitude * latitude + longitude * longitude).squareRoot() * (1 + 1e-9) + 1e-6
    }

    /// The cells of the circle, or `nil` when they cannot be used: no `recommend_cells` table
    /// (a file from before `v19-recommend-cells`) or a box split at the antimeridian.
    static func make(_ db: Database, center: Coordinate, radius: Double, path: String) throws -> Self? {
        let boxes = SearchBox.covering(center: center, radiusMeters: radius)
        guard boxes.count == 1, let box = boxes.first, box.west > -180 || box.east < 180,
            try db.tableExists("recommend_cells")
        else { return nil }
        // The bound of ``RecommendationCells/ranges(center:radiusMeters:)``: a point within the
        // radius is at least √(N² + E²) away, N and E the latitude and longitude gaps on the
        // smallest meridional radius and the parallel radius of the box's highest latitude.
        let parallel = SearchBox.equatorialRadius * cos(max(abs(box.south), abs(box.north)) * .pi / 180)
        let perDegree = RecommendationCells.perDegree
        var queue = RecommendationCellQueue()
        let statement = try db.cachedStatement(
            sql: "SELECT cell, places, max_likes, timed FROM recommend_cells WHERE cell BETWEEN ? AND ?")
        let raw = statement.sqliteStatement
        for range in RecommendationCells.ranges(center: center, radiusMeters: radius) {
            sqlite3_bind_int64(raw, 1, range.lowerBound)
            sqlite3_bind_int64(raw, 2, range.upperBound)
            defer { sqlite3_reset(raw) }
            while try statement.stepRow(path: path) {
                let cell = sqlite3_column_int64(raw, 0)
                let band = Double(cell / RecommendationCells.stride)
                let column = Double(cell % RecommendationCells.stride)
                let south = band / perDegree - 90 - 1e-9
                let north = (band + 1) / perDegree - 90 + 1e-9
                let west = column / perDegree - 180 - 1e-9
                let east = (column + 1) / perDegree - 180 + 1e-9
                let northSouth =
                    max(0, south - center.latitude, center.latitude - north) * .pi / 180
                    * SearchBox.minimumMeridionalRadius
                let eastWest = max(0, west - center.longitude, center.longitude - east) * .pi / 180 * parallel
                let nearest = (northSouth * northSouth + eastWest * eastWest).squareRoot() * (1 - 1e-9) - 1e-6
                // A metre to spare: the places at the edge are left to the exact count.
                let farthest = Self.farthest(center: center, south: south, north: north, west: west, east: east)
                queue.cells.append(
                    Cell(
                        cell: cell, places: Int(sqlite3_column_int64(raw, 1)),
                        maxLikes: Int(sqlite3_column_int64(raw, 2)),
                        timed: sqlite3_column_int64(raw, 3) > 0, nearest: max(0, nearest),
                        isInside: farthest + 1 <= radius))
            }
        }
        return queue
    }

    /// Reads the places of cell `slot` into `candidates`.
    mutating func read(
        _ slot: Int, into candidates: inout RecommendationCandidates, reader: RecommendationCandidates.CellReader
    ) throws {
        cells[slot].isRead = true
        let cell = cells[slot].cell
        try reader.read(cell...cell, into: &candidates, filter: unfiltered, excluded: [])
    }

    /// The places within the radius of the cells not read: those of the cells inside from their
    /// aggregates, the others counted row by row (runs of neighbouring cells in one scan).
    func unreadCount(reader: RecommendationCandidates.CellReader) throws -> Int {
        var total = 0
        var run: ClosedRange<Int64>?
        for cell in cells {
            if let current = run,
                cell.isRead || cell.isInside
                    || cell.cell / RecommendationCells.stride != current.lowerBound
                        / RecommendationCells.stride
            {
                total += try reader.count(current)
                run = nil
            }
            if cell.isRead { continue }
            if cell.isInside {
                total += cell.places
            } else {
                run = (run?.lowerBound ?? cell.cell)...cell.cell
            }
        }
        if let run { total += try reader.count(run) }
        return total
    }
}
