import Foundation
import GRDB
import Testing

@testable import FootprintStore

@Suite struct CSVImportTests {
    @Test func byteOrderMarkAndKoreanHeaderAliases() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        #expect(summary.inserted == 2)
        #expect(summary.skipped == 0)
        #expect(summary.encoding == .utf8)
        #expect(summary.source == "aliases_bom.csv")
        let places = try test.places()
        let bottle = try #require(places["k1"])
        #expect(bottle["name"] as String == "블루보틀 성수")
        #expect(bottle["latitude"] as Double == 37.54793)
        #expect(bottle["longitude"] as Double == 127.04521)
        #expect(bottle["category"] as String == "음식점 > 카페")
        #expect(bottle["tags"] as String == "커피|핸드드립")
        #expect(bottle["likes"] as Int == 687)
        #expect(bottle["road_address"] as String == "서울특별시 성동구 아차산로 7")
        #expect(bottle["address"] as String? == nil)
        #expect(bottle["phone"] as String == "02-000-0000")
        #expect(bottle["note"] as String == "주말 웨이팅")
        let forest = try #require(places["k2"])
        #expect(forest["likes"] as Int == 2760)
        #expect(forest["tags"] as String == "산책|피크닉")
        #expect(forest["phone"] as String? == nil)
    }

    @Test func cp949IsDetectedAndDecoded() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("cp949.csv"))
        #expect(summary.encoding == .cp949)
        #expect(summary.inserted == 3)
        let places = try test.places()
        #expect(places["p066"]?["name"] as String? == "명동교자 본점")
        #expect(places["p093"]?["name"] as String? == "KT&G 상상마당 홍대")
        // CRLF line ends: the last field keeps no carriage return.
        #expect(places["p102"]?["address"] as String? == "서울특별시 마포구 양화로6길 57-6")
        #expect(places["p066"]?["tags"] as String? == "칼국수|줄서는집")
    }

    @Test func cp949CanBeForcedAndUTF8ReadAsCP949IsNotValid() throws {
        let test = try ImportTestStore()
        let forced = try test.store.importPlaces(
            from: importFixture("cp949.csv"), options: ImportOptions(encoding: .cp949))
        #expect(forced.inserted == 3)
        // The CP949 bytes read as UTF-8 are not UTF-8: every row says so.
        let wrong = try test.store.importPlaces(
            from: importFixture("cp949.csv"), options: ImportOptions(encoding: .utf8, source: "wrong"))
        #expect(wrong.inserted == 0)
        #expect(wrong.skipped == 3)
        #expect(
            wrong.skippedRows.first
                == SkippedRow(
                    line: 2, reason: "The text is not valid UTF-8 (byte 0xB8 at column 6); try --encoding cp949"))
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("quoted.csv"))
        #expect(summary.inserted == 3)
        #expect(summary.skipped == 0)
        let places = try test.places()
        #expect(places["q1"]?["name"] as String? == "Cafe, Bakery & Bar")
        #expect(places["q1"]?["note"] as String? == "He said \"hello\"")
        #expect(places["q2"]?["name"] as String? == "두 줄\n이름")
        #expect(places["q2"]?["note"] as String? == "첫 줄\n둘째 줄")
        #expect(places["q3"]?["note"] as String? == nil)
    }

    /// Each bad row is reported on the line it starts on, in the words of its problem; good rows
    /// go in.
    @Test func brokenRowsAreSkippedWithTheirReasons() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("broken.csv"))
        #expect(summary.inserted == 4)
        #expect(summary.skipped == 8)
        #expect(
            summary.skippedRows == [
                SkippedRow(line: 3, reason: "The name is missing"),
                SkippedRow(line: 4, reason: "The latitude “abc” is not a number"),
                SkippedRow(line: 5, reason: "The longitude is missing"),
                SkippedRow(line: 6, reason: "The latitude is not a finite number"),
                SkippedRow(line: 7, reason: "The latitude 95.5 is outside -90…90 degrees"),
                SkippedRow(
                    line: 8,
                    reason:
                        "The “lat” column's 126.97 is a longitude and the “lon” column's 37.56 a latitude: the two columns look swapped"
                ),
                SkippedRow(line: 9, reason: "The row has 3 fields where the header has 5"),
                SkippedRow(line: 12, reason: "A quoted field is never closed"),
            ])
        // A bad optional value costs that value only.
        #expect(
            summary.warningRows == [
                RowWarning(line: 10, reason: "likes “많음” is not a whole number ≥ 0; imported without it"),
                RowWarning(line: 11, reason: "likes “-4” is not a whole number ≥ 0; imported without it"),
            ])
        #expect(Set(try test.places().keys) == ["b1", "b9", "b10", "b12"])
    }

    @Test func strictImportFailsOnTheFirstBadRowAndChangesNothing() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: importFixture("quoted.csv"))
        let before = try test.snapshot()
        #expect(
            throws: FootprintStoreError.strictImportFailed(
                path: importFixture("broken.csv").path, row: SkippedRow(line: 3, reason: "The name is missing"))
        ) {
            try test.store.importPlaces(from: importFixture("broken.csv"), options: ImportOptions(strict: true))
        }
        #expect(try test.snapshot() == before)
    }

    @Test func strictErrorIsOneSentence() {
        let error = FootprintStoreError.strictImportFailed(
            path: "a.csv", row: SkippedRow(line: 3, reason: "The name is missing"))
        #expect(error.description == "a.csv:3: The name is missing; nothing was imported, as the import is strict.")
    }

    @Test(arguments: [
        (
            "no_name.csv",
            "The file is not a places CSV: its header has no name column (name, 이름, 상호명 or title)"
        ),
        (
            "no_coordinates.csv",
            "The file is not a places CSV: its header has no coordinate columns (lat and lon, latitude and longitude, 위도 and 경도, or x and y with a CRS)"
        ),
    ])
    func headersWithoutTheNeededColumnsChangeNothing(file: String, reason: String) throws {
        let test = try ImportTestStore()
        let before = try test.snapshot()
        let path = importFixture(file).path
        #expect(throws: FootprintStoreError.invalidInput(path: path, line: 1, reason: reason)) {
            try test.store.importPlaces(from: importFixture(file))
        }
        #expect(try test.snapshot() == before)
    }

    @Test func unreadableFilesChangeNothing() throws {
        let test = try ImportTestStore()
        let missing = test.directory.file("missing.csv")
        #expect(
            throws: FootprintStoreError.unreadableInput(path: missing.path, reason: "There is no such file")
        ) {
            try test.store.importPlaces(from: missing)
        }
        let empty = try test.file("empty.csv", "")
        #expect(throws: FootprintStoreError.unreadableInput(path: empty.path, reason: "The file is empty")) {
            try test.store.importPlaces(from: empty)
        }
        #expect(try test.count() == 0)
    }

    /// Rows without an id are keyed `NAME@LAT,LON` at 6 decimals: a point that differs only in the
    /// 7th decimal is the same place — a second row for it is reported, not written over the first
    /// — and a second import finds them all.
    @Test func rowsWithoutIDGetADerivedStableID() throws {
        let test = try ImportTestStore()
        let first = try test.store.importPlaces(from: importFixture("no_id.csv"))
        #expect(first.inserted == 2)
        #expect(first.updated == 0)
        let repeated = SkippedRow(
            line: 3,
            reason:
                "The row repeats line 2: without an id, a place is known by its name and position, and these are the same"
        )
        #expect(first.skippedRows == [repeated])
        #expect(
            Set(try test.places().keys) == ["동네 빵집@37.500000,127.000000", "동네 빵집@37.510000,127.000000"])
        #expect(try test.places()["동네 빵집@37.500000,127.000000"]?["note"] as String? == "처음")
        let second = try test.store.importPlaces(from: importFixture("no_id.csv"))
        #expect(second.inserted == 0)
        #expect(second.updated == 0)
        #expect(second.unchanged == 2)
        #expect(second.skippedRows == [repeated])
        #expect(try test.count() == 2)
    }

    /// `x`/`y` in Korea 2000 / Central Belt 2010 metres; the expected degrees are PROJ's
    /// `cs2cs -r -s EPSG:5186 EPSG:4326` of the same numbers (Fixtures/README.md).
    @Test func projectedXYWithACRS() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: importFixture("projected_5186.csv"), options: ImportOptions(crs: "EPSG:5186"))
        #expect(summary.inserted == 2)
        let places = try test.places()
        let cityHall = try #require(places["서울시청@37.566300,126.977900"])
        #expect(abs(cityHall["latitude"] as Double - 37.566300000) < 1e-8)
        #expect(abs(cityHall["longitude"] as Double - 126.977900002) < 1e-8)
        let busan = try #require(places["부산시청@35.115100,129.041300"])
        #expect(abs(busan["latitude"] as Double - 35.115099998) < 1e-8)
        #expect(abs(busan["longitude"] as Double - 129.041300002) < 1e-8)
    }

    /// x/y without `--crs` is a file-level error (they are metres, not degrees), and so is `--crs`
    /// on a file with latitude/longitude only: neither may put places at the wrong spot.
    @Test func coordinateColumnsMustMatchTheCRS() throws {
        let test = try ImportTestStore()
        let projected = try importFixture("projected_5186.csv")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: projected.path, line: 1,
                reason: "The x and y columns need --crs to say what they are (e.g. --crs EPSG:5186)")
        ) { try test.store.importPlaces(from: projected) }
        let degrees = try test.file("ll.csv", "name,lat,lon\n서울숲,37.5444,127.0374\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: degrees.path, line: 1,
                reason: "The header has no x and y columns for --crs to apply to (lat and lon are WGS84 already)")
        ) { try test.store.importPlaces(from: degrees, options: ImportOptions(crs: "EPSG:5186")) }
        #expect(try test.count() == 0)
    }

    @Test func unknownCRSIsAFileLevelError() throws {
        let test = try ImportTestStore()
        #expect(throws: FootprintStoreError.self) {
            try test.store.importPlaces(
                from: importFixture("projected_5186.csv"), options: ImportOptions(crs: "EPSG:999999"))
        }
        #expect(try test.count() == 0)
    }

    @Test func tabSeparatedBlankLinesAndNoFinalNewline() throws {
        let test = try ImportTestStore()
        let url = try test.file("tabs.tsv", "id\tname\tlat\tlon\n\n1\t탭 구분\t37.5\t127.0\n\n2\t마지막 줄\t37.6\t127.1")
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.inserted == 2)
        #expect(summary.skipped == 0)
        #expect(try test.places()["2"]?["name"] as String? == "마지막 줄")
    }

    @Test func sourceDefaultsToTheFileNameAndCanBeGiven() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: importFixture("quoted.csv"), options: ImportOptions(source: "내 목록"))
        #expect(try test.places(source: "내 목록").count == 3)
        #expect(try test.places(source: "quoted.csv").isEmpty)
    }
}
