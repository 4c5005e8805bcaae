import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A first import's search index built on a second thread (``SideSearchIndex``) holds what the
/// import's own rebuild holds, and is copied only into a store still as the import left it.
@Suite struct SideSearchIndexTests {
    /// Rows with what the index reads: Hangul, Latin and 초성-able names, categories, tags,
    /// addresses with and without Hangul only text (field lengths 0), empty and missing fields.
    static func csv(count: Int) -> String {
        let brands = ["스타벅스", "블루보틀", "CGV", "GS25", "카페 온담", "파리바게뜨", "교보문고", "KT&G"]
        let branches = ["강남역점", "성수", "광화문점", "역삼점", "", "삼청동"]
        let categories = ["카페", "편의점", "영화관", "서점", ""]
        let tags = ["", "포장가능|웨이팅", "사진명소", "주차"]
        let addresses = ["", "서울특별시 강남구 테헤란로 1", "서울 중구 세종대로 110 (B1)", "Seoul"]
        var lines = ["id,name,category,lon,lat,tags,likes,address,note"]
        for index in 0..<count {
            let name = "\(brands[index % brands.count]) \(branches[index % branches.count]) \(index)"
            let category = categories[index % categories.count]
            let note = index % 7 == 0 ? "창가 자리 \(index)" : ""
            let longitude = 126.9 + Double(index % 1000) * 0.0001
            let latitude = 37.5 + Double(index / 1000) * 0.0001
            lines.append(
                "\(index + 1),\(name),\(category),\(longitude),\(latitude),\(tags[index % tags.count]),"
                    + "\(index % 50),\(addresses[index % addresses.count]),\(note)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Imports `text` into a new store, the index built beside the import or not.
    static func imported(_ text: String, sideIndex: Bool) throws -> ImportTestStore {
        let test = try ImportTestStore()
        var options = ImportOptions(source: "seed", batchSize: 700)
        options.sideIndexMinimumRows = sideIndex ? 0 : .max
        let summary = try test.store.importPlaces(from: test.file("places.csv", text), options: options)
        #expect(summary.indexedBeside == sideIndex)
        return test
    }

    /// Every indexed (term, row, column, offset) of the three FTS tables, and the field lengths.
    static func indexContent(_ store: FootprintStore) throws -> [String] {
        try store.write { db in
            var content: [String] = []
            for table in ["search_names", "search_text", "search_short_fields"] {
                try db.execute(sql: "CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, \(table), 'instance')")
                content += try String.fetchAll(
                    db,
                    sql:
                        "SELECT '\(table) ' || term || ' ' || doc || ' ' || coalesce(col, '') || ' ' || offset FROM vocab"
                )
                try db.execute(sql: "DROP TABLE temp.vocab")
            }
            content += try String.fetchAll(
                db,
                sql: "SELECT field || ' ' || id || ' ' || length || ' ' || likes FROM search_field_lengths ORDER BY 1")
            return content
        }
    }

    @Test func theIndexBuiltBesideEqualsTheRebuiltOne() throws {
        let text = Self.csv(count: 3_000)
        let beside = try Self.imported(text, sideIndex: true)
        let rebuilt = try Self.imported(text, sideIndex: false)
        let content = try Self.indexContent(beside.store)
        #expect(content.count > 50_000)
        #expect(content == (try Self.indexContent(rebuilt.store)))
        try beside.store.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") == 0)
            for table in ["search_names", "search_text", "search_short_fields"] {
                try db.execute(sql: "INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
            }
        }
        for query in ["스타벅스", "ㅅㅌㅂㅅ", "gv", "25", "서울특별시 강남구", "포장가능", "창가", "스타벅스 광화문", "ktg", "스타벅수"] {
            let found = try beside.store.search(SearchQuery(query, limit: 50)).map(\.place.id)
            #expect(!found.isEmpty, "\(query)")
            #expect(found == (try rebuilt.store.search(SearchQuery(query, limit: 50)).map(\.place.id)), "\(query)")
        }
    }

    /// Searches and edits on the import's own connection after the copy see the copied index:
    /// FTS5 keeps an index's structure per connection.
    @Test func theImportingConnectionSeesTheCopiedIndex() throws {
        let test = try ImportTestStore()
        // The writer's FTS5 tables have read their (empty) structure before the import.
        #expect(try test.store.write { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_names") } == 0)
        var options = ImportOptions(source: "seed", batchSize: 500)
        options.sideIndexMinimumRows = 0
        let summary = try test.store.importPlaces(
            from: test.file("places.csv", Self.csv(count: 1_200)), options: options)
        #expect(summary.indexedBeside)
        let count = "SELECT count(*) FROM search_names WHERE search_names MATCH '스타벅스'"
        let found = try test.store.write { db in try Int.fetchOne(db, sql: count) }
        let reader = try FootprintStore.open(at: test.store.path, mode: .readOnly)
        #expect(found ?? 0 > 0)
        #expect(found == (try reader.read { db in try Int.fetchOne(db, sql: count) }))
        let added = try test.store.addPlace(
            Place(name: "스타필드 하남", coordinate: .init(uncheckedLatitude: 37.5, longitude: 127.2)))
        #expect(try test.store.search(SearchQuery("스타필드", limit: 5)).map(\.place.id) == [added.id])
        try test.store.write { db in
            try db.execute(sql: "INSERT INTO search_names(search_names, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// A store another process wrote to meanwhile is not overwritten: the import folds instead.
    @Test func aStoreChangedMeanwhileGetsNoCopy() throws {
        let test = try ImportTestStore()
        let index = try test.store.write { db in
            try SideSearchIndex.start(
                db, storePath: test.store.path, options: ImportOptions(), expectedRows: 10, minimumRows: 0)
        }
        let side = try #require(index)
        let added = try test.store.addPlace(
            Place(name: "블루보틀 성수", coordinate: .init(uncheckedLatitude: 37.5, longitude: 127.0)))
        side.add(id: 999, place: ImportedPlace(sourceID: "1", name: "스타벅스", latitude: 37.5, longitude: 127.0, line: 2))
        #expect(!side.finish())
        #expect(try test.store.search(SearchQuery("블루보틀", limit: 5)).map(\.place.id) == [added.id])
        #expect(try test.store.search(SearchQuery("스타벅스", limit: 5)).isEmpty)
    }

    @Test func aStoreWithPlacesOrASharedImportBuildsNoSideIndex() throws {
        let test = try ImportTestStore()
        var shared = ImportOptions()
        shared.maximumBatchSeconds = 1
        func started(_ options: ImportOptions, minimumRows: Int = 0) throws -> Bool {
            let index = try test.store.write { db in
                try SideSearchIndex.start(
                    db, storePath: test.store.path, options: options, expectedRows: 10, minimumRows: minimumRows)
            }
            index?.cancel()
            return index != nil
        }
        #expect(try started(ImportOptions()))
        #expect(try !started(shared))
        #expect(try !started(ImportOptions(), minimumRows: SideSearchIndex.minimumRows))
        _ = try test.store.addPlace(Place(name: "카페", coordinate: .init(uncheckedLatitude: 37.5, longitude: 127.0)))
        #expect(try !started(ImportOptions()))
    }
}
