import GRDB

extension RecommendationCells {
    /// The columns of `recommend_candidates` from `v17-recommend-profiles` on, after `cell`: with
    /// the category, tags and name, filters, similarity and diversity read the compact table too
    /// and `places` is read only for the page's spots.
    static let columns = "id, latitude, longitude, likes, best_time, category, tags, name"

    /// The values of ``columns`` (with the cell first) of the `places` row named `row`.
    static func values(of row: String) -> String {
        let cell = cellSQL.replacingOccurrences(of: "%@", with: row)
        return "\(cell), \(row).id, \(row).latitude, \(row).longitude, \(row).likes, \(row).best_time, "
            + "\(row).category, \(row).tags, \(row).name"
    }

    /// Migration `v17-recommend-profiles`: `recommend_candidates` again, now also holding each
    /// place's category, tags and name (the brand is computed from it), filled from `places`, and
    /// its three triggers, plain SQL as before, the update one also firing on the three new
    /// columns.
    static func createSchemaV17(_ db: Database) throws {
        let cell = { (row: String) in cellSQL.replacingOccurrences(of: "%@", with: row) }
        try db.execute(
            sql: """
                DROP TRIGGER IF EXISTS recommend_candidates_insert;
                DROP TRIGGER IF EXISTS recommend_candidates_update;
                DROP TRIGGER IF EXISTS recommend_candidates_delete;
                DROP TABLE IF EXISTS recommend_candidates;
                CREATE TABLE recommend_candidates (
                    cell INTEGER NOT NULL,
                    id INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    likes INTEGER NOT NULL,
                    best_time TEXT,
                    category TEXT,
                    tags TEXT,
                    name TEXT,
                    PRIMARY KEY (cell, id)
                ) WITHOUT ROWID;
                INSERT INTO recommend_candidates (cell, \(columns))
                    SELECT \(values(of: "p")) FROM places p
                    WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL ORDER BY 1, 2;
                CREATE TRIGGER recommend_candidates_insert AFTER INSERT ON places
                WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
                BEGIN
                    INSERT OR REPLACE INTO recommend_candidates (cell, \(columns)) VALUES (\(values(of: "NEW")));
                END;
                CREATE TRIGGER recommend_candidates_update
                AFTER UPDATE OF id, latitude, longitude, likes, best_time, category, tags, name ON places
                BEGIN
                    DELETE FROM recommend_candidates WHERE cell = \(cell("OLD")) AND id = OLD.id;
                    INSERT OR REPLACE INTO recommend_candidates (cell, \(columns))
                        SELECT \(values(of: "NEW")) WHERE NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL;
                END;
                CREATE TRIGGER recommend_candidates_delete AFTER DELETE ON places
                BEGIN
                    DELETE FROM recommend_candidates WHERE cell = \(cell("OLD")) AND id = OLD.id;
                END;
                """)
    }
}
