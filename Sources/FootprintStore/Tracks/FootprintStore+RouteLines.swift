import FootprintGeo
import GRDB
import GRDBSQLite

extension FootprintStore {
    /// Every stored route as lines, for maps of the whole diary (`render tile`, `render tiles`,
    /// `render map --bbox`): the points of each track that the noise filter kept, dated or not
    /// (a GPX route is an undated track), one line per track segment in point order. Parts are
    /// never joined, so a gap in the recording stays a gap.
    ///
    /// With `box`, only the lines with a point inside it, whole (the renderer clips them to what
    /// it draws). Lines of one point are left out: they draw nothing. Reads only; privacy zones
    /// are the caller's to apply (the renderer cuts lines at them).
    public func routeLines(in box: BoundingBox? = nil) throws -> [[Coordinate]] {
        try read { db in
            let statement = try db.makeStatement(
                sql:
                    "SELECT track_id, segment, latitude, longitude FROM track_points WHERE noise = 0 ORDER BY track_id, seq"
            )
            let raw = statement.sqliteStatement
            var lines: [[Coordinate]] = []
            var current: [Coordinate] = []
            var inBox = box == nil
            var key: (track: Int64, segment: Int64)?
            func flush() {
                if current.count >= 2, inBox { lines.append(current) }
                current = []
                inBox = box == nil
            }
            while try statement.stepRow(path: path) {
                let next = (track: sqlite3_column_int64(raw, 0), segment: sqlite3_column_int64(raw, 1))
                if let key, key != next { flush() }
                key = next
                let point = Coordinate(
                    uncheckedLatitude: sqlite3_column_double(raw, 2), longitude: sqlite3_column_double(raw, 3))
                if !inBox, let box, box.contains(point) { inBox = true }
                current.append(point)
            }
            flush()
            return lines
        }
    }
}
