import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Migration `v11-place-sources` fills the pairs from `places.source`/`source_id`.
@Suite struct PlaceSourcesMigrationTests {
    @Test func thePairsComeFromThePlacesColumns() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.sqlite").path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.registerFootprintTokenizer()
            try SearchIndex.registerFieldLengthFunction(db)
            try db.loadSpatiaLite()
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try FootprintMigrator.migrator.migrate(queue, upTo: "v9-days-and-routes")
            try queue.write { db in
                for (name, source, id) in [("a", "x.csv", "1"), ("b", "naver", "b|주소"), ("c", nil, nil)] {
                    try db.execute(
                        sql: """
                            INSERT INTO places(name, source, source_id, latitude, longitude, geom)
                            VALUES (?, ?, ?, 37.5, 127.0, MakePoint(127.0, 37.5, 4326))
                            """, arguments: [name, source, id])
                }
            }
        }
        let store = try FootprintStore.open(at: path, mode: .readWrite)
        #expect(try store.sources(placeID: 1) == [PlaceSource(source: "x.csv", sourceID: "1")])
        #expect(try store.sources(placeID: 2) == [PlaceSource(source: "naver", sourceID: "b|주소")])
        #expect(try store.sources(placeID: 3) == [])
        let rows = try store.read { db in
            try String.fetchAll(db, sql: "SELECT source || ' ' || source_id || ' ' || place_id FROM place_sources")
        }
        #expect(rows.sorted() == ["naver b|주소 2", "x.csv 1 1"])
        #expect(throws: FootprintStoreError.placeNotFound(id: 9)) { try store.sources(placeID: 9) }
    }
}
