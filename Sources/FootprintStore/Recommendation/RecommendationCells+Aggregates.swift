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
}
