import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Migration `v6-service-sources`: rows imported from Kakao/Naver files under the file's name
/// move to `kakao`/`naver`; duplicates of one place merge into the one updated last.
@Suite struct ServiceSourcesMigrationTests {
    /// Inserts a place as an older Footprint's import left it; returns its id.
    func insert(
        _ db: Database, _ name: String, source: String, id: String, updated: String = "2026-01-01T00:00:00.000Z",
        likes: Int = 0
    ) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO places(name, source, source_id, likes, latitude, longitude, geom, updated_at)
                VALUES (?, ?, ?, ?, 37.5, 127.0, MakePoint(127.0, 37.5, 4326), ?)
                """, arguments: [name, source, id, likes, updated])
        return db.lastInsertedRowID
    }

    @Test func kakaoAndNaverRowsAreRekeyedAndDuplicatesMerged() throws {
        let test = try ImportTestStore()
        try test.store.write { db in
            let older = try insert(db, "나무그늘", source: "카페.json", id: "1063775130")
            _ = try insert(db, "나무그늘 카페", source: "성수.json", id: "1063775130", updated: "2026-02-01T00:00:00.000Z")
            _ = try insert(db, "다른 곳", source: "성수.json", id: "42")
            _ = try insert(db, "바", source: "naver 검색.json", id: "바|서울 성동구 성수동1가 1")
            _ = try insert(db, "주소 없는 곳", source: "naver 검색.json", id: "주소 없는 곳@1270374000,375444000")
            _ = try insert(db, "지오", source: "features.json", id: "7", likes: 3)
            _ = try insert(db, "표", source: "list.csv", id: "8")
            try db.execute(
                sql: """
                    INSERT INTO visits(place_id, arrived_at, arrived_offset, local_date)
                    VALUES (?, '2026-01-01T00:00:00Z', 0, '2026-01-01')
                    """, arguments: [older])
            try db.execute(sql: "INSERT INTO removed_sources(source, source_id) VALUES ('카페.json', '777')")
        }
        try test.store.write { db in try ServiceSources.migrateV6(db) }

        let kakao = try test.places(source: "kakao")
        #expect(kakao.keys.sorted() == ["1063775130", "42"])
        #expect(kakao["1063775130"]?["name"] as String? == "나무그늘 카페")
        #expect(try test.places(source: "naver").keys.sorted() == ["바|서울 성동구 성수동1가 1", "주소 없는 곳@1270374000,375444000"])
        #expect(try test.places(source: "features.json").count == 1)
        #expect(try test.places(source: "list.csv").count == 1)
        #expect(try test.count() == 6)
        let (visitPlace, tombstones) = try test.store.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT place_id FROM visits"),
                try String.fetchAll(db, sql: "SELECT source || ' ' || source_id FROM removed_sources")
            )
        }
        // The older copy's visit follows the kept place.
        #expect(visitPlace == kakao["1063775130"]?["id"] as Int64?)
        #expect(tombstones == ["kakao 777"])
        // A Kakao import now finds those places.
        let text = try String(contentsOf: importFixture("kakao_search.json"), encoding: .utf8)
        let summary = try test.store.importPlaces(from: try test.file("again.json", text))
        #expect(summary.inserted + summary.updated + summary.unchanged > 0)
        #expect(try test.places(source: "kakao")["1063775130"]?["name"] as String? == "서울숲 카페 나무그늘")
        #expect(
            try test.store.read { db in try String.fetchOne(db, sql: "SELECT rtreecheck('idx_places_geom')") } == "ok")
    }

    /// Through the migrator: a database at v4 with two Kakao files' copies of one place opens as
    /// one `kakao` place, with no marks.
    @Test func openingAnOlderDatabaseRunsBothMigrations() throws {
        let test = try ImportTestStore()
        let path = test.store.path
        try test.store.write { db in
            _ = try insert(db, "나무그늘", source: "a.json", id: "1063775130")
            _ = try insert(db, "나무그늘", source: "b.json", id: "1063775130", updated: "2026-02-01T00:00:00.000Z")
            try db.execute(
                sql: """
                    DROP TRIGGER place_edits_delete; DROP TABLE place_edits;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v5-edited-fields', 'v6-service-sources');
                    """)
        }
        let reopened = try FootprintStore.open(at: path, mode: .readWrite)
        let rows = try reopened.read { db in
            try String.fetchAll(db, sql: "SELECT source || ' ' || source_id FROM places ORDER BY id")
        }
        #expect(rows == ["kakao 1063775130"])
        let id = try #require(try reopened.places().first?.id)
        #expect(try reopened.editedFields(placeID: id).isEmpty)
    }

    @Test(arguments: [
        ("123", true, false), ("1|a", false, true), ("a@1270374000,375444000", false, true),
        ("a@37.500000,127.000000", false, false), ("12a", false, false),
    ])
    func idShapes(_ id: String, _ kakao: Bool, _ naver: Bool) {
        #expect(ServiceSources.isKakaoID(id) == kakao)
        #expect(ServiceSources.isNaverID(id) == naver)
    }
}
