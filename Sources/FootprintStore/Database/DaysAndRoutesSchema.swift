import GRDB

/// Migration `v9-days-and-routes`: what GPX import, the day timeline, exports and privacy zones
/// need beyond the first migration's tables.
///
/// - `tracks`: a GPX file's track or route is found again by `source` (the file name) and
///   `source_id` (`trk:0`, `rte:2`), so a re-import changes nothing; `kind` tells a dated track
///   from an undated route.
/// - `track_points`: `segment` (the GPX `trkseg`, never joined), `epoch` (UTC seconds since 1970,
///   `NULL` when untimed), `utc_offset` (seconds east of UTC in the import's zone at that time),
///   `local_date` (the day the point belongs to; `NULL` for undated points), `hdop`, and `noise`:
///   why the noise filter set the point aside (0 kept, 1 hdop, 2 speed spike, 3 duplicate time).
///   Raw points stay stored; the filter only marks them.
/// - `track_days`: the local days a track touches, so a track crossing midnight belongs to both.
/// - `visits`: a detected stay keeps its centre (`latitude`, `longitude`) and how it came to be
///   (`detected`); `user_set` marks a name, place or note the user gave, which re-detection keeps;
///   `removed` keeps a detected stay the user removed, so re-detection does not bring it back.
/// - `privacy_zones`: a zone is a circle (`latitude`, `longitude`, `radius_m`) or a polygon
///   (`polygon`, a GeoJSON Polygon or MultiPolygon geometry); the table is rebuilt since SQLite
///   cannot relax a `NOT NULL`.
enum DaysAndRoutesSchema {
    static func createSchemaV9(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE tracks ADD COLUMN source_id TEXT;
                ALTER TABLE tracks ADD COLUMN kind TEXT NOT NULL DEFAULT 'track'
                    CHECK (kind IN ('track', 'route'));
                CREATE UNIQUE INDEX tracks_source ON tracks(source, source_id) WHERE source_id IS NOT NULL;

                ALTER TABLE track_points ADD COLUMN segment INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE track_points ADD COLUMN epoch REAL;
                ALTER TABLE track_points ADD COLUMN utc_offset INTEGER;
                ALTER TABLE track_points ADD COLUMN local_date TEXT;
                ALTER TABLE track_points ADD COLUMN hdop REAL;
                ALTER TABLE track_points ADD COLUMN noise INTEGER NOT NULL DEFAULT 0;

                CREATE TABLE track_days (
                    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                    local_date TEXT NOT NULL,
                    PRIMARY KEY (local_date, track_id)
                ) WITHOUT ROWID;

                ALTER TABLE visits ADD COLUMN latitude REAL;
                ALTER TABLE visits ADD COLUMN longitude REAL;
                ALTER TABLE visits ADD COLUMN detected INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE visits ADD COLUMN user_set INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE visits ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;

                CREATE TABLE privacy_zones_v9 (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    latitude REAL,
                    longitude REAL,
                    radius_m REAL CHECK (radius_m > 0 AND radius_m <= 50000),
                    polygon TEXT,
                    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    CHECK ((polygon IS NULL) = (radius_m IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL))
                );
                INSERT INTO privacy_zones_v9(id, name, latitude, longitude, radius_m)
                    SELECT id, name, latitude, longitude, MIN(radius_m, 50000) FROM privacy_zones;
                DROP TABLE privacy_zones;
                ALTER TABLE privacy_zones_v9 RENAME TO privacy_zones;
                """)
    }
}
