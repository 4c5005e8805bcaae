import GRDB

extension SearchIndex {
    /// The fields whose lengths `search_field_lengths` keeps, as positions in ``textColumns`` (its
    /// stored `field` numbers): `address`, `road_address`, `note` — the long fields a district name
    /// (`서울특별시`, `강남구`) is found in for most places, and `search_text`'s columns.
    static let lengthKeyedColumns = [2, 3, 4]

    /// Migration `v8-address-search`: `search_field_lengths(field, id, length, likes)`, one row per
    /// place and non-empty field of ``lengthKeyedColumns``, ordered so that a search can read the
    /// places whose match in that field could rank highest first (``SearchRun`` walks it); and
    /// `search_short_fields(category, tags)`, the other two fields of `search_text` again, so that
    /// the places holding a district name there are found without reading the doclists of every
    /// address (a column filter on `search_text` reads them all: ~250 ms at 1M). Since
    /// `v21-search-text-split` it is their only index.
    ///
    /// `length` is a lower bound of the field's search-normalized length (the fit of a match in
    /// it is then an upper bound): the exact length of text made of printable ASCII and Hangul
    /// syllables — spaces dropped, as the search's normalization does — and 0 for any other text
    /// (``registerFieldLengthFunction(_:)``). It is kept in step by ``fold(_:)`` and
    /// ``rebuild(_:)``; `likes` by a plain-SQL trigger, so that another tool's edits keep it right.
    static func createSchemaV8(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE search_short_fields USING fts5(
                    category, tags, content='places', content_rowid='id', tokenize='footprint');
                INSERT INTO search_short_fields(search_short_fields, rank) VALUES ('hashsize', 33554432);
                CREATE TABLE search_field_lengths (
                    field INTEGER NOT NULL,
                    id INTEGER NOT NULL,
                    length INTEGER NOT NULL,
                    likes INTEGER NOT NULL,
                    PRIMARY KEY (field, id)
                ) WITHOUT ROWID;
                CREATE INDEX search_field_lengths_order ON search_field_lengths(field, length, likes);
                CREATE TRIGGER search_field_lengths_likes AFTER UPDATE OF likes ON places
                WHEN NEW.likes IS NOT OLD.likes BEGIN
                    UPDATE search_field_lengths SET likes = NEW.likes WHERE field IN (\(keyedList)) AND id = OLD.id;
                END;
                """)
        try rebuildFieldLengths(db)
    }

    /// Whether the store has `search_field_lengths` (a store migrated to `v8-address-search`).
    static func hasFieldLengths(_ db: Database) throws -> Bool {
        try db.tableExists("search_field_lengths")
    }

    /// Fills `search_field_lengths` and `search_short_fields` anew from `places`.
    static func rebuildFieldLengths(_ db: Database) throws {
        guard try hasFieldLengths(db) else { return }
        try db.execute(sql: "INSERT INTO search_short_fields(search_short_fields) VALUES ('rebuild')")
        try rebuildFieldLengthRows(db)
    }

    /// Fills `search_field_lengths` anew from `places` (``rebuildFieldLengths(_:)`` without
    /// `search_short_fields`), or with the rows of the table of that name in the attached schema
    /// `copyingFrom` (a ``SearchIndexBuild``'s).
    static func rebuildFieldLengthRows(_ db: Database, copyingFrom schema: String? = nil) throws {
        guard try hasFieldLengths(db) else { return }
        let rows =
            schema.map {
                """
                INSERT INTO main.search_field_lengths(field, id, length, likes)
                SELECT field, id, length, likes FROM \($0).search_field_lengths ORDER BY field, id
                """
            } ?? insertFieldLengths(from: "places p", where: "1")
        // Rows appended in key order, the ranking index sorted once: ~3× faster at 1M places than
        // inserting into both.
        try db.execute(
            sql: """
                DELETE FROM search_field_lengths;
                DROP INDEX search_field_lengths_order;
                \(rows);
                CREATE INDEX search_field_lengths_order ON search_field_lengths(field, length, likes);
                """)
    }

    /// Brings the rows of the pending places of `place_changes` up to date; before it is emptied.
    static func foldFieldLengths(_ db: Database) throws {
        guard try hasFieldLengths(db) else { return }
        try db.execute(
            sql: """
                INSERT INTO search_short_fields(search_short_fields, rowid, category, tags)
                    SELECT 'delete', place_id, old_category, old_tags FROM place_changes WHERE indexed = 1;
                INSERT INTO search_short_fields(rowid, category, tags)
                    SELECT p.id, p.category, p.tags FROM place_changes c JOIN places p ON p.id = c.place_id
                    WHERE c.deleted = 0;
                """)
        try db.execute(
            sql: """
                DELETE FROM search_field_lengths
                WHERE field IN (\(keyedList)) AND id IN (SELECT place_id FROM place_changes)
                """)
        try db.execute(
            sql: insertFieldLengths(
                from: "place_changes c JOIN places p ON p.id = c.place_id", where: "c.deleted = 0"))
    }

    /// ``lengthKeyedColumns`` as an SQL list.
    private static var keyedList: String { lengthKeyedColumns.map(String.init).joined(separator: ", ") }

    /// `INSERT … SELECT` of the rows of the places that `source` and `condition` select.
    private static func insertFieldLengths(from source: String, where condition: String) -> String {
        let selects = lengthKeyedColumns.map { column in
            let name = "p." + textColumns[column]
            return """
                SELECT \(column), p.id, \(fieldLengthFunctionName)(\(name)), p.likes
                FROM \(source) WHERE \(condition) AND \(name) IS NOT NULL AND \(name) <> ''
                """
        }
        return "INSERT OR REPLACE INTO search_field_lengths(field, id, length, likes)\n"
            + selects.joined(separator: "\nUNION ALL\n")
    }
}
