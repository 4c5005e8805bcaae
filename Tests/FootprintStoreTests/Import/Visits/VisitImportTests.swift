import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// `importVisits`: how a row finds its place, what a re-import does, which rows are skipped.
@Suite struct VisitImportTests {
    let test: ImportTestStore
    var store: FootprintStore { test.store }
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    init() throws { test = try ImportTestStore() }

    func importPlaces(_ name: String, _ text: String) throws {
        _ = try store.importPlaces(from: test.file(name, text))
    }

    func importVisits(_ name: String, _ text: String, strict: Bool = false, source: String? = nil) throws
        -> VisitImportSummary
    {
        let url = try test.file(name, text)
        let options = VisitImportOptions(source: source, strict: strict, zone: Self.seoul)
        return try store.importVisits(VisitImportFile(path: url.path, options: options))
    }

    /// `place_id|arrived|left|note|rating|source` of every visit, by id.
    func visits() throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT coalesce(p.source_id, '-') || '|' || v.arrived_at || '|' || v.arrived_offset || '|'
                        || coalesce(v.left_at, '') || '|' || coalesce(v.note, '') || '|' || coalesce(v.rating, '')
                        || '|' || coalesce(v.source, '')
                    FROM visits v LEFT JOIN places p ON p.id = v.place_id ORDER BY v.id
                    """)
        }
    }

    func reasons(_ summary: VisitImportSummary) -> [String] { summary.skippedRows.map(\.description) }

    @Test func placeIDRowsAreStoredAndAReimportAddsNothing() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\np2,블루보틀 성수,37.5479,127.0453\n")
        let text = #"""
            place_id,arrived,left,note,rating
            p1,2024-05-04T10:41:00+09:00,2024-05-04T11:56:00+09:00,"호수 한 바퀴, ""사슴""",5
            p2,2024-05-04T09:53,,,

            """#
        let first = try importVisits("visits.csv", text)
        #expect((first.inserted, first.updated, first.unchanged, first.skipped) == (2, 0, 0, 0))
        let expected = [
            "p1|2024-05-04T01:41:00.000Z|32400|2024-05-04T02:56:00.000Z|호수 한 바퀴, \"사슴\"|5|visits.csv",
            "p2|2024-05-04T00:53:00.000Z|32400||||visits.csv",
        ]
        #expect(try visits() == expected)
        let again = try importVisits("visits.csv", text)
        #expect((again.inserted, again.updated, again.unchanged, again.skipped) == (0, 0, 2, 0))
        #expect(try visits() == expected)
        // A changed note is an update of the same visit, not a second one.
        let changed = try importVisits("visits.csv", text.replacingOccurrences(of: ",5\n", with: ",4\n"))
        #expect((changed.inserted, changed.updated, changed.unchanged) == (0, 1, 1))
        #expect(try visits().first?.contains("|4|visits.csv") == true)
        // Another source is another set of visits.
        let other = try importVisits("other.csv", text)
        #expect(other.inserted == 2)
    }

    /// `#ID` is Footprint's own id of the place (one added with `place add` has no source id); a
    /// plain number stays a source id, and one that is none points to `#ID`.
    @Test func hashIDIsTheFootprintIDOfThePlace() throws {
        try importPlaces("places.csv", "id,name,lat,lon\n7,서울숲,37.5444,127.0374\n")
        let added = try store.addPlace(Place(name: "우리집", coordinate: Coordinate(latitude: 37.54, longitude: 127.06)))
        let summary = try importVisits(
            "visits.csv",
            """
            place_id,arrived
            #\(added.id!),2024-05-04T08:00+09:00
            7,2024-05-04T10:00+09:00
            \(added.id!),2024-05-04T11:00+09:00
            #99,2024-05-04T12:00+09:00
            #1x,2024-05-04T13:00+09:00

            """)
        #expect((summary.inserted, summary.skipped) == (2, 3))
        #expect(
            try visits() == [
                "-|2024-05-03T23:00:00.000Z|32400||||visits.csv", "7|2024-05-04T01:00:00.000Z|32400||||visits.csv",
            ])
        #expect(
            reasons(summary) == [
                "4: No imported place has the id “2”; for place 2 of place list, write #2",
                "5: No place has the id #99",
                "6: No imported place has the id “#1x”",
            ])
        let again = try importVisits("visits.csv", "place_id,arrived\n#2,2024-05-04T08:00+09:00\n")
        #expect((again.inserted, again.unchanged) == (0, 1))
    }

    @Test func anIDInTwoSourcesIsAmbiguousAndSourceColonIDSettlesIt() throws {
        try importPlaces("a.csv", "id,name,lat,lon\nx1,가게 A,37.5,127.0\n")
        try importPlaces("b.csv", "id,name,lat,lon\nx1,가게 B,37.6,127.1\nonly-b,가게 C,37.7,127.2\n")
        let summary = try importVisits(
            "visits.csv",
            """
            place_id,arrived
            x1,2024-05-04T10:00+09:00
            b.csv:x1,2024-05-04T11:00+09:00
            only-b,2024-05-04T12:00+09:00
            zz,2024-05-04T13:00+09:00
            c.csv:x1,2024-05-04T14:00+09:00

            """)
        #expect(summary.inserted == 2)
        #expect(
            reasons(summary) == [
                "2: The place id “x1” is in 2 sources (a.csv, b.csv): write it as SOURCE:ID, such as a.csv:x1",
                "5: No imported place has the id “zz”",
                "6: No imported place has the id “c.csv:x1”",
            ])
        let names = try store.read { db in
            try String.fetchAll(db, sql: "SELECT place_name FROM visits ORDER BY id")
        }
        #expect(names == ["가게 B", "가게 C"])
    }

    @Test func aPlaceChosenOnceIsKeptWhenAnotherSourceGetsTheSameID() throws {
        try importPlaces("a.csv", "id,name,lat,lon\nx1,가게 A,37.5,127.0\n")
        let text = "place_id,arrived\nx1,2024-05-04T10:00+09:00\n"
        #expect(try importVisits("visits.csv", text).inserted == 1)
        try importPlaces("b.csv", "id,name,lat,lon\nx1,가게 B,37.6,127.1\n")
        let again = try importVisits("visits.csv", text)
        #expect((again.inserted, again.unchanged, again.skipped) == (0, 1, 0))
        // A new row with the id is ambiguous now.
        let more = try importVisits("visits.csv", text + "x1,2024-05-05T10:00+09:00\n")
        #expect(reasons(more).first?.hasPrefix("3: The place id “x1” is in 2 sources") == true)
    }

    @Test func nameAndPositionIsTheNearestPlaceOfThatNameWithin100Metres() throws {
        let origin = try Coordinate(latitude: 37.5444, longitude: 127.0374)
        let a = try store.addPlace(Place(name: "카페", coordinate: origin))
        let b = try store.addPlace(
            Place(name: "카페", coordinate: origin.destination(bearingDegrees: 0, distanceMeters: 60)))
        let other = try store.addPlace(
            Place(name: "다른 카페", coordinate: origin.destination(bearingDegrees: 0, distanceMeters: 45)))
        // 40 m north of a is 20 m from b: b. 20 m south of a: a. 99 m south of a: a. 101 m south: a new place.
        let rows = [(40.0, 0.0), (20, 180), (99, 180), (101, 180), (30, 90)].map { distance, bearing in
            origin.destination(bearingDegrees: bearing, distanceMeters: distance)
        }
        var text = "name,lat,lon,arrived\n"
        for (index, point) in rows.enumerated() {
            let name = index == 4 ? "다른 카페" : "카페"
            text += "\(name),\(point.latitude),\(point.longitude),2024-05-0\(index + 1)T10:00+09:00\n"
        }
        let summary = try importVisits("visits.csv", text)
        #expect((summary.inserted, summary.placesAdded, summary.skipped) == (5, 1, 0))
        let placeIDs = try store.read { db in try Int64.fetchAll(db, sql: "SELECT place_id FROM visits ORDER BY id") }
        let added = try #require(placeIDs[3])
        #expect(placeIDs == [b.id!, a.id!, a.id!, added, other.id!])
        let place = try store.place(id: added)
        #expect(place.name == "카페")
        #expect(place.source == "visits.csv")
        #expect(place.sourceID == DerivedID.place(name: "카페", coordinate: rows[3]))
        #expect(place.createdAt != nil)
        // The place is found again: a re-import adds neither a place nor a visit.
        let again = try importVisits("visits.csv", text)
        #expect((again.inserted, again.unchanged, again.placesAdded) == (0, 5, 0))
        #expect(try test.count() == 4)
        // Even after the user moved it more than 100 m away.
        _ = try store.editPlace(
            id: added, PlaceEdit(coordinate: origin.destination(bearingDegrees: 90, distanceMeters: 500)))
        let moved = try importVisits("visits.csv", text)
        #expect((moved.inserted, moved.unchanged, moved.placesAdded) == (0, 5, 0))
        // Added places are searchable at once, as `place add`'s are.
        #expect(try store.search(SearchQuery("카페", limit: nil)).map(\.place.id).contains(added))
    }

    @Test func badRowsAreSkippedWithTheirLineAndReason() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\n")
        let summary = try importVisits(
            "visits.csv",
            """
            place_id,arrived,left,rating
            p1,2024-05-04T10:00+09:00,2024-05-04T11:00+09:00,5
            p1,yesterday,,
            p1,2024-02-30T10:00+09:00,,
            p1,2024-05-04T12:00+09:00,2024-05-04T11:00+09:00,
            p1,2024-05-04T13:00+09:00,,6
            p1,2024-05-04T14:00+09:00,,3.5
            ,2024-05-04T15:00+09:00,,
            p1,,,
            p1,2024-05-04T10:00+09:00,,
            p1,2024-05-04T16:00+09:00
            p1,2024-05-04T17:00+09:00,,1

            """)
        #expect((summary.inserted, summary.skipped) == (2, 9))
        #expect(
            reasons(summary) == [
                "3: The arrival “yesterday” is not a time: write it as ISO 8601, e.g. 2024-05-04T14:30+09:00",
                "4: The arrival “2024-02-30T10:00+09:00” is not a time: no such date or time",
                "5: The departure 2024-05-04T11:00:00+09:00 is before the arrival 2024-05-04T12:00:00+09:00",
                "6: The rating “6” is not a whole number from 1 to 5",
                "7: The rating “3.5” is not a whole number from 1 to 5",
                "8: The place id is missing",
                "9: The arrival time is missing",
                "10: The visit repeats line 2: the same place and arrival",
                "11: The row has 2 fields where the header has 4",
            ])
    }

    /// Swapped lat/lon columns are said in the file's terms; a field that is not UTF-8 is said with
    /// its byte and column, as a places CSV says it.
    @Test func swappedColumnsAndTextThatIsNotUTF8() throws {
        var bytes = Data("name,lat,lon,arrived,note\n동네 빵집,127.04,37.55,2024-05-04T08:00+09:00,\n".utf8)
        bytes += Data("동네 빵집,37.55,127.04,2024-05-04T09:00+09:00,".utf8) + Data([0x41, 0xB1, 0xE8]) + Data("\n".utf8)
        let url = test.directory.file("visits.csv")
        try bytes.write(to: url)
        let summary = try store.importVisits(
            VisitImportFile(path: url.path, options: VisitImportOptions(encoding: .utf8, zone: Self.seoul)))
        #expect(
            reasons(summary) == [
                "2: The “lat” column's 127.04 is a longitude and the “lon” column's 37.55 a latitude: the two columns look swapped",
                "3: The text is not valid UTF-8 (byte 0xB1 at column 44); try --encoding cp949",
            ])
    }

    @Test func strictFailsAtTheFirstBadRowAndChangesNothing() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\n")
        let before = try test.snapshot()
        let text = """
            place_id,name,lat,lon,arrived,rating
            p1,,,,2024-05-04T10:00+09:00,5
            ,새 가게,37.5,127.0,2024-05-04T11:00+09:00,
            p1,,,,2024-05-04T12:00+09:00,6

            """
        #expect(
            throws: FootprintStoreError.strictImportFailed(
                path: test.directory.file("visits.csv").path,
                row: SkippedRow(line: 4, reason: "The rating “6” is not a whole number from 1 to 5"))
        ) {
            try importVisits("visits.csv", text, strict: true)
        }
        #expect(try visits() == [])
        #expect(try test.snapshot() == before)
    }

    @Test func aHeaderWithoutArrivalOrPlaceIsAFileError() throws {
        let noArrival = try test.file("a.csv", "place_id,left\np1,2024-05-04T10:00+09:00\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: noArrival.path, line: 1,
                reason: "The file is not a visits CSV: its header has no arrived column (arrived, arrival or 도착)")
        ) { try VisitImportFile(path: noArrival.path) }
        let noPlace = try test.file("b.csv", "name,lat,arrived\n서울숲,37.5,2024-05-04T10:00+09:00\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: noPlace.path, line: 1,
                reason:
                    "The file is not a visits CSV: its header has neither a place_id column nor name, lat and lon columns"
            )
        ) { try VisitImportFile(path: noPlace.path) }
    }

    @Test func aRemovedPlaceIsNotBroughtBack() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\n")
        let text = """
            place_id,name,lat,lon,arrived
            p1,,,,2024-05-04T10:00+09:00
            ,새 가게,37.5,127.0,2024-05-04T11:00+09:00

            """
        #expect(try importVisits("visits.csv", text).inserted == 2)
        let added = try #require(try test.places(source: "visits.csv").values.first?["id"] as Int64?)
        try store.removePlace(id: added)
        try store.removePlace(id: try #require(try test.places(source: "places.csv")["p1"]?["id"] as Int64?))
        // Their visits stay, detached: the same rows again are those visits.
        let again = try importVisits("visits.csv", text)
        #expect((again.inserted, again.unchanged, again.placesAdded, again.skipped) == (0, 2, 0, 0))
        #expect(try test.count() == 0)
        // A new visit to a removed place is skipped with the reason.
        let later = try importVisits(
            "visits.csv",
            text.replacingOccurrences(of: "T10:00", with: "T18:00").replacingOccurrences(of: "T11:00", with: "T19:00"))
        #expect(
            reasons(later) == [
                "2: The place “p1” was removed (place remove), so no visit is added to it",
                "3: The place “새 가게”, which this file added, was removed (place remove), so no visit is added to it",
            ])
        #expect(try test.count() == 0)
    }

    @Test func cp949AndKoreanHeadersAndTheSourceOption() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\n")
        // "장소id,도착,메모\np1,2024-05-04T10:00+09:00,메모\n" in CP949, as `iconv -t cp949` writes it.
        var bytes: [UInt8] =
            [0xC0, 0xE5, 0xBC, 0xD2] + Array("id,".utf8) + [0xB5, 0xB5, 0xC2, 0xF8, 0x2C] + [
                0xB8, 0xDE, 0xB8, 0xF0, 0x0A,
            ]
        bytes += Array("p1,2024-05-04T10:00+09:00,".utf8) + [0xB8, 0xDE, 0xB8, 0xF0, 0x0A]
        let url = test.directory.file("cp949.csv")
        try Data(bytes).write(to: url)
        let file = try VisitImportFile(path: url.path, options: VisitImportOptions(source: "내 일기"))
        #expect(file.encoding == .cp949)
        let summary = try store.importVisits(file)
        #expect((summary.inserted, summary.source) == (1, "내 일기"))
        #expect(try visits() == ["p1|2024-05-04T01:00:00.000Z|32400||메모||내 일기"])
    }

    @Test func timesWithoutAnOffsetAreInTheGivenZone() throws {
        try importPlaces("places.csv", "id,name,lat,lon\np1,서울숲,37.5444,127.0374\n")
        let url = try test.file("visits.csv", "place_id,arrived\np1,2024-05-04 10:00\n")
        let options = VisitImportOptions(zone: TimeZone(identifier: "Europe/Paris")!)
        #expect(try store.importVisits(VisitImportFile(path: url.path, options: options)).inserted == 1)
        #expect(try visits() == ["p1|2024-05-04T08:00:00.000Z|7200||||visits.csv"])
    }
}
