import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A first import's search index built beside its batches (``SearchIndexBuild``) is the index a
/// rebuild makes, and is only taken when it holds exactly the store's places.
@Suite struct SearchIndexBuildTests {
    /// A places CSV of `count` rows whose names, categories, tags, addresses and notes mix
    /// Hangul, Latin, digits and punctuation, with some fields empty.
    static func csv(count: Int) -> String {
        let brands = ["스타벅스", "블루보틀", "GS25", "KT&G", "카페-온", "The Coffee Bean", "메가커피", "CGV"]
        let branches = ["성수역점", "강남", "2호점", "", "망원 1동", "Seoul Forest"]
        let categories = ["카페", "편의점", "음식점 > 한식", "", "영화관"]
        let tags = ["커피|디저트", "", "야경", "사진명소|웨이팅", "24시"]
        let addresses = ["서울특별시 성동구 성수동2가 300", "", "부산광역시 해운대구 우동", "경기도 성남시 분당구"]
        var text = "id,name,lat,lon,category,tags,likes,address,note\n"
        for row in 0..<count {
            let name = "\(brands[row % brands.count]) \(branches[row % branches.count])"
            let note = row % 7 == 0 ? "\"창가 자리, 콘센트 있음 \(row)\"" : ""
            text += "\(row),\"\(name)\",\(37.5 + Double(row) * 0.0001),\(127.0 + Double(row % 50) * 0.001),"
            text += "\(categories[row % categories.count]),\(tags[row % tags.count]),\(row % 300),"
            text += "\(addresses[row % addresses.count]),\(note)\n"
        }
        return text
    }

    /// Imports `text` into a new store, with the build asked for from `minimumRows` rows.
    static func importing(_ text: String, minimumRows: Int, into test: ImportTestStore) throws -> Bool {
        var options = ImportOptions(source: "places.csv", batchSize: 64)
        options.searchBuildMinimumRows = minimumRows
        let file = try PlaceImportFile(url: try test.file("places.csv", text), options: options)
        let result = try test.store.runImport(file)
        #expect(result.summary.inserted == text.split(separator: "\n").count - 1)
        return result.builtSearchIndex
    }

    /// What the index holds, whatever its segments: every (term, row, column, offset) of the three
    /// tables (FTS5's `fts5vocab` 'instance') and their averages records, the rows of
    /// `search_short_fields_docsize`, and `search_field_lengths`.
    static func indexContent(_ store: FootprintStore) throws -> [String] {
        try store.write { db in
            var lines: [String] = []
            for table in ["search_names", "search_text", "search_short_fields"] {
                try db.execute(
                    sql: "CREATE VIRTUAL TABLE temp.\(table)_terms USING fts5vocab(main, \(table), 'instance')")
                lines += try String.fetchAll(
                    db,
                    sql: """
                        SELECT '\(table) ' || term || ' ' || doc || ' ' || coalesce(col, '') || ' ' || coalesce(offset, '')
                        FROM temp.\(table)_terms ORDER BY term, doc, col, offset
                        """)
                try db.execute(sql: "DROP TABLE temp.\(table)_terms")
                // The averages record: rows and tokens counted.
                lines += try String.fetchAll(
                    db, sql: "SELECT '\(table) ' || hex(block) FROM \(table)_data WHERE id = 1")
            }
            lines += try String.fetchAll(
                db, sql: "SELECT 'docsize ' || id || ' ' || hex(sz) FROM search_short_fields_docsize ORDER BY id")
            lines += try String.fetchAll(
                db,
                sql: """
                    SELECT 'length ' || field || ' ' || id || ' ' || length || ' ' || likes
                    FROM search_field_lengths ORDER BY field, id
                    """)
            return lines
        }
    }

    @Test func aFirstImportTakesTheIndexBuiltBesideItsBatches() throws {
        let text = Self.csv(count: 500)
        let built = try ImportTestStore()
        let rebuilt = try ImportTestStore()
        #expect(try Self.importing(text, minimumRows: 0, into: built))
        #expect(try !Self.importing(text, minimumRows: .max, into: rebuilt))

        let content = try Self.indexContent(built.store)
        #expect(content.count > 10_000)
        #expect(content == (try Self.indexContent(rebuilt.store)))
        try SearchIndexSyncTests.checkIntegrity(built.store)
        let pending = try built.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") }
        #expect(pending == 0)
        for query in ["성수", "ㅅㅌㅂㅅ", "ktg", "gv", "coffeebean", "카페온", "디저트", "해운대", "콘센트", "tjdtn"] {
            let found = try built.store.search(SearchQuery(query, limit: nil)).map(\.place.id)
            #expect(found == (try rebuilt.store.search(SearchQuery(query, limit: nil)).map(\.place.id)), "\(query)")
            #expect(!found.isEmpty, "\(query)")
        }
        // The tables keep their settings, and later writes fold into the index taken.
        let settings = try built.store.read { db in
            try String.fetchAll(db, sql: "SELECT k || '=' || v FROM search_names_config ORDER BY k")
        }
        #expect(settings == ["hashsize=33554432", "version=4"])
        try built.store.write { db in
            try db.execute(sql: "UPDATE places SET name = '온기 찻집' WHERE id = 1")
            try SearchIndex.fold(db)
        }
        try SearchIndexSyncTests.checkIntegrity(built.store)
        #expect(try built.store.search(SearchQuery("온기찻집")).map(\.place.id) == [1])
    }

    /// The write connection used the search tables before the import (a place added and removed):
    /// the tables taken are new ones, whose segments it reads afresh, not the old ones' it cached.
    @Test func theWriteConnectionReadsTheTablesTaken() throws {
        let test = try ImportTestStore()
        let place = try test.store.addPlace(
            Place(name: "서울숲", coordinate: Coordinate(uncheckedLatitude: 37.5444, longitude: 127.0374)))
        try SearchIndexSyncTests.checkIntegrity(test.store)
        _ = try test.store.removePlace(id: try #require(place.id))
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try Self.importing(Self.csv(count: 200), minimumRows: 0, into: test))
        try SearchIndexSyncTests.checkIntegrity(test.store)
        try test.store.write { db in
            try db.execute(sql: "UPDATE places SET name = '온기 찻집' WHERE id = 2")
            try SearchIndex.fold(db)
        }
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try test.store.search(SearchQuery("온기찻집")).map(\.place.id) == [2])
        #expect(try test.store.search(SearchQuery("ㅅㅌㅂㅅ", limit: nil)).count == 25)
    }

    /// A store with places, or a small file, is indexed after the batches as before.
    @Test func onlyAFirstLargeEnoughImportBuildsBesideItsBatches() throws {
        let text = Self.csv(count: 100)
        let small = try ImportTestStore()
        #expect(try !Self.importing(text, minimumRows: 1_000_000, into: small))
        let withPlaces = try ImportTestStore()
        _ = try withPlaces.store.addPlace(
            Place(name: "서울숲", coordinate: Coordinate(uncheckedLatitude: 37.5444, longitude: 127.0374)))
        #expect(try !Self.importing(text, minimumRows: 0, into: withPlaces))
        try SearchIndexSyncTests.checkIntegrity(withPlaces.store)
        #expect(try withPlaces.store.search(SearchQuery("서울숲")).count == 1)
    }

    /// Another connection's write between two batches: the build does not hold it, so the index
    /// is rebuilt from the places, the write included.
    @Test func anotherConnectionsWriteKeepsTheBuildFromBeingTaken() throws {
        let test = try ImportTestStore()
        var options = ImportOptions(source: "places.csv", batchSize: 64)
        options.searchBuildMinimumRows = 0
        let file = try PlaceImportFile(url: try test.file("places.csv", Self.csv(count: 300)), options: options)
        let foreign = try SearchIndexSyncTests.foreignConnection(test.store.path)
        var wrote = false
        let result = try test.store.runImport(file) { progress in
            guard progress.committed, !wrote else { return }
            try? foreign.write { db in try db.execute(sql: "UPDATE places SET name = '다른 이름' WHERE id = 1") }
            let name = try? foreign.read { db in try String.fetchOne(db, sql: "SELECT name FROM places WHERE id = 1") }
            wrote = name == "다른 이름"
        }
        #expect(wrote)
        #expect(!result.builtSearchIndex)
        try SearchIndexSyncTests.checkIntegrity(test.store)
        #expect(try test.store.search(SearchQuery("다른이름")).map(\.place.id) == [1])
    }

    /// A build given up (a row changed a place it had not seen) is not attached.
    @Test func aBuildGivenUpIsNotAttached() throws {
        let test = try ImportTestStore()
        try test.store.bulkWrite { db in
            let build = try #require(try SearchIndexBuild.start(db, path: "f", expectedRows: 10, minimumRows: 0))
            build.add([
                SearchIndexBuild.Row(
                    id: 1, name: "성수", category: nil, tags: "", address: nil, roadAddress: nil, note: nil, likes: 0)
            ])
            build.giveUp()
            #expect(try !build.attach(db))
        }
    }
}
