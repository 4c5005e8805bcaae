import Foundation
import GRDB
import Testing

@testable import FootprintStore

@Suite struct JSONImportTests {
    @Test func geoJSONPointsWithNamesIDsAndSkippedFeatures() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("places.geojson"))
        #expect(summary.format == .geojson)
        #expect(summary.inserted == 5)
        #expect(
            summary.skippedRows == [
                SkippedRow(
                    line: 11, jsonPath: "features[3].geometry", reason: "The geometry is a LineString, not a Point"),
                SkippedRow(line: 13, jsonPath: "features[4]", reason: "The feature has no geometry"),
                SkippedRow(
                    line: 14, jsonPath: "features[5]",
                    reason: "The name is missing (properties name, title or place_name)"),
                SkippedRow(
                    line: 15, jsonPath: "features[6].geometry.coordinates",
                    reason:
                        "The position [37.56, 126.97] looks like [latitude, longitude]: GeoJSON positions are "
                        + "[longitude, latitude] (RFC 7946 §3.1.1), so write [126.97, 37.56]"
                ),
            ])
        #expect(
            summary.warningRows == [
                RowWarning(
                    line: 16, jsonPath: "features[7].properties.likes",
                    reason: "likes “1.5” is not a whole number ≥ 0; imported without it")
            ])
        let places = try test.places()
        let bottle = try #require(places["101"])
        #expect(bottle["name"] as String == "블루보틀 성수")
        #expect(bottle["category"] as String == "음식점 > 카페")
        #expect(bottle["tags"] as String == "커피|핸드드립")
        #expect(bottle["likes"] as Int == 687)
        #expect(bottle["road_address"] as String == "서울특별시 성동구 아차산로 7")
        let forest = try #require(places["seoul-forest"])
        #expect(forest["name"] as String == "서울숲")
        #expect(forest["tags"] as String == "산책|피크닉")
        #expect(forest["likes"] as Int == 2760)
        #expect(forest["note"] as String == "벚꽃\n피크닉")
        #expect(forest["latitude"] as Double == 37.5444)
        let dumplings = try #require(places["p3"])
        #expect(dumplings["name"] as String == "명동교자 本점")
        #expect(dumplings["category"] as String == "음식점 > 한식")
        #expect(places["아이디 없음@37.510000,127.010000"] != nil)
    }

    @Test func naverTitlesLoseTheirTagsAndItemsAreKeyedByNameAndAddress() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("naver_search.json"))
        #expect(summary.format == .naver)
        #expect(summary.inserted == 5)
        let places = try test.places()
        let bottle = try #require(places["블루보틀 성수|서울특별시 성동구 성수동1가 232-20"])
        #expect(bottle["name"] as String == "블루보틀 성수")
        #expect(bottle["category"] as String == "카페,디저트 > 카페")
        #expect(bottle["road_address"] as String == "서울특별시 성동구 아차산로 7")
        // mapx "1270452100", mapy "375479300": WGS84 × 10⁷.
        #expect(bottle["longitude"] as Double == 127.04521)
        #expect(bottle["latitude"] as Double == 37.54793)
        #expect(try test.store.importPlaces(from: importFixture("naver_search.json")).unchanged == 5)
    }

    /// TM128 metres from an older response; the expected degrees are PROJ's `cs2cs` from the
    /// TM128 definition of ARCHITECTURE.md to EPSG:4326 (Fixtures/README.md).
    @Test func naverTM128IsConvertedThroughPROJ() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("naver_search_tm128.json"))
        #expect(summary.inserted == 2)
        let places = try test.places()
        let hall = try #require(places["KT&G 상상마당 홍대|서울특별시 마포구 서교동 165-10"])
        #expect(abs(hall["latitude"] as Double - 37.550897889) < 1e-8)
        #expect(abs(hall["longitude"] as Double - 126.921002830) < 1e-8)
        let books = try #require(places["땡스북스|서울특별시 마포구 서교동 10-24"])
        #expect(abs(books["latitude"] as Double - 37.549099810) < 1e-8)
        #expect(abs(books["longitude"] as Double - 126.917497846) < 1e-8)
    }

    @Test func naverEntitiesAndEmptyAddresses() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: importFixture("naver_entities.json"), options: ImportOptions(format: .naver))
        #expect(summary.inserted == 1)
        #expect(
            summary.skippedRows == [SkippedRow(line: 5, jsonPath: "items[1].title", reason: "The title is missing")])
        let place = try #require(try test.places()["Tom&Toms 커피 '성수'점@1270452100,375479300"])
        #expect(place["category"] as String == "카페,디저트 > 카페")
        #expect(place["address"] as String? == nil)
    }

    @Test func kakaoDocumentsKeyedByID() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("kakao_search.json"))
        #expect(summary.format == .kakao)
        #expect(summary.inserted == 8)
        let place = try #require(try test.places()["1063775130"])
        #expect(place["name"] as String == "서울숲 카페 나무그늘")
        #expect(place["category"] as String == "음식점 > 카페")
        #expect(place["longitude"] as Double == 127.043299513102)
        #expect(place["latitude"] as Double == 37.545710182089)
        #expect(place["phone"] as String == "02-0953-7653")
        #expect(place["address"] as String == "서울 성동구 성수동1가 192-37")
        #expect(place["road_address"] as String == "서울 성동구 서울숲2길 32")
    }

    /// A syntax error near the end of a file larger than a batch: found before anything is written.
    @Test func invalidJSONAnywhereChangesNothing() throws {
        let test = try ImportTestStore()
        let url = importFixture("invalid_late.geojson")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: url.path, line: 3001,
                reason: "Invalid JSON: a trailing comma after features[2999] is not allowed in JSON")
        ) {
            try test.store.importPlaces(from: url, options: ImportOptions(batchSize: 100))
        }
        #expect(try test.count() == 0)
    }

    @Test(arguments: [
        ("[1, 2]", "geojson", "The document is not a JSON object with a “features” array"),
        (#"{"type": "FeatureCollection"}"#, "geojson", "The document has no “features” array"),
        (
            #"{"type": "Feature", "features": []}"#, "geojson",
            "The document is a GeoJSON Feature, not a FeatureCollection"
        ),
        (#"{"items": [] "#, "json", "Invalid JSON: the text ends inside the top-level object"),
        (#"{"documents": {}}"#, "json", "The “documents” member is not an array"),
    ])
    func fileLevelJSONErrors(text: String, fileExtension: String, reason: String) throws {
        let test = try ImportTestStore()
        let url = try test.file("bad.\(fileExtension)", text)
        #expect(throws: FootprintStoreError.self) { try test.store.importPlaces(from: url) }
        do {
            _ = try test.store.importPlaces(from: url)
        } catch let error as FootprintStoreError {
            guard case .invalidInput(_, _, let actual) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(actual == reason)
        }
        #expect(try test.count() == 0)
    }

    /// A comma after the last element names that element and the comma's line, not an element
    /// after it that the file does not have.
    @Test(arguments: [
        (
            "{\"documents\": [\n{\"id\": \"1\", \"place_name\": \"a\", \"x\": \"127\", \"y\": \"37.5\"},\n]}",
            "kakao.json",
            2, "Invalid JSON: a trailing comma after documents[0] is not allowed in JSON"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [\n"
                + "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [127, 37.5]}, "
                + "\"properties\": {\"name\": \"a\"}},\n\n  ]\n}",
            "trip.geojson", 2, "Invalid JSON: a trailing comma after features[0] is not allowed in JSON"
        ),
    ])
    func trailingCommaNamesTheLastElement(text: String, name: String, line: Int, reason: String) throws {
        let test = try ImportTestStore()
        let url = try test.file(name, text)
        #expect(throws: FootprintStoreError.invalidInput(path: url.path, line: line, reason: reason)) {
            try test.store.importPlaces(from: url)
        }
        #expect(try test.count() == 0)
    }

    @Test func unknownJSONNeedsAFormat() throws {
        let test = try ImportTestStore()
        let url = try test.file("other.json", #"{"results": []}"#)
        #expect(throws: FootprintStoreError.self) { try test.store.importPlaces(from: url) }
        let empty = try test.store.importPlaces(from: try test.file("empty.json", #"{"items": []}"#))
        #expect(empty.format == .naver)
        #expect(empty.rowsRead == 0)
    }
}
