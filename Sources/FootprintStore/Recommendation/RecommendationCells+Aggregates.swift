import GRDB

extension RecommendationCells {
    /// Migration `v19-recommend-cells`: `recommend_cells`, one row a non-empty cell of
    /// `recommend_candidates` with its number of places, their largest likes and how many have a
    /// best time, filled from the candidate table, and the triggers that keep it in step.
    ///
    /// A query around a point without filters or history reads these rows first and the rows of
    /// a cell only when the cell's best possible score could still enter the ranking
    /// (``RecommendationCellQueue``); the cells it never reads count their places from here.
    ///
    /// The triggers are on `recommend_candidates`, so every writer of that table is followed —
    /// the triggers on `places` and an import's one statement a batch alike. Its writers insert
    /// with `INSERT OR REPLACE`, whose replaced row fires no delete trigger (recursive triggers are
    /// off): `recommend_cells_replace` takes that row out of its cell before the insert.
    static func createSchemaV19(_ db: Database) throws {
        // Likes as `sqlite3_column_int64` reads them (the ranking's popularity), so the largest
        // bounds what the ranking computes whatever was stored.
        let likes = { (row: String) in "CAST(\(row).likes AS INTEGER)" }
        try db.execute(
            sql: """
                CREATE TABLE recommend_cells (
                    cell INTEGER PRIMARY KEY,
                    places INTEGER NOT NULL,
                    max_likes INTEGER NOT NULL,
                    timed INTEGER NOT NULL
                );
                INSERT INTO recommend_cells (cell, places, max_likes, timed)
                    SELECT cell, count(*), max(\(likes("c"))), count(best_time) FROM recommend_candidates c
                    GROUP BY cell ORDER BY cell;
                CREATE TRIGGER recommend_cells_replace BEFORE INSERT ON recommend_candidates
                WHEN EXISTS (SELECT 1 FROM recommend_candidates WHERE cell = NEW.cell AND id = NEW.id)
                BEGIN
                    UPDATE recommend_cells SET
                        places = places - 1,
                        timed = timed - (
                            SELECT best_time IS NOT NULL FROM recommend_candidates
                            WHERE cell = NEW.cell AND id = NEW.id),
                        max_likes = coalesce((
                            SELECT max(\(likes("c"))) FROM recommend_candidates c
                            WHERE c.cell = NEW.cell AND c.id <> NEW.id), 0)
                    WHERE cell = NEW.cell;
                END;
                CREATE TRIGGER recommend_cells_insert AFTER INSERT ON recommend_candidates
                BEGIN
                    INSERT INTO recommend_cells (cell, places, max_likes, timed)
                    VALUES (NEW.cell, 1, \(likes("NEW")), NEW.best_time IS NOT NULL)
                    ON CONFLICT (cell) DO UPDATE SET
                        max_likes = CASE WHEN places <= 0 THEN excluded.max_likes
                            ELSE max(max_likes, excluded.max_likes) END,
                        places = places + 1,
                        timed = timed + excluded.timed;
                END;
                CREATE TRIGGER recommend_cells_delete AFTER DELETE ON recommend_candidates
                BEGIN
                    UPDATE recommend_cells SET
                        places = places - 1,
                        timed = timed - (OLD.best_time IS NOT NULL),
                        max_likes = CASE WHEN \(likes("OLD")) < max_likes THEN max_likes
                            ELSE coalesce((
                                SELECT max(\(likes("c"))) FROM recommend_candidates c WHERE c.cell = OLD.cell), 0)
                            END
                    WHERE cell = OLD.cell;
                    DELETE FROM recommend_cells WHERE cell = OLD.cell AND places <= 0;
                END;
                """)
    }

    /// The triggers that keep `recommend_cells` in step with each inserted candidate. An import's
    /// batch suspends them around its one insert of the new places' candidates
    /// (``PlaceBatchWriter/recordChanges(_:insertedAbove:)``) and counts the touched cells again
    /// with ``recountCells(_:ofPlacesAbove:)``; the delete trigger stays in force.
    static let cellTriggers = ["recommend_cells_replace", "recommend_cells_insert"]

    /// Counts again, from `recommend_candidates`, every cell that holds a place of id above `id`:
    /// the candidate table is the truth, so a recount is right whatever the cell held before.
    ///
    /// When the new places are many beside the older ones (their ids span a third of the older
    /// ones' or more), every cell is counted in one pass down the table: on the 1M peer places
    /// that takes 0.44 s of CPU, where looking up the 392,901 touched cells one by one takes 2.0 s.
    static func recountCells(_ db: Database, ofPlacesAbove id: Int64) throws {
        let newest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0
        let counts =
            "SELECT cell, count(*), max(CAST(c.likes AS INTEGER)), count(best_time) FROM recommend_candidates c"
        if newest - id >= id / 3 {
            try db.execute(
                sql: """
                    DELETE FROM recommend_cells;
                    INSERT INTO recommend_cells (cell, places, max_likes, timed) \(counts) GROUP BY cell ORDER BY cell;
                    """)
            return
        }
        let cell = cellSQL.replacingOccurrences(of: "%@", with: "places")
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO recommend_cells (cell, places, max_likes, timed) \(counts)
                WHERE cell IN (
                    SELECT \(cell) FROM places WHERE id > ? AND latitude IS NOT NULL AND longitude IS NOT NULL)
                GROUP BY cell ORDER BY cell
                """,
            arguments: [id])
    }
}
