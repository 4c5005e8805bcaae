import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A first import builds the search index on a second connection while its batches write, and
/// puts it in place at the end: the tables hold what a rebuild from `places` writes.
@Suite struct SearchIndexBuildTests {
    /// 50 places with every searchable field, some empty or missing, and a repeated id.
    static let csv: String = {
        var text = "id,name,lat,lon,category,tags,address,note\n"
        for row in 0..<50 {
            let tags = row % 3 == 0 ? "" : "야경|커피 \(row % 4)"
            let address = row % 5 == 0 ? "" : "서울특별시 강남구 테헤란로 \(row)"
            text += "p\(row),스타벅스 \(row)호점 CGV\(row),\(37.5 + Double(row) * 0.001),127.0,카페 > 커피,"
            text += "\(tags),\(address),메모 \(row % 7)\n"
        }
        return text + "p3,스타벅스 다시,37.5,127.0,,,,\n"
    }()

    /// The shadow tables of the search index, row by row.
    static func shadowRows(_ store: FootprintStore) throws -> [String: [[DatabaseValue]]] {
        try store.read { db in
            var tables: [String: [[DatabaseValue]]] = [:]
            for table in SearchIndexBuild.tableNames {
                for suffix in ["data", "idx", "docsize", "config"] where try db.tableExists("\(table)_\(suffix)") {
                    tables["\(table)_\(suffix)"] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)_\(suffix) ORDER BY 1, 2")
                        .map { Array($0.databaseValues) }
                }
            }
            return tables
        }
    }

    /// The scratch files beside the store.
    static func scratchFiles(_ test: ImportTestStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: test.directory.url.path)
            .filter { $0.hasPrefix("f.sqlite-search-") }
    }

    @Test func aFirstImportHoldsWhatARebuildWrites() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: try test.file("list.csv", Self.csv), options: ImportOptions(batchSize: 7))
        #expect((summary.inserted, summary.skipped) == (50, 1))
        let built = try Self.shadowRows(test.store)
        #expect(built["search_names_data"]?.count ?? 0 > 2)
        #expect(try test.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") } == 0)
        try SearchIndexSyncTests.checkIntegrity(test.store)
        try test.store.write { db in
            try db.execute(sql: "INSERT INTO search_short_fields(search_short_fields, rank) VALUES ('integrity-check', 1)")
        }
        #expect(try Self.scratchFiles(test).isEmpty)

        try test.store.write { db in try SearchIndex.rebuild(db) }
        #expect(try Self.shadowRows(test.store) == built)
        #expect(try test.store.search(SearchQuery("스타벅스 12호점")).first?.place.sourceID == "p12")
        #expect(try test.store.search(SearchQuery("테헤란로 33")).first?.place.sourceID == "p33")
    }

    /// The build itself, driven as an import drives it: started on a store without places, fed
    /// the rows a transaction inserted, installed in the next one.
    @Test func aCompleteBuildIsInstalled() throws {
        let test = try ImportTestStore()
        let path = test.directory.file("f.sqlite").path
        let installed = try test.store.bulkWrite { db -> Bool in
            let build = try #require(try SearchIndexBuild.start(db, storePath: path, options: ImportOptions()))
            defer { build.discard() }
            try db.inTransaction {
                for (row, name) in ["스타벅스 강남역점", "블루보틀 성수", "카페 온담"].enumerated() {
                    try db.execute(
                        sql: "INSERT INTO places(name, geom) VALUES (?, MakePoint(127.0, 37.5, 4326))", arguments: [name])
                    var place = ImportedPlace(sourceID: "\(row)", name: name, latitude: 37.5, longitude: 127.0, line: row)
                    place.tags = ""
                    build.add(id: db.lastInsertedRowID, place)
                }
                return .commit
            }
            #expect(try build.attachIfComplete(db))
            defer { build.detach(db) }
            var installed = false
            try db.inTransaction {
                installed = try build.install(db)
                return .commit
            }
            return installed
        }
        #expect(installed)
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try test.store.search(SearchQuery("성수")).map(\.place.name) == ["블루보틀 성수"])
        #expect(try Self.scratchFiles(test).isEmpty)
    }

    /// The write connection uses the installed tables afterwards: an edit folds into them.
    @Test func editsAfterTheImportFoldIntoTheInstalledIndex() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("list.csv", Self.csv), options: ImportOptions(batchSize: 7))
        let added = try test.store.addPlace(
            Place(name: "블루보틀 성수", coordinate: try Coordinate(latitude: 37.54, longitude: 127.04)))
        try test.store.updateSearchIndex()
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try test.store.search(SearchQuery("블루보틀")).map(\.place.id) == [added.id])
        #expect(try test.store.search(SearchQuery("스타벅스 7호점")).first?.place.sourceID == "p7")
    }

    /// Another connection's commit between two batches: the build is given up, the index folded
    /// from `places` as before, the other connection's place included.
    @Test func anotherWriterBetweenBatchesGivesTheBuildUp() throws {
        let test = try ImportTestStore()
        let path = test.directory.file("f.sqlite").path
        var batches = 0
        _ = try test.store.importPlaces(
            from: try test.file("list.csv", Self.csv), options: ImportOptions(batchSize: 7)
        ) { progress in
            guard progress.committed else { return }
            batches += 1
            guard batches == 2 else { return }
            let other = try? SearchIndexSyncTests.foreignConnection(path)
            try? other?.write { db in
                try db.execute(
                    sql: "INSERT INTO places(name, geom) VALUES ('희미용실', MakePoint(127.0, 37.5, 4326))")
            }
            try? other?.close()
        }
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try test.store.search(SearchQuery("희미")).map(\.place.name) == ["희미용실"])
        #expect(try test.store.search(SearchQuery("스타벅스 40호점")).first?.place.sourceID == "p40")
        #expect(try Self.scratchFiles(test).isEmpty)
    }

    /// A killed import's scratch file is removed by the next import; a running one's is not.
    @Test func leftoversOfKilledImportsAreRemoved() throws {
        let test = try ImportTestStore()
        let dead = test.directory.file("f.sqlite-search-2147483646").path
        let running = test.directory.file("f.sqlite-search-1").path
        for path in [dead, running] { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        _ = try test.store.importPlaces(from: try test.file("list.csv", Self.csv))
        #expect(try Self.scratchFiles(test) == ["f.sqlite-search-1"])
    }
}
