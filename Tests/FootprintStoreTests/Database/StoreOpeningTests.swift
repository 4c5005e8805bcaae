import FootprintTestSupport
import Foundation
import GRDB
import FootprintGeo
import Testing

@testable import FootprintStore

@Suite struct StoreOpeningTests {
    @Test func createRegistersTheGeometryWithSpatiaLite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("f.sqlite").path
        let store = try FootprintStore.open(at: path, mode: .create)
        let columns = try store.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT f_table_name, f_geometry_column, geometry_type, srid, spatial_index_enabled FROM geometry_columns ORDER BY 1"
            )
        }
        #expect(columns.map { $0["f_table_name"] as String } == ["places", "tracks"])
        #expect(columns[0]["geometry_type"] as Int == 1)
        #expect(columns[0]["srid"] as Int == 4326)
        #expect(columns[0]["spatial_index_enabled"] as Int == 1)
    }

    /// A read-only store maps the file unless told not to (the CLI's one-query processes).
    @Test(arguments: [true, false]) func aReadOnlyStoreMapsTheFileWhenAsked(memoryMapped: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("f.sqlite").path
        _ = try FootprintStore.open(at: path, mode: .create)
        let store = try FootprintStore.open(at: path, mode: .readOnly, memoryMapped: memoryMapped)
        let mapSize = try store.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") }
        #expect(mapSize == (memoryMapped ? 1 << 30 : 0))
    }

    @Test func missingFileIsNotCreatedByReaders() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("missing.sqlite").path
        #expect(throws: FootprintStoreError.databaseMissing(path: path)) {
            try FootprintStore.open(at: path, mode: .readOnly)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anotherApplicationsFileIsRefusedUnchanged() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("other.sqlite").path
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE notes(text)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(
            throws: FootprintStoreError.notAFootprintDatabase(
                path: path, reason: "it holds tables of another application")
        ) {
            try FootprintStore.open(at: path, mode: .readWrite)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aTextFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("notes.txt")
        try Data("hello, this is not a database at all, just words in a file......".utf8).write(to: url)
        #expect(throws: FootprintStoreError.self) { try FootprintStore.open(at: url.path, mode: .readWrite) }
    }

    @Test func newerSchemaIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("f.sqlite").path
        _ = try FootprintStore.open(at: path, mode: .create)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-future')") }
        #expect(throws: FootprintStoreError.newerSchema(path: path, migration: "v99-future")) {
            try FootprintStore.open(at: path, mode: .readOnly)
        }
    }

    @Test func spatialiteBlobRoundTrips() throws {
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        let blob = SpatiaLiteBlob.point(seoul)
        #expect(blob.count == 60)
        #expect(SpatiaLiteBlob.coordinate(of: blob) == seoul)
    }
}

@Suite struct OlderSchemaTests {
    @Test func readersAskForAnUpgrade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("f.sqlite").path
        _ = try FootprintStore.open(at: path, mode: .create)
        // Pretend the file predates the last migration.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?",
                arguments: [FootprintMigrator.knownMigrations.last!])
        }
        #expect(throws: FootprintStoreError.olderSchema(path: path)) {
            try FootprintStore.open(at: path, mode: .readOnly)
        }
        #expect(FootprintStoreError.olderSchema(path: path).description.contains("footprint --db \(path) init"))
    }
}
