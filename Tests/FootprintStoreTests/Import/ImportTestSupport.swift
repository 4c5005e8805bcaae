import FootprintTestSupport
import Foundation
import GRDB

@testable import FootprintStore

/// A fixture of `Fixtures/import` (origins in Fixtures/README.md).
func importFixture(_ name: String) -> URL {
    let url = URL(fileURLWithPath: name)
    return Bundle.module.url(
        forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension,
        subdirectory: "Fixtures/import")!
}

/// A new store in a temporary directory.
struct ImportTestStore {
    let directory: TemporaryDirectory
    let store: FootprintStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try FootprintStore.open(at: directory.file("f.sqlite").path, mode: .create)
    }

    /// Writes `text` to a file named `name` in the store's directory.
    func file(_ name: String, _ text: String) throws -> URL {
        let url = directory.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// `places` rows of `source` by source id: name, lat, lon, category, tags, likes, address, …
    func places(source: String? = nil) throws -> [String: Row] {
        try store.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, latitude, longitude, category, tags, likes, address, road_address, phone, note,
                        source, source_id
                    FROM places WHERE ?1 IS NULL OR source = ?1 ORDER BY id
                    """, arguments: [source])
            return Dictionary(
                uniqueKeysWithValues: rows.map { ($0["source_id"] as String? ?? "\($0["id"] as Int64)", $0) })
        }
    }

    /// The number of places.
    func count() throws -> Int { try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM places")! } }

    /// Everything that describes the database's content, for "nothing changed" checks.
    func snapshot() throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT id || '|' || name || '|' || coalesce(source_id, '') || '|' || updated_at FROM places
                    UNION ALL SELECT 'rtree ' || count(*) FROM idx_places_geom_rowid
                    UNION ALL SELECT 'changes ' || count(*) FROM place_changes
                    UNION ALL SELECT 'trigger ' || name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'places'
                    """)
        }
    }
}
