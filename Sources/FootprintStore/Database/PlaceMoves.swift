import FootprintGeo
import GRDB

/// Places another tool moved by writing `latitude`/`longitude` without `geom` (a plain `sqlite3`
/// connection cannot build SpatiaLite's geometry blob): the spatial index still has them where
/// they were.
///
/// Migration `v4-place-moves` adds the table and its plain-SQL trigger. Until Footprint's next
/// write, spatial look-ups (``FootprintStore/candidates(_:center:radiusMeters:filter:)``) take
/// a moved place from its columns instead of the index; the next write sets its `geom` from the
/// columns (``fold(_:)``), which brings the index along. The columns win because they are what
/// the other tool wrote last: when a tool writes `geom`, the `places_coordinates_update` trigger
/// sets the columns from it (and may record a harmless move of a place to where it is).
enum PlaceMoves {
    static func createSchemaV4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE place_moves (place_id INTEGER PRIMARY KEY);
                CREATE TRIGGER place_moves_update AFTER UPDATE OF latitude, longitude ON places
                WHEN NEW.geom IS OLD.geom
                    AND (NEW.latitude IS NOT OLD.latitude OR NEW.longitude IS NOT OLD.longitude)
                BEGIN
                    INSERT OR IGNORE INTO place_moves(place_id) VALUES (NEW.id);
                END;
                """)
    }

    /// Sets the `geom` of every moved place from its columns and forgets the moves. Needs
    /// SpatiaLite (`MakePoint`): write connections load it.
    static func fold(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM place_moves)") == true else { return }
        try db.execute(
            sql: """
                UPDATE places SET geom = CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL
                    ELSE MakePoint(longitude, latitude, 4326) END
                WHERE id IN (SELECT place_id FROM place_moves);
                DELETE FROM place_moves;
                """)
    }

    /// The moved places: every id (to be ignored in the index), and those with coordinates that
    /// pass `filter` (an SQL condition on `places` aliased `p`) with their coordinates.
    static func pending(_ db: Database, filter: SQL?) throws -> (ids: Set<Int64>, places: [(Int64, Coordinate)])? {
        // A cached statement: every radius and k-nearest look-up asks (~1 µs, not a prepare).
        let anyMove = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM place_moves)")
        guard try Bool.fetchOne(anyMove) == true else { return nil }
        let ids = Set(try Int64.fetchAll(db, sql: "SELECT place_id FROM place_moves"))
        var sql: SQL = """
            SELECT p.id, p.latitude, p.longitude FROM place_moves m JOIN places p ON p.id = m.place_id
            WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL
            """
        if let filter { sql = sql + " AND " + filter }
        let (text, arguments) = try sql.build(db)
        let places = try Row.fetchAll(db, sql: text, arguments: arguments).map { row in
            (row[0] as Int64, Coordinate(uncheckedLatitude: row[1], longitude: row[2]))
        }
        return (ids, places)
    }
}
