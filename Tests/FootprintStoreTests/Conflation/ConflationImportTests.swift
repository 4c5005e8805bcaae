import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Matching on import: a row new to its source that is the same spot as a place of another
/// source (same name within the radius, or brand + branch within 15 m) is merged into it.
@Suite struct ConflationImportTests {
    /// `name` at 37.54622 + `north` degrees of latitude, 127.04981 (0.0001° ≈ 11.1 m).
    static func csv(_ rows: [(id: String, name: String, north: Double)], extra: String = "") -> String {
        "id,name,lat,lon\(extra.isEmpty ? "" : ",")\(extra.split(separator: "=").first.map(String.init) ?? "")\n"
            + rows.map { row in
                "\(row.id),\(row.name),\(37.54622 + row.north),127.04981"
                    + (extra.isEmpty ? "" : "," + (extra.split(separator: "=").last.map(String.init) ?? ""))
            }.joined(separator: "\n") + "\n"
    }

    func importText(
        _ test: ImportTestStore, _ name: String, _ text: String, radius: Double = 50, source: String? = nil
    ) throws -> ImportSummary {
        var options = ImportOptions(source: source)
        options.matchRadiusMeters = radius
        return try test.store.importPlaces(from: try test.file(name, text), options: options)
    }

    func pairs(_ test: ImportTestStore, _ id: Int64) throws -> [String] {
        try test.store.sources(placeID: id).map { "\($0.source) \($0.sourceID)" }
    }

    static let naver = """
        {"items": [{"title": "<b>카페</b>-오월 <b>성수</b>", "category": "카페,디저트>카페", "telephone": "",
          "address": "서울특별시 성동구 성수동1가 390-1", "roadAddress": "서울특별시 성동구 서울숲4길 12",
          "mapx": "1270498100", "mapy": "375463900"}]}
        """
    static let kakao = """
        {"documents": [{"id": "997887531", "place_name": "카페 오월 성수", "category_name": "음식점 > 카페",
          "phone": "02-0720-4022", "address_name": "서울 성동구 성수동1가 641-18",
          "road_address_name": "서울 성동구 서울숲4길 12", "x": "127.049809441378", "y": "37.546219827184"}]}
        """

    @Test func aCSVPlaceAndItsNaverAndKakaoCopiesAreOnePlace() throws {
        let test = try ImportTestStore()
        let csv = "id,name,category,lat,lon,tags,likes\np009,카페 오월 성수,음식점 > 카페,37.54622,127.04981,조용한|디저트,69\n"
        #expect(try importText(test, "places.csv", csv).inserted == 1)
        let naver = try importText(test, "naver.json", Self.naver)
        #expect((naver.inserted, naver.merged) == (0, 1))
        let kakao = try importText(test, "kakao.json", Self.kakao)
        #expect((kakao.inserted, kakao.merged) == (0, 1))
        #expect(try test.count() == 1)
        let place = try #require(try test.places()["p009"])
        let id: Int64 = place["id"]
        #expect(naver.mergedRows.map(\.placeID) == [id])
        #expect(kakao.mergedRows.map { "\($0.line) \($0.sourceID)" } == ["1 997887531"])
        #expect(
            try pairs(test, id) == [
                "places.csv p009", "kakao 997887531", "naver 카페-오월 성수|서울특별시 성동구 성수동1가 390-1",
            ])
        // Name and category stay; the address and phone the CSV lacked come from Naver and Kakao.
        #expect(place["name"] as String == "카페 오월 성수")
        #expect(place["category"] as String == "음식점 > 카페")
        #expect(place["address"] as String? == "서울특별시 성동구 성수동1가 390-1")
        #expect(place["road_address"] as String? == "서울특별시 성동구 서울숲4길 12")
        #expect(place["phone"] as String? == "02-0720-4022")
        #expect(place["likes"] as Int == 69)
    }

    @Test func mergingUnionsTagsAndKeepsTheLargerLikes() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", "id,name,lat,lon,tags,likes\n1,오월,37.5,127.0,커피|조용한,5\n")
        let b = try importText(test, "b.csv", "id,name,lat,lon,tags,likes,note\n9,오 월!,37.50001,127.0,디저트|커피,12,창가\n")
        #expect(b.merged == 1)
        let place = try #require(try test.places()["1"])
        #expect(place["tags"] as String == "커피|조용한|디저트")
        #expect(place["likes"] as Int == 12)
        #expect(place["note"] as String? == "창가")
        #expect(place["name"] as String == "오월")
    }

    @Test(arguments: [
        ("스타벅스 성수역점", "스타벅스 강남역점", 0.00005, false),  // the branch is part of the name
        ("스타벅스", "스타벅스 성수역점", 0.0001, true),  // brand + branch within 15 m
        ("스타벅스 성수역점", "스타벅스", 0.0001, true),
        ("스타벅스", "스타벅스 성수역점", 0.00018, false),  // 20 m: too far for brand + branch
        ("스타벅스", "스타벅스 (성수)", 0.0001, true),
        ("스타벅스", "스타벅스 리저브", 0.0001, false),  // not a branch
        ("Blue Bottle", "blue-bottle", 0.0004, true),  // 44 m, same name
        ("카페 오월", "카페 오월", 0.00054, false),  // 60 m
    ])
    func namesAndDistances(first: String, second: String, north: Double, merges: Bool) throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", first, 0)]))
        let summary = try importText(test, "b.csv", Self.csv([("b1", second, north)]))
        #expect(summary.merged == (merges ? 1 : 0))
        #expect(try test.count() == (merges ? 1 : 2))
    }

    @Test func theRadiusIsAnOption() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0)]))
        #expect(try importText(test, "b.csv", Self.csv([("b1", "카페 오월", 0.00054)]), radius: 100).merged == 1)
        #expect(try importText(test, "c.csv", Self.csv([("c1", "카페 오월", 0)]), radius: 0).inserted == 1)
        #expect(try test.count() == 2)
    }

    @Test(arguments: [-1.0, 1000.5, .nan])
    func aRadiusOutOfRangeIsRefused(radius: Double) throws {
        let test = try ImportTestStore()
        var options = ImportOptions()
        options.matchRadiusMeters = radius
        let url = try test.file("a.csv", Self.csv([("1", "카페", 0)]))
        #expect(throws: FootprintStoreError.self) { try test.store.importPlaces(from: url, options: options) }
        #expect(try test.count() == 0)
    }

    @Test func rowsOfOneSourceNeverMerge() throws {
        let test = try ImportTestStore()
        let summary = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0), ("2", "카페 오월", 0.00002)]))
        #expect(summary.inserted == 2)
        _ = try importText(test, "b.csv", Self.csv([("b1", "카페 오월", 0)]))
        // The second file merged into one of them; its second row of the same spot may not merge
        // into the place that already has a pair of its source.
        let again = try importText(test, "b.csv", Self.csv([("b1", "카페 오월", 0), ("b2", "카페 오월", 0.00001)]))
        #expect((again.unchanged, again.merged) == (1, 1))
        #expect(try test.count() == 2)
    }

    @Test func reimportingAMergedSourceUpdatesThatPlace() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0)]))
        #expect(try importText(test, "b.csv", Self.csv([("7", "카페-오월", 0.0001)])).merged == 1)
        let again = try importText(test, "b.csv", Self.csv([("7", "카페-오월", 0.0001)]))
        #expect((again.inserted, again.updated, again.unchanged, again.merged) == (0, 0, 1, 0))
        let phone = try importText(
            test, "b.csv", Self.csv([("7", "카페-오월", 0.0001)], extra: "phone=02-1234-5678"), radius: 0)
        #expect((phone.inserted, phone.updated) == (0, 1))
        #expect(try test.count() == 1)
        #expect(try test.places()["1"]?["phone"] as String? == "02-1234-5678")
    }

    @Test func aRemovedPlaceStaysRemovedForEveryOneOfItsSources() throws {
        let test = try ImportTestStore()
        let a = Self.csv([("1", "카페 오월", 0)])
        let b = Self.csv([("7", "카페 오월", 0.0001)])
        _ = try importText(test, "a.csv", a)
        _ = try importText(test, "b.csv", b)
        let id: Int64 = try #require(try test.places()["1"])["id"]
        try test.store.removePlace(id: id)
        #expect(try importText(test, "a.csv", a).keptRemoved == 1)
        #expect(try importText(test, "b.csv", b).keptRemoved == 1)
        #expect(try test.count() == 0)
    }

    @Test func noMergeIsMadeAcrossARemovedPlace() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0)]))
        try test.store.removePlace(id: try #require(try test.places()["1"])["id"])
        let b = try importText(test, "b.csv", Self.csv([("7", "카페 오월", 0.0001)]))
        #expect((b.inserted, b.merged) == (1, 0))
    }

    @Test func geoJSONRowsAreMatchedToo() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0)]))
        let geojson = """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "g1",
              "geometry": {"type": "Point", "coordinates": [127.04981, 37.54632]},
              "properties": {"name": "카페오월", "phone": "02-1"}}]}
            """
        let summary = try importText(test, "b.geojson", geojson)
        #expect(summary.merged == 1)
        #expect(summary.mergedRows.first?.jsonPath == "features[0]")
        #expect(try test.places()["1"]?["phone"] as String? == "02-1")
    }

    @Test func theSameFileTwiceStillChangesNothing() throws {
        let test = try ImportTestStore()
        let csv = Self.csv([("1", "카페 오월", 0), ("2", "스타벅스", 0.01)])
        _ = try importText(test, "a.csv", csv)
        _ = try importText(test, "b.csv", Self.csv([("b1", "카페 오월", 0.0001)]))
        let before = try test.snapshot()
        let again = try importText(test, "a.csv", csv)
        #expect((again.unchanged, again.merged, again.inserted) == (2, 0, 0))
        #expect(try test.snapshot() == before)
    }

    @Test func aMergedPlaceIsOneSearchResultByEachSourcesName() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "스타벅스", 0)]))
        #expect(try importText(test, "b.csv", Self.csv([("b1", "스타벅스 성수역점", 0.0001)])).merged == 1)
        let id: Int64 = try #require(try test.places()["1"])["id"]
        for query in ["스타벅스 성수역점", "성수역점", "스타벅스", "ㅅㅅㅇㅈ"] {
            #expect(try test.store.search(SearchQuery(query)).map(\.place.id) == [id], "\(query)")
        }
    }

    /// Issue 18: the other names are read fuzzily too, and the place is still one result.
    @Test func aTypoOfAnotherSourcesNameFindsTheMergedPlaceOnce() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "스타벅스", 0)]))
        #expect(try importText(test, "b.csv", Self.csv([("b1", "스타벅스 성수역점", 0.0001)])).merged == 1)
        let id: Int64 = try #require(try test.places()["1"])["id"]
        // Only the other name is one key away (ㅓ→ㅏ); both names are (ㅡ→ㅜ).
        for query in ["성수역잠", "스타벅수"] {
            let results = try test.store.search(SearchQuery(query))
            #expect(results.map(\.place.id) == [id], "\(query)")
            #expect(results.first?.match.kind == .typo, "\(query)")
        }
        #expect(try test.store.search(SearchQuery("성수역잠")).first?.match.forgiven == "ㅓ→ㅏ at 4")
        // With a filter: the other names' rows were read with two WHERE clauses (an SQL error).
        var filter = PlaceFilter()
        filter.minimumLikes = 0
        #expect(try test.store.search(SearchQuery("성수역점", filter: filter)).map(\.place.id) == [id])
        #expect(try test.store.search(SearchQuery("성수역잠", filter: filter)).map(\.place.id) == [id])
        filter.minimumLikes = 1000
        #expect(try test.store.search(SearchQuery("성수역잠", filter: filter)).isEmpty)
    }

    @Test func placeAddMergesIntoAnImportedPlace() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", Self.csv([("1", "카페 오월", 0)]))
        let here = Coordinate(uncheckedLatitude: 37.54632, longitude: 127.04981)
        let added = try test.store.addPlace(
            Place(name: "카페오월", coordinate: here, tags: ["단골"], phone: "02-9"), matchRadiusMeters: 50)
        #expect(added.merged)
        #expect(added.place.name == "카페 오월")
        #expect(added.place.tags == ["단골"])
        #expect(added.place.phone == "02-9")
        // Places added by hand are one source: a second one is a place of its own.
        let second = try test.store.addPlace(Place(name: "집", coordinate: here), matchRadiusMeters: 50)
        let third = try test.store.addPlace(Place(name: "집", coordinate: here), matchRadiusMeters: 50)
        #expect(!second.merged && !third.merged)
        #expect(try test.count() == 3)
        #expect(throws: FootprintStoreError.self) {
            try test.store.addPlace(Place(name: "x", coordinate: here), matchRadiusMeters: -5)
        }
    }
}

/// The name rules on their own.
@Suite struct ConflationNameTests {
    @Test(arguments: [
        ("카페-오월 (성수)", "카페오월성수"), ("카페 오월 성수", "카페오월성수"), ("Blue·Bottle!", "bluebottle"),
        ("ＣＧＶ 강남", "cgv강남"), ("Café Noir", "cafenoir"), ("GS25 역삼점", "gs25역삼점"),
        ("\u{1100}\u{1161}\u{11A8} 1", "각1"),
    ])
    func keys(name: String, key: String) {
        #expect(ConflationName.key(name) == key)
    }

    @Test func branches() {
        #expect(ConflationName.isBranch("스타벅스 성수역점", of: "스타벅스"))
        #expect(ConflationName.isBranch("스타벅스 (성수)", of: "스타벅스"))
        #expect(!ConflationName.isBranch("스타벅스 리저브", of: "스타벅스"))
        #expect(!ConflationName.isBranch("스타벅스", of: "스타벅스"))
        #expect(!ConflationName.isBranch("스타벅스성수역점", of: "스타벅스"))
    }
}
