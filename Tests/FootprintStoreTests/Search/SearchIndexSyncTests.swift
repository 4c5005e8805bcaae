import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The index kept in step without triggers on the FTS tables: writes by other tools (a plain
/// connection with SpatiaLite, as QGIS or the `spatialite` shell has, and no `footprint`
/// tokenizer) are seen by the next search before and after Footprint's next write.
@Suite struct SearchIndexSyncTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// A connection like another tool's: SpatiaLite loaded, our tokenizer not registered.
    static func foreignConnection(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.loadSpatiaLite() }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    static func names(_ store: FootprintStore, _ text: String) throws -> [String] {
        try store.search(SearchQuery(text, limit: nil)).map(\.place.name).sorted()
    }

    /// FTS5's own check of an external-content index against `places` (rank 1: the content too).
    static func checkIntegrity(_ store: FootprintStore) throws {
        try store.write { db in
            try db.execute(sql: "INSERT INTO search_names(search_names, rank) VALUES ('integrity-check', 1)")
            try db.execute(sql: "INSERT INTO search_text(search_text, rank) VALUES ('integrity-check', 1)")
            try db.execute(
                sql: "INSERT INTO search_short_fields(search_short_fields, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test func foreignWritesAreSeenBeforeAndAfterTheNextFootprintWrite() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let kept = try store.addPlace(Place(name: "스타벅스 강남역점", coordinate: Self.seoul))
        let renamed = try store.addPlace(Place(name: "블루보틀 성수", coordinate: Self.seoul))
        let removed = try store.addPlace(Place(name: "카페 온담", coordinate: Self.seoul))
        let foreign = try Self.foreignConnection(temporary.path)
        try foreign.write { db in
            try db.execute(
                sql: "INSERT INTO places(name, category, geom) VALUES ('희미용실', '미용실', MakePoint(127.0, 37.5, 4326))")
            try db.execute(sql: "UPDATE places SET name = '블루보틀 삼청' WHERE id = ?", arguments: [renamed.id])
            try db.execute(sql: "UPDATE places SET name = '블루보틀 삼청동' WHERE id = ?", arguments: [renamed.id])
            try db.execute(sql: "DELETE FROM places WHERE id = ?", arguments: [removed.id])
        }
        try foreign.close()

        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        for search in [reader, store] {
            #expect(try Self.names(search, "희미") == ["희미용실"])
            #expect(try Self.names(search, "미용실") == ["희미용실"])
            #expect(try Self.names(search, "ㅎㅁㅇㅅ") == ["희미용실"])
            #expect(try Self.names(search, "성수").isEmpty)
            #expect(try Self.names(search, "삼청") == ["블루보틀 삼청동"])
            #expect(try Self.names(search, "온담").isEmpty)
            #expect(try Self.names(search, "스타벅스") == ["스타벅스 강남역점"])
            #expect(try search.placeIDs(nameContaining: "블루보틀") == [renamed.id!])
        }
        let pending = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") }
        #expect(pending == 3)

        // The next Footprint write folds the changes into the index.
        _ = try store.editPlace(id: kept.id!, PlaceEdit(note: "창가 자리"))
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") } == 0)
        try Self.checkIntegrity(store)
        for search in [reader, store] {
            #expect(try Self.names(search, "희미") == ["희미용실"])
            #expect(try Self.names(search, "성수").isEmpty)
            #expect(try Self.names(search, "삼청") == ["블루보틀 삼청동"])
            #expect(try Self.names(search, "온담").isEmpty)
            #expect(try Self.names(search, "창가") == ["스타벅스 강남역점"])
        }
    }

    @Test func theSqliteShellWithSpatiaLiteCanWritePlaces() throws {
        let temporary = try TemporaryStore()
        let place = try temporary.store.addPlace(Place(name: "서울숲", coordinate: Self.seoul))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [
            temporary.path, ".load mod_spatialite",
            "INSERT INTO places(name, geom) VALUES ('뚝섬 한강공원', MakePoint(127.07, 37.53, 4326));",
            "UPDATE places SET name = '서울숲 공원' WHERE id = \(place.id!);",
        ]
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        shell.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(shell.terminationStatus == 0, "\(message)")
        #expect(try Self.names(temporary.store, "한강") == ["뚝섬 한강공원"])
        #expect(try Self.names(temporary.store, "숲공") == ["서울숲 공원"])
        _ = try temporary.store.addPlace(Place(name: "성수연방", coordinate: Self.seoul))
        try Self.checkIntegrity(temporary.store)
        #expect(try Self.names(temporary.store, "한강") == ["뚝섬 한강공원"])
    }

    /// `INSERT OR REPLACE` replaces a row without its DELETE trigger: the change table says "new"
    /// while the index holds the old text, and the fold must rebuild rather than trust it.
    @Test func replacingARowIsCaughtByARebuild() throws {
        let temporary = try TemporaryStore()
        let place = try temporary.store.addPlace(Place(name: "교보문고 광화문점", coordinate: Self.seoul))
        try Self.foreignConnection(temporary.path).write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO places(id, name, geom) VALUES (?, '광화문광장', MakePoint(126.977, 37.5725, 4326))
                    """, arguments: [place.id])
        }
        #expect(try Self.names(temporary.store, "교보").isEmpty)
        #expect(try Self.names(temporary.store, "광화문") == ["광화문광장"])
        _ = try temporary.store.addPlace(Place(name: "경복궁", coordinate: Self.seoul))
        try Self.checkIntegrity(temporary.store)
        #expect(try Self.names(temporary.store, "교보").isEmpty)
        #expect(try Self.names(temporary.store, "광화문") == ["광화문광장"])
    }

    /// A change table row written by SQL that is not ours (no `indexed` value) makes the fold
    /// rebuild; a row changed many times keeps the text first indexed.
    @Test func unknownAndRepeatedChangesFoldCorrectly() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let place = try store.addPlace(Place(name: "망원 한강공원", coordinate: Self.seoul, category: "공원"))
        _ = try store.editPlace(id: place.id!, PlaceEdit(name: "망원 시장"))
        _ = try store.editPlace(id: place.id!, PlaceEdit(name: "망원 카페", category: "음식점 > 카페"))
        try Self.checkIntegrity(store)
        #expect(try Self.names(store, "한강").isEmpty)
        #expect(try store.search(SearchQuery("카페")).map(\.match.kind) == [.wordPrefix])
        try store.write { db in
            try db.execute(sql: "UPDATE places SET name = '망원 정육점' WHERE id = ?", arguments: [place.id])
            try db.execute(sql: "UPDATE place_changes SET indexed = NULL")
        }
        try Self.checkIntegrity(store)
        #expect(try Self.names(store, "정육점") == ["망원 정육점"])
    }

    /// A database written before the search index (schema v1) gets it on its first writable open.
    @Test func theMigrationIndexesExistingPlaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v1.sqlite").path
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.loadSpatiaLite() }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try FootprintMigrator.migrator.migrate(pool, upTo: "v1-places-visits-diary")
        try pool.write { db in
            try db.execute(
                sql: "INSERT INTO places(name, tags, geom) VALUES ('스타벅스 성수역점', '커피', MakePoint(127.05, 37.54, 4326))")
        }
        try pool.close()
        let store = try FootprintStore.open(at: path, mode: .readWrite)
        #expect(try Self.names(store, "성수") == ["스타벅스 성수역점"])
        #expect(try store.search(SearchQuery("#커피")).map(\.match.kind) == [.tag])
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") } == 0)
    }
}
