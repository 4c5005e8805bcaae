import GRDB

/// Migration `v13-track-geometry`: `tracks.geom` holds each track's line.
///
/// The first migration declared `tracks.geom` a LINESTRING, but a track of several GPX segments
/// is several lines, never joined: the column is registered again as a MULTILINESTRING (SRID
/// 4326, XY) — one part per segment — with a spatial index, and filled for the tracks already
/// stored from their kept points. `import gpx` writes it from then on (``TrackGeometry``).
/// `DiscardGeometryColumn` drops SpatiaLite's registration and triggers but keeps the column,
/// whose values are all NULL until now, so `RecoverGeometryColumn` can register it anew.
enum TrackGeometrySchema {
    static func migrateV13(_ db: Database) throws {
        try db.execute(
            sql: """
                SELECT DiscardGeometryColumn('tracks', 'geom');
                UPDATE tracks SET geom = NULL;
                SELECT RecoverGeometryColumn('tracks', 'geom', 4326, 'MULTILINESTRING', 'XY');
                SELECT CreateSpatialIndex('tracks', 'geom');
                """)
        guard
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM geometry_columns WHERE f_table_name = 'tracks' AND geometry_type = 5")
                == 1
        else {
            throw FootprintStoreError.database(
                path: db.configuration.label ?? "database",
                message: "SpatiaLite could not register tracks.geom as a MULTILINESTRING")
        }
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM tracks ORDER BY id") {
            var geometry = try TrackGeometry.fromStoredPoints(db, track: id)
            _ = try geometry.save(db, track: id, path: "database")
        }
    }
}
