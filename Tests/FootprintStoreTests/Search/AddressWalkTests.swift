import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// A word found in the addresses of most places (a district name) is searched by walking
/// `search_field_lengths` best bound first (``SearchRun``'s walk): its first results are those of
/// a search that judges and ranks every candidate.
@Suite struct AddressWalkTests {
    /// More places than ``SearchRun/walkMinimum`` hold `서울특별시` in their address, with
    /// addresses of many lengths (some unknown to SQL: a compatibility jamo), likes with ties, the
    /// word also in a few categories, tags, road addresses and notes, and two visited places.
    static func store() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let count = SearchRun.walkMinimum * 5 / 4
        try temporary.store.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO places(name, category, tags, likes, address, road_address, note, latitude, longitude, geom)
                    SELECT 'p' || i,
                        CASE WHEN i % 500 = 0 THEN '서울특별시청' ELSE '카페' END,
                        CASE WHEN i % 700 = 0 THEN '서울특별시|산책' WHEN i % 3 = 0 THEN '야경' ELSE '' END,
                        CASE WHEN i % 50 = 0 THEN 39000 ELSE (i * 7919) % 40000 END,
                        CASE WHEN i % 10 = 0 THEN '경기도 수원시 ' || i
                            WHEN i % 11 = 0 THEN 'ㄱ 서울특별시 ' || (i % 97)
                            ELSE '서울특별시 ' || CASE i % 3 WHEN 0 THEN '중구' WHEN 1 THEN '강남구 역삼동'
                                ELSE '동대문구 장안동 산' END || ' ' || (i % 997) || '-' || (i % 13) END,
                        CASE WHEN i % 4 = 0 THEN '서울특별시 강남구 테헤란로 ' || i END,
                        CASE WHEN i % 9 = 0 THEN '서울특별시 메모' END,
                        37.5, 127.0, MakePoint(127.0, 37.5, 4326)
                    FROM n
                    """, arguments: [count])
        }
        // Two visited places (recency) and likes changed after the index was built (the trigger).
        let now = LocalTime(date: .now, utcOffsetSeconds: 32400)
        _ = try temporary.store.addVisit(Visit(placeID: 7, arrived: now))
        _ = try temporary.store.addVisit(Visit(placeID: 10, arrived: now))
        try temporary.store.write { db in
            try db.execute(sql: "UPDATE places SET likes = 40000 WHERE id IN (123, 4567)")
        }
        return temporary
    }

    /// The same results: ids, match kinds and fields, scores (recency moves with the clock).
    static func same(_ a: [SearchResult], _ b: some Collection<SearchResult>) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.place.id == $1.place.id && $0.match == $1.match && abs($0.score - $1.score) < 1e-6
            }
    }

    @Test func topResultsAreThoseOfAFullRanking() throws {
        let temporary = try Self.store()
        for (text, filter) in [
            ("서울특별시", PlaceFilter()), ("서울", PlaceFilter()), ("tjdnf", PlaceFilter()),
            ("서울특별시", PlaceFilter(category: "카페")), ("서울특별시", PlaceFilter(anyTags: ["야경"])),
        ] {
            let all = try temporary.store.search(SearchQuery(text, filter: filter, limit: nil))
            #expect(all.count > SearchRun.walkMinimum / 4, "\(text)")
            for limit in [1, 20, 45] {
                let top = try temporary.store.search(SearchQuery(text, filter: filter, limit: limit))
                #expect(Self.same(top, all.prefix(limit)), "\(text) \(filter) --limit \(limit)")
            }
        }
        // The walk happened: more places hold the word than are read in full.
        let all = try temporary.store.search(SearchQuery("서울특별시", limit: nil))
        #expect(all.count > SearchRun.walkMinimum)
        #expect(all.contains { $0.place.id == 123 } && all.prefix(20).contains { $0.place.id == 7 })
    }

    /// `search_field_lengths` follows the places: lengths of the normalized text (0 when SQL
    /// cannot tell it), likes changed by plain SQL, an edited address, a removed place.
    @Test func fieldLengthsFollowThePlaces() throws {
        let temporary = try TemporaryStore()
        let places = try temporary.addPlaces([AddressWalkTests.seoul, AddressWalkTests.seoul, AddressWalkTests.seoul])
        let ids = places.map { $0.id! }
        try temporary.store.write { db in
            try db.execute(
                sql: "UPDATE places SET address = ?, note = ?, likes = 7 WHERE id = ?",
                arguments: ["서울특별시  강남구 Teheran-ro 12", "ㄱ 메모", ids[0]])
            try db.execute(
                sql: "UPDATE places SET road_address = ? WHERE id = ?",
                arguments: ["서울특별시 강남구".decomposedStringWithCanonicalMapping, ids[1]])
        }
        func rows() throws -> [String] {
            try temporary.store.read { db in
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT id || ':' || field || ':' || length || ':' || likes FROM search_field_lengths ORDER BY id, field"
                )
            }
        }
        let length = HangulNormalization.searchNormalized("서울특별시  강남구 Teheran-ro 12").unicodeScalars.count
        #expect(length == 19)  // spaces and the hyphen skipped
        #expect(try rows() == ["\(ids[0]):2:\(length):7", "\(ids[0]):4:0:7", "\(ids[1]):3:0:0"])
        try temporary.store.write { db in
            try db.execute(sql: "UPDATE places SET likes = 99 WHERE id = ?", arguments: [ids[0]])
            try db.execute(sql: "UPDATE places SET address = '부산' WHERE id = ?", arguments: [ids[2]])
            try db.execute(sql: "DELETE FROM places WHERE id = ?", arguments: [ids[1]])
        }
        #expect(try rows() == ["\(ids[0]):2:\(length):99", "\(ids[0]):4:0:99", "\(ids[2]):2:2:0"])
    }

    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
}
