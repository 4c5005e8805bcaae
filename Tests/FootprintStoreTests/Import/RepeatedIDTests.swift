import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Two rows of one file for the same place (a repeated id, or the same name and position without
/// an id) are an input error naming both lines: the first row stands and the later one is
/// skipped (or, strict, fails the import with nothing written), as a primary key makes
/// PostgreSQL's COPY and sqlite3's .import refuse the second row. A later import of the same
/// file still updates or leaves unchanged what the first import wrote.
@Suite struct RepeatedIDTests {
    static let csv = "id,name,lat,lon,likes\n1,첫째,37.5,127.0,1\n2,둘째,37.6,127.1,2\n1,다시 첫째,37.7,127.2,9\n"

    @Test func theLaterRowIsSkippedWithBothLines() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: try test.file("list.csv", Self.csv))
        #expect((summary.inserted, summary.updated, summary.unchanged, summary.skipped) == (2, 0, 0, 1))
        #expect(summary.skippedRows == [SkippedRow(line: 4, reason: "The id “1” is already used at line 2")])
        let places = try test.places()
        #expect(places["1"]?["name"] as String? == "첫째")
        #expect(places["1"]?["likes"] as Int? == 1)
        #expect(try test.count() == 2)
    }

    @Test func aStrictImportFailsAndWritesNothing() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        let before = try test.snapshot()
        let file = try test.file("list.csv", Self.csv)
        #expect(
            throws: FootprintStoreError.strictImportFailed(
                path: file.path, row: SkippedRow(line: 4, reason: "The id “1” is already used at line 2"))
        ) {
            try test.store.importPlaces(from: file, options: ImportOptions(strict: true))
        }
        #expect(try test.snapshot() == before)
    }

    /// Re-importing: the ids are in the database already, and the first row of each is still an
    /// update or unchanged; only the repeat is skipped.
    @Test func aReimportUpdatesOnceAndSkipsTheRepeatAgain() throws {
        let test = try ImportTestStore()
        let file = try test.file("list.csv", Self.csv)
        _ = try test.store.importPlaces(from: file)
        let again = try test.store.importPlaces(from: file)
        #expect((again.inserted, again.updated, again.unchanged, again.skipped) == (0, 0, 2, 1))
        let changed = try test.file("list.csv", Self.csv.replacingOccurrences(of: "1,첫째,37.5", with: "1,첫째!,37.5"))
        let third = try test.store.importPlaces(from: changed)
        #expect((third.inserted, third.updated, third.unchanged, third.skipped) == (0, 1, 1, 1))
        #expect(try test.places()["1"]?["name"] as String? == "첫째!")
    }

    /// Across batches: the first row committed in an earlier batch, the repeat far later.
    @Test func aRepeatInALaterBatchIsFound() throws {
        let test = try ImportTestStore()
        var text = "id,name,lat,lon\n"
        for index in 0..<250 { text += "\(index),p\(index),37.\(index),127\n" }
        text += "7,again,37,127\n"
        let summary = try test.store.importPlaces(
            from: try test.file("many.csv", text), options: ImportOptions(batchSize: 10))
        #expect(summary.inserted == 250)
        #expect(summary.skippedRows == [SkippedRow(line: 252, reason: "The id “7” is already used at line 9")])
    }

    @Test func rowsWithoutAnIDRepeatByNameAndPosition() throws {
        let test = try ImportTestStore()
        let file = try test.file("no_id.csv", "name,lat,lon\n빵집,37.5,127\n빵집,37.5000001,127\n빵집,37.6,127\n")
        let summary = try test.store.importPlaces(from: file)
        #expect(summary.inserted == 2)
        #expect(
            summary.skippedRows == [
                SkippedRow(
                    line: 3,
                    reason: "The row repeats line 2: without an id, a place is known by its name and position, "
                        + "and these are the same")
            ])
    }

    @Test func jsonRepeatsNameTheirElements() throws {
        let test = try ImportTestStore()
        let feature = { @Sendable (id: String, name: String) in
            #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":[127,37.5]},"properties":{"name":"\#(name)"}}"#
        }
        let geojson = try test.file(
            "list.geojson",
            "{\"type\":\"FeatureCollection\",\"features\":[\n" + feature("\"a\"", "하나") + ",\n" + feature("\"b\"", "둘")
                + ",\n" + feature("\"a\"", "셋") + "]}")
        let summary = try test.store.importPlaces(from: geojson)
        #expect(summary.inserted == 2)
        #expect(
            summary.skippedRows == [
                SkippedRow(line: 4, jsonPath: "features[2]", reason: "The id “a” is already used at line 2")
            ])
        let naver = try test.file(
            "naver.json",
            #"{"items":[{"title":"<b>카페</b>","address":"서울 중구 1","mapx":"1269780000","mapy":"375665000"},"#
                + "\n"
                + #"{"title":"카페","address":"서울 중구 1","mapx":"1269780001","mapy":"375665001"}]}"#)
        let items = try test.store.importPlaces(from: naver)
        #expect(items.inserted == 1)
        #expect(
            items.skippedRows == [
                SkippedRow(
                    line: 2, jsonPath: "items[1]",
                    reason: "The row repeats line 1: without an id, a place is known by its title and address, "
                        + "and these are the same")
            ])
    }

    /// A place the user removed stays removed; its row repeated in the file is still a repeat.
    @Test func aRepeatedRemovedPlaceIsReportedToo() throws {
        let test = try ImportTestStore()
        let file = try test.file("list.csv", Self.csv)
        _ = try test.store.importPlaces(from: file)
        try test.store.removePlace(id: try #require(try test.places()["1"]?["id"] as Int64?))
        let summary = try test.store.importPlaces(from: file)
        #expect((summary.keptRemoved, summary.unchanged, summary.skipped) == (1, 1, 1))
        #expect(summary.skippedRows == [SkippedRow(line: 4, reason: "The id “1” is already used at line 2")])
    }
}

/// ``PlaceLines``, the record of what an import run wrote, in pages of 256 ids.
@Suite struct PlaceLinesTests {
    @Test func consecutiveGappedAndOlderIds() {
        let lines = PlaceLines()
        lines.record(place: 101, line: 2)
        lines.record(place: 102, line: 3)
        lines.record(place: 110, line: 4)  // another writer took 103…109 between two batches
        lines.record(place: 1_000_000, line: 5)  // far beyond: kept aside
        lines.record(place: 7, line: 6)  // a place from before the run, updated
        lines.record(place: 255, line: Int(Int32.max) + 1)  // a line a page cannot hold
        #expect(lines.line(ofPlace: 101) == 2)
        #expect(lines.line(ofPlace: 102) == 3)
        #expect(lines.line(ofPlace: 105) == nil)
        #expect(lines.line(ofPlace: 110) == 4)
        #expect(lines.line(ofPlace: 1_000_000) == 5)
        #expect(lines.line(ofPlace: 7) == 6)
        #expect(lines.line(ofPlace: 8) == nil)
        #expect(lines.line(ofPlace: 255) == Int(Int32.max) + 1)
        #expect(lines.line(ofPlace: 256) == nil)
        #expect(lines.lineOfRemoved("k", recording: 9) == nil)
        #expect(lines.lineOfRemoved("k", recording: 12) == 9)
    }
}
