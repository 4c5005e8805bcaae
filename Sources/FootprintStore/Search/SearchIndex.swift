import GRDB

/// The search index: three external-content FTS5 tables over `places`, kept in step by
/// Footprint's own code rather than by triggers, so that any tool can write `places` without our
/// tokenizer. Each only finds candidates: they are ranked from their rows (``SearchMatcher``).
///
/// - `search_names(name)`: place names with the `footprint chosung` tokenizer — Hangul syllable
///   bigrams across spaces, a run's final unigram, lowercased words, and colocated 초성 (chosung —
///   initial consonant) bigrams. `columnsize=0`: the name's length, the only thing BM25 would
///   read from it, is taken from the name itself when ranking.
/// - `search_short_fields(category, tags)` (migration `v8-address-search`) and
///   `search_text(address, road_address, note)` (`v21-search-text-split`): the other searchable
///   fields, `footprint` tokenizer, each field in one of them; a look-up in "any other field" is
///   the union of both (``otherFieldIDs(_:expression:)``). `search_text` has `columnsize=0`;
///   `search_short_fields` keeps a `docsize` row for every place, which tells an indexed place.
///
/// **Keeping in step.** Plain-SQL triggers (migration `v2-search-index`) record every change to a
/// place's searchable text in `place_changes`: the place id, whether it is deleted, and — because
/// an external-content FTS5 table can only remove a row given the text it indexed — the row's
/// text as it was when last indexed (the first change since then wins). ``fold(_:)`` applies them
/// at the end of every Footprint write transaction; read commands never write, and treat the
/// pending places directly (``SearchIndex/pendingChanges(_:)``).
///
/// `place_changes.indexed` says what the index holds for a pending place: 1 — the `old_*` values;
/// 0 — nothing; `NULL` — unknown (a row written by SQL that is not ours, such as the bulk
/// importer's `INSERT OR REPLACE INTO place_changes(place_id, deleted)`). `search_short_fields`
/// keeps a `docsize` row for every place it indexes, so a place that is absent from it is simply
/// new; one that is present with unknown (or contradicting) old text makes ``fold(_:)`` rebuild
/// the index, the one answer that is right whatever the index holds.
enum SearchIndex {
    /// Below this many pending places ``fold(_:)`` always updates row by row; from it on, it
    /// compares with the table size (a rebuild reads every place).
    static let smallPendingCount = 1000
    /// A rebuild beats row-by-row updates when more than this share of the places is pending
    /// (measured at 1M places: folding 100k changed places takes 1.4 s, 200k 2.4 s, a rebuild of
    /// both tables 3.0 s).
    static let rebuildShare = 0.25

    /// The searchable columns of `places`, besides `name`: `place_changes` keeps the indexed text
    /// of each in `old_<column>`, and `search_field_lengths.field` stores a field as its position
    /// here (the column order of `search_text` until `v21-search-text-split`, kept so that stored
    /// rows keep their meaning).
    static let textColumns = ["category", "tags", "address", "road_address", "note"]

    /// `search_text`'s columns since `v21-search-text-split`: the long fields,
    /// ``lengthKeyedColumns`` (`search_short_fields` holds the other two).
    static var longTextColumns: [String] { lengthKeyedColumns.map { textColumns[$0] } }

    /// Applies the pending changes of `place_changes` to the FTS tables and empties it. Call it
    /// inside the write transaction that made the changes.
    static func fold(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM place_changes)") == true else { return }
        if try needsRebuild(db) {
            try rebuild(db)
            return
        }
        // Unknown rows of places the index does not hold are new places.
        try db.execute(sql: "UPDATE place_changes SET indexed = 0 WHERE indexed IS NULL")
        let textList = longTextColumns.joined(separator: ", ")
        let oldList = longTextColumns.map { "old_" + $0 }.joined(separator: ", ")
        let placeList = longTextColumns.map { "p." + $0 }.joined(separator: ", ")
        try foldFieldLengths(db)
        try db.execute(
            sql: """
                INSERT INTO search_names(search_names, rowid, name)
                    SELECT 'delete', place_id, old_name FROM place_changes WHERE indexed = 1;
                INSERT INTO search_text(search_text, rowid, \(textList))
                    SELECT 'delete', place_id, \(oldList) FROM place_changes WHERE indexed = 1;
                INSERT INTO search_names(rowid, name)
                    SELECT p.id, p.name FROM place_changes c JOIN places p ON p.id = c.place_id WHERE c.deleted = 0;
                INSERT INTO search_text(rowid, \(textList))
                    SELECT p.id, \(placeList) FROM place_changes c JOIN places p ON p.id = c.place_id
                    WHERE c.deleted = 0;
                DELETE FROM place_changes;
                """)
    }

    /// Rebuilds the FTS tables from `places` and empties `place_changes`.
    static func rebuild(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO search_names(search_names) VALUES ('rebuild');
                INSERT INTO search_text(search_text) VALUES ('rebuild');
                DELETE FROM place_changes;
                """)
        try rebuildFieldLengths(db)
        try OtherNames.rebuild(db)
    }

    /// Whether the pending set calls for a rebuild: the index holds something unknown for a
    /// pending place, or so many are pending that reading every place is cheaper.
    private static func needsRebuild(_ db: Database) throws -> Bool {
        let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") ?? 0
        if pending >= smallPendingCount {
            let places = try Int.fetchOne(db, sql: "SELECT count(*) FROM places") ?? 0
            if Double(pending) > rebuildShare * Double(places) { return true }
        }
        // A place recorded as new (or unknown) that the index holds after all — an `INSERT OR
        // REPLACE` by another tool replaces a row without its DELETE trigger — has unknown text;
        // so has one recorded as indexed that the index does not hold.
        let unknown = try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (
                    SELECT 1 FROM place_changes c
                    WHERE CASE
                        WHEN c.indexed = 1
                            THEN NOT EXISTS (SELECT 1 FROM search_short_fields_docsize d WHERE d.id = c.place_id)
                        WHEN c.indexed = 0 OR c.indexed IS NULL
                            THEN EXISTS (SELECT 1 FROM search_short_fields_docsize d WHERE d.id = c.place_id)
                        ELSE 1 END)
                """)
        return unknown == true
    }
}
