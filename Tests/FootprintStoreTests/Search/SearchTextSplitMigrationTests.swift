import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Migration `v21-search-text-split`: `search_text` keeps the long fields only, and a store
/// migrated from `v20-search-abbrev` finds the same places by category, tag and address.
@Suite struct SearchTextSplitMigrationTests {
    /// Places of a `v20-search-abbrev` store: (name, category, tags, address, road address, note).
    static let places: [(String, String?, String, String?, String?, String?)] = [
        ("성수 카페", "음식점 > 카페", "커피|디저트", "서울특별시 성동구 성수동2가 300", nil, nil),
        ("망원 시장", "시장", "먹거리", "서울특별시 마포구 망원동 400", "서울특별시 마포구 포은로 8길", "카페 골목 옆"),
        ("해운대 해변", "관광명소", "바다|커피", "부산광역시 해운대구 우동", nil, nil),
        ("이름만", nil, "", nil, nil, nil),
    ]

    /// The words looked up in both layouts: a category, a tag, an address word, a road address
    /// word, a note word, and words in several fields (`카페`: category and note; `커피`: two tags).
    static let words = ["시장", "디저트", "성동구", "포은로", "골목", "카페", "커피", "서울특별시"]

    /// The places a word's phrase matches in the other fields: in `search_text` alone at v20, in
    /// `search_short_fields` and `search_text` from v21 on.
    static func otherFieldIDs(_ db: Database, _ word: String, split: Bool) throws -> [Int64] {
        let expression = SearchExpression.phrase(try #require(SearchExpression.Phrase(literal: word)))
        if split { return try SearchIndex.otherFieldIDs(db, expression: expression) }
        return try SearchIndex.rowIDs(db, table: "search_text", expression: expression)
    }

    @Test func aMigratedStoreFindsTheSamePlaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v20.sqlite").path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.registerFootprintTokenizer()
            try SearchIndex.registerFieldLengthFunction(db)
            try db.loadSpatiaLite()
        }
        var before: [String: [Int64]] = [:]
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try FootprintMigrator.migrator.migrate(queue, upTo: "v20-search-abbrev")
            try queue.write { db in
                for place in Self.places {
                    try db.execute(
                        sql: """
                            INSERT INTO places(name, category, tags, address, road_address, note, latitude, longitude, geom)
                            VALUES (?, ?, ?, ?, ?, ?, 37.5, 127.0, MakePoint(127.0, 37.5, 4326))
                            """,
                        arguments: [place.0, place.1, place.2, place.3, place.4, place.5])
                }
                try SearchIndex.rebuild(db)
                for word in Self.words { before[word] = try Self.otherFieldIDs(db, word, split: false) }
                // Left pending: the old table indexes the old address, the migration must not
                // delete it from the new one.
                try db.execute(sql: "UPDATE places SET address = '부산광역시 수영구 광안동' WHERE id = 3")
            }
        }
        #expect(before["카페"] == [1, 2])
        #expect(before["커피"] == [1, 3])
        #expect(before["서울특별시"] == [1, 2])
        let store = try FootprintStore.open(at: path, mode: .readWrite)
        try SearchIndexSyncTests.checkIntegrity(store)
        try store.read { db in
            for word in Self.words { #expect(try Self.otherFieldIDs(db, word, split: true) == before[word], "\(word)") }
            #expect(try Self.otherFieldIDs(db, "광안동", split: true) == [3])
            #expect(try Self.otherFieldIDs(db, "해운대구", split: true) == [])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM search_short_fields_docsize") == 4)
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('search_text')")
            #expect(columns == ["address", "road_address", "note"])
            #expect(try !db.tableExists("search_text_docsize"))
            // The stored field numbers are unchanged: 2 is the address, 3 the road address, 4 the note.
            let fields = try String.fetchAll(
                db, sql: "SELECT id || ':' || field FROM search_field_lengths ORDER BY id, field")
            #expect(fields == ["1:2", "2:2", "2:3", "2:4", "3:2"])
        }
        func found(_ text: String) throws -> [String] {
            try store.search(SearchQuery(text, limit: nil)).map { "\($0.place.name) \($0.match.field)" }.sorted()
        }
        #expect(try found("시장") == ["망원 시장 name"])
        #expect(try found("디저트") == ["성수 카페 tags"])
        #expect(try found("#커피") == ["성수 카페 tags", "해운대 해변 tags"])
        #expect(try found("성동구") == ["성수 카페 address"])
        #expect(try found("포은로") == ["망원 시장 roadAddress"])
        #expect(try found("골목") == ["망원 시장 note"])
        #expect(try found("카페") == ["망원 시장 note", "성수 카페 name"])
        #expect(try found("광안동") == ["해운대 해변 address"])
        #expect(try found("관광명소") == ["해운대 해변 category"])
    }
}
