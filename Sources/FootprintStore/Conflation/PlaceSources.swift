import GRDB

/// One `(source, source id)` pair of a place: where it was imported from.
public struct PlaceSource: Hashable, Sendable {
    /// The source's name (a file name, `naver`, `kakao`).
    public var source: String
    /// The place's id in that source.
    public var sourceID: String

    public init(source: String, sourceID: String) {
        self.source = source
        self.sourceID = sourceID
    }
}

/// The `(source, source id)` pairs of each place: a place that several sources list (the same
/// café from a CSV, Naver and Kakao) is one place with several pairs.
///
/// `place_sources(source, source_id, place_id, name, latitude, longitude)` holds every pair. The
/// place's own pair — the one in `places.source`/`places.source_id`, which other tools read —
/// has no `name`; a pair merged into the place keeps the name and position that source gave, so
/// that the place is found by that name (``OtherNames``) and a split can undo the merge. A
/// re-import of any pair updates its place; removing a place tombstones every pair of it in
/// `removed_sources` (a plain-SQL trigger, so a deletion by another tool does it too).
enum PlaceSources {
    /// Migration `v11-place-sources`: the table, filled from the places' own pairs, the trigger
    /// that tombstones a removed place's pairs, a partial index of places added by hand (so an
    /// import knows in O(1) whether there is any place of another source to match), and the
    /// search index of merged sources' names.
    static func createSchemaV11(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE place_sources (
                    source TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    place_id INTEGER NOT NULL,
                    name TEXT,
                    latitude REAL,
                    longitude REAL,
                    PRIMARY KEY (source, source_id)
                ) WITHOUT ROWID;
                INSERT INTO place_sources(source, source_id, place_id)
                    SELECT source, source_id, id FROM places WHERE source IS NOT NULL AND source_id IS NOT NULL
                    ORDER BY source, source_id;
                CREATE INDEX place_sources_place ON place_sources(place_id);
                CREATE INDEX place_sources_merged ON place_sources(source) WHERE name IS NOT NULL;
                CREATE INDEX places_by_hand ON places(id) WHERE source IS NULL;

                -- A removed place stays removed for every source it came from.
                CREATE TRIGGER place_sources_removed BEFORE DELETE ON places BEGIN
                    INSERT OR IGNORE INTO removed_sources(source, source_id)
                        SELECT source, source_id FROM place_sources WHERE place_id = OLD.id;
                    DELETE FROM place_sources WHERE place_id = OLD.id;
                END;
                """)
        try OtherNames.createSchema(db)
    }

    /// The pairs of place `id`: its own first (when it has one), then the merged ones by source
    /// and id.
    static func pairs(_ db: Database, placeID id: Int64) throws -> [PlaceSource] {
        var pairs: [PlaceSource] = []
        if let row = try Row.fetchOne(db, sql: "SELECT source, source_id FROM places WHERE id = ?", arguments: [id]),
            let source: String = row[0], let sourceID: String = row[1]
        {
            pairs.append(PlaceSource(source: source, sourceID: sourceID))
        }
        let rows = try Row.fetchAll(
            db, sql: "SELECT source, source_id FROM place_sources WHERE place_id = ? ORDER BY source, source_id",
            arguments: [id])
        for row in rows {
            let pair = PlaceSource(source: row[0], sourceID: row[1])
            if !pairs.contains(pair) { pairs.append(pair) }
        }
        return pairs
    }
}

extension FootprintStore {
    /// Every `(source, source id)` pair of place `id`: the one in ``Place/source``/``Place/sourceID``
    /// first, then those merged into it; empty for a place added by hand that nothing merged into.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``.
    public func sources(placeID id: Int64) throws -> [PlaceSource] {
        try read { db in
            guard
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM places WHERE id = ?)", arguments: [id]) == true
            else { throw FootprintStoreError.placeNotFound(id: id) }
            return try PlaceSources.pairs(db, placeID: id)
        }
    }
}
