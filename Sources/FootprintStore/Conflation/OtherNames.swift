import GRDB

/// The names that sources merged into a place gave it, searchable as names: a merged place is
/// found by each of them, as one result (``SearchRun`` judges a match on another name as a match
/// on the place's name, and keeps each place once).
///
/// `search_other_names(name, place_id UNINDEXED)` is an FTS5 table with its own content, the
/// names tokenized as `search_names` tokenizes place names. Only Footprint writes it: when a
/// pair is merged into a place with a name that differs from the place's by more than spaces
/// and case, when it is split off again, and when a merge of places moves it. A row whose pair
/// is gone (another tool deleted the place; the `place_sources_removed` trigger took its pairs)
/// is ignored by search, which joins it to `place_sources`.
enum OtherNames {
    static let table = "search_other_names"

    static func createSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE \(table) USING fts5(name, place_id UNINDEXED, tokenize='footprint chosung suffixes starts');
                INSERT INTO \(table)(\(table), rank) VALUES ('hashsize', 33554432);
                """)
    }

    /// `INSERT` of one row: `?1` the name, `?2` the place id.
    static let insertSQL = "INSERT INTO \(table)(name, place_id) VALUES (?1, ?2)"

    /// Whether a merged pair's `name` must be indexed beside the place's `placeName`: when
    /// their letters and digits differ (``ConflationName/key(_:)``: a brand and its branch, a
    /// merge by hand). A spelling that differs only by spaces, case or punctuation is found by
    /// search's own folding of them, and most merged pairs are such spellings.
    static func isNeeded(_ name: String, placeName: String) -> Bool {
        ConflationName.key(name) != ConflationName.key(placeName)
    }

    /// Indexes `name` for place `id` when it is needed beside `placeName`.
    static func add(_ db: Database, placeID id: Int64, name: String, placeName: String) throws {
        guard isNeeded(name, placeName: placeName) else { return }
        try db.execute(sql: insertSQL, arguments: [name, id])
    }

    /// Drops `name` of place `id` from the index.
    static func remove(_ db: Database, placeID id: Int64, name: String) throws {
        try db.execute(sql: "DELETE FROM \(table) WHERE place_id = ? AND name = ?", arguments: [id, name])
    }

    /// Gives place `to` the indexed names of place `from`.
    static func move(_ db: Database, from: Int64, to: Int64) throws {
        try db.execute(sql: "UPDATE \(table) SET place_id = ? WHERE place_id = ?", arguments: [to, from])
    }

    /// Re-tokenizes the names (with the tokenizer of this build), when the store has them.
    static func rebuild(_ db: Database) throws {
        guard try db.tableExists(table) else { return }
        try db.execute(sql: "INSERT INTO \(table)(\(table)) VALUES ('rebuild')")
    }
}
