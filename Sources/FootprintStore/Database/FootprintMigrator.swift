import GRDB

/// The schema, as named, append-only migrations: a landed migration is never edited; a change is
/// the next migration.
enum FootprintMigrator {
    /// `PRAGMA application_id` of a Footprint database ("FPRT"), so another tool's file is told apart.
    static let applicationID: Int32 = 0x4650_5254

    /// The names of every migration this build knows, in order.
    static var knownMigrations: [String] { migrator.migrations }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-places-visits-diary", migrate: createSchemaV1)
        migrator.registerMigration("v2-search-index", migrate: SearchIndex.createSchemaV2)
        // The tokenizer of 2026-11-23 (2): control and format characters (soft hyphen, zero-width
        // joiner) are skipped like spaces instead of breaking a run, words across spaces get
        // their joins (`lcdc seoul` + `lcdcseoul`), Latin diacritics are folded (`café` → `cafe`);
        // the index is built anew.
        migrator.registerMigration("v3-search-tokens-2", migrate: SearchIndex.rebuild)
        migrator.registerMigration("v4-place-moves", migrate: PlaceMoves.createSchemaV4)
        // Which fields the user set (place add/edit), kept by re-imports; existing places start unmarked.
        migrator.registerMigration("v5-edited-fields", migrate: PlaceEditsTable.createSchemaV5)
        // Kakao/Naver rows imported under their file's name move to the sources `kakao`/`naver`.
        migrator.registerMigration("v6-service-sources", migrate: ServiceSources.migrateV6)
        migrator.registerMigration("v7-visit-keys", migrate: VisitKeys.createSchema)
        // Lengths of the long text fields, so a word in most addresses is ranked by walking them in order.
        migrator.registerMigration("v8-address-search", migrate: SearchIndex.createSchemaV8)
        // GPX tracks with segments and local days, detected stays, polygon privacy zones.
        migrator.registerMigration("v9-days-and-routes", migrate: DaysAndRoutesSchema.createSchemaV9)
        // A place's recommended visiting window (best_time), read by recommendations.
        migrator.registerMigration("v10-best-time", migrate: BestTime.createSchemaV10)
        // A place keeps every (source, source id) pair of the sources merged into it.
        migrator.registerMigration("v11-place-sources", migrate: PlaceSources.createSchemaV11)
        // The tokenizer of 2026-11-24 (3): punctuation skipped like spaces, Latin chains of any
        // length joined, word suffixes in the name index; the index is built anew.
        migrator.registerMigration("v12-search-tokens-3", migrate: SearchIndex.createSchemaV12)
        // tracks.geom: a MULTILINESTRING per track (one part per GPX segment), filled.
        migrator.registerMigration("v13-track-geometry", migrate: TrackGeometrySchema.migrateV13)
        // What each merged source brought and gave its place, so a split restores both.
        migrator.registerMigration("v14-source-snapshots", migrate: SourceSnapshot.createSchemaV14)
        // Skip bigrams in the name index, for the fuzzy readings (typos, syllables left out,
        // abbreviations); the name index is built anew.
        migrator.registerMigration("v15-search-typo", migrate: SearchIndex.createSchemaV15)
        // Position, likes and best time of every place clustered by grid cell, for recommendations.
        migrator.registerMigration("v16-recommend-candidates", migrate: RecommendationCells.createSchemaV16)
        // Category, tags and name in the compact candidate table too: filters, similarity to the
        // visit history and diversity read no `places` row.
        migrator.registerMigration("v17-recommend-profiles", migrate: RecommendationCells.createSchemaV17)
        // The name index without 초성 skip bigrams (within 1.5× of its size before v15), and skip
        // bigrams for merged places' other names; both made anew, the index rebuilt.
        migrator.registerMigration("v18-search-typo-2", migrate: SearchIndex.createSchemaV18)
        // Per grid cell of the candidate table: its places, their largest likes and best times,
        // so a query skips the cells whose best possible score cannot enter the ranking.
        migrator.registerMigration("v19-recommend-cells", migrate: RecommendationCells.createSchemaV19)
        // Abbreviation tokens in the name indexes (a word's first syllable with each later one),
        // for abbreviations of any syllables of a word; both made anew, the index rebuilt.
        migrator.registerMigration("v20-search-abbrev", migrate: SearchIndex.createSchemaV20)
        // search_text indexes address, road address and note only: category and tags are in
        // search_short_fields (v8) already; made anew, the index rebuilt.
        migrator.registerMigration("v21-search-text-split", migrate: SearchIndex.createSchemaV21)
        return migrator
    }()

    /// Places with a SpatiaLite POINT, visits, days, photos, tracks, privacy zones, diary entries.
    private static func createSchemaV1(_ db: Database) throws {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        if try !db.hasSpatialMetadata() {
            // Without the transaction argument: a migration already runs in a transaction.
            // WGS84_ONLY keeps the file at ~340 kB instead of 6.6 MB of CRS definitions.
            try db.execute(sql: "SELECT InitSpatialMetaData('WGS84_ONLY')")
        }
        try db.execute(
            sql: """
                CREATE TABLE places (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    category TEXT,
                    tags TEXT NOT NULL DEFAULT '',
                    likes INTEGER NOT NULL DEFAULT 0,
                    address TEXT,
                    road_address TEXT,
                    phone TEXT,
                    visit_time TEXT,
                    note TEXT,
                    source TEXT,
                    source_id TEXT,
                    latitude REAL,
                    longitude REAL,
                    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                );
                CREATE UNIQUE INDEX places_source ON places(source, source_id) WHERE source_id IS NOT NULL;
                CREATE INDEX places_category ON places(category);
                SELECT AddGeometryColumn('places', 'geom', 4326, 'POINT', 'XY');
                SELECT CreateSpatialIndex('places', 'geom');

                -- Another tool (QGIS, ogr2ogr, the spatialite shell) writes only geom: keep the plain
                -- latitude/longitude columns in step. SpatiaLite is loaded wherever geom is written,
                -- since its own constraint triggers need it.
                CREATE TRIGGER places_coordinates_insert AFTER INSERT ON places
                WHEN NEW.geom IS NOT NULL AND (NEW.latitude IS NULL OR NEW.longitude IS NULL)
                BEGIN
                    UPDATE places SET latitude = ST_Y(NEW.geom), longitude = ST_X(NEW.geom) WHERE id = NEW.id;
                END;
                CREATE TRIGGER places_coordinates_update AFTER UPDATE OF geom ON places
                WHEN NEW.geom IS NOT NULL
                    AND (NEW.latitude IS NOT ST_Y(NEW.geom) OR NEW.longitude IS NOT ST_X(NEW.geom))
                BEGIN
                    UPDATE places SET latitude = ST_Y(NEW.geom), longitude = ST_X(NEW.geom) WHERE id = NEW.id;
                END;

                -- Places whose text changed since Footprint last indexed them; plain SQL, so any tool
                -- may write places. Footprint folds these rows into its search index on its next write
                -- and read commands treat the few pending rows directly.
                CREATE TABLE place_changes (
                    place_id INTEGER PRIMARY KEY,
                    deleted INTEGER NOT NULL DEFAULT 0
                );
                CREATE TRIGGER place_changes_insert AFTER INSERT ON places BEGIN
                    INSERT OR REPLACE INTO place_changes(place_id, deleted) VALUES (NEW.id, 0);
                END;
                CREATE TRIGGER place_changes_update AFTER UPDATE ON places BEGIN
                    INSERT OR REPLACE INTO place_changes(place_id, deleted) VALUES (NEW.id, 0);
                END;
                CREATE TRIGGER place_changes_delete AFTER DELETE ON places BEGIN
                    INSERT OR REPLACE INTO place_changes(place_id, deleted) VALUES (OLD.id, 1);
                END;

                -- A removed place stays removed when its source is imported again.
                CREATE TABLE removed_sources (
                    source TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    removed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    PRIMARY KEY (source, source_id)
                );
                CREATE TRIGGER places_remember_removed AFTER DELETE ON places
                WHEN OLD.source IS NOT NULL AND OLD.source_id IS NOT NULL
                BEGIN
                    INSERT OR IGNORE INTO removed_sources(source, source_id) VALUES (OLD.source, OLD.source_id);
                END;

                CREATE TABLE visits (
                    id INTEGER PRIMARY KEY,
                    place_id INTEGER REFERENCES places(id) ON DELETE SET NULL,
                    place_name TEXT,
                    name TEXT,
                    arrived_at TEXT NOT NULL,
                    arrived_offset INTEGER NOT NULL,
                    left_at TEXT,
                    left_offset INTEGER,
                    local_date TEXT NOT NULL,
                    note TEXT,
                    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
                    source TEXT
                );
                CREATE INDEX visits_place ON visits(place_id);
                CREATE INDEX visits_date ON visits(local_date);
                -- History is kept: a removed place's visits stay, detached, with its name.
                CREATE TRIGGER places_detach_visits BEFORE DELETE ON places BEGIN
                    UPDATE visits SET place_name = OLD.name, place_id = NULL WHERE place_id = OLD.id;
                END;

                CREATE TABLE days (
                    date TEXT PRIMARY KEY,
                    score INTEGER CHECK (score BETWEEN 1 AND 100),
                    weather TEXT,
                    sleep_minutes INTEGER,
                    mood_color TEXT,
                    note TEXT
                );

                CREATE TABLE categories (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    color TEXT
                );
                CREATE TABLE log_entries (
                    id INTEGER PRIMARY KEY,
                    local_date TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT,
                    category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL,
                    walk_minutes INTEGER,
                    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                );
                CREATE INDEX log_entries_date ON log_entries(local_date);
                CREATE TABLE log_entry_places (
                    entry_id INTEGER NOT NULL REFERENCES log_entries(id) ON DELETE CASCADE,
                    place_id INTEGER NOT NULL REFERENCES places(id) ON DELETE CASCADE,
                    PRIMARY KEY (entry_id, place_id)
                );

                CREATE TABLE photos (
                    id INTEGER PRIMARY KEY,
                    path TEXT NOT NULL,
                    taken_at TEXT,
                    taken_offset INTEGER,
                    local_date TEXT,
                    latitude REAL,
                    longitude REAL,
                    place_id INTEGER REFERENCES places(id) ON DELETE SET NULL,
                    entry_id INTEGER REFERENCES log_entries(id) ON DELETE SET NULL
                );
                CREATE INDEX photos_date ON photos(local_date);

                CREATE TABLE tracks (
                    id INTEGER PRIMARY KEY,
                    local_date TEXT,
                    name TEXT,
                    source TEXT,
                    started_at TEXT,
                    ended_at TEXT
                );
                SELECT AddGeometryColumn('tracks', 'geom', 4326, 'LINESTRING', 'XY');
                CREATE TABLE track_points (
                    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    time TEXT,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    elevation REAL,
                    accuracy REAL,
                    PRIMARY KEY (track_id, seq)
                ) WITHOUT ROWID;

                CREATE TABLE privacy_zones (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    radius_m REAL NOT NULL CHECK (radius_m > 0)
                );
                """)
    }
}
