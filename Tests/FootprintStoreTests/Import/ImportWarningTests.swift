import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A bad optional value costs that value, not the row: the place goes in without it, the line gets
/// a warning, and `--strict` still fails the whole import.
@Suite struct ImportWarningTests {
    /// Each bad likes value, and the warning it gets.
    @Test(arguments: [
        ("3.7", "likes “3.7” is not a whole number ≥ 0; imported without it"),
        ("-5", "likes “-5” is not a whole number ≥ 0; imported without it"),
        ("많음", "likes “많음” is not a whole number ≥ 0; imported without it"),
        ("1e20", "likes “1e20” is more than 9223372036854775807, the largest number stored; imported without it"),
        (
            "99999999999999999999",
            "likes “99999999999999999999” is more than 9223372036854775807, the largest number stored; "
                + "imported without it"
        ),
    ])
    func badLikesAreLeftOutWithAWarning(likes: String, reason: String) throws {
        let test = try ImportTestStore()
        let url = try test.file("w.csv", "id,name,lat,lon,likes\n1,서울숲,37.5444,127.0374,\(likes)\n2,좋은 곳,37.5,127,12\n")
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.inserted == 2)
        #expect(summary.skipped == 0)
        #expect(summary.warnings == 1)
        #expect(summary.warningRows == [RowWarning(line: 2, reason: reason)])
        let places = try test.places()
        #expect(places["1"]?["name"] as String? == "서울숲")
        #expect(places["1"]?["likes"] as Int? == 0)
        #expect(places["2"]?["likes"] as Int? == 12)
    }

    /// Whole numbers in other spellings are likes, not warnings.
    @Test(arguments: [("1,234", 1234), ("1e3", 1000), ("7.0", 7), ("", 0)])
    func wholeLikesInOtherSpellings(likes: String, expected: Int) throws {
        let test = try ImportTestStore()
        let url = try test.file("w.csv", "id,name,lat,lon,likes\n1,A,37.5,127,\"\(likes)\"\n")
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.warnings == 0)
        #expect(try test.places()["1"]?["likes"] as Int? == expected)
    }

    /// On re-import, a bad value leaves the stored one as it was: the file says nothing usable about it.
    @Test func aReimportWithABadValueKeepsTheStoredOne() throws {
        let test = try ImportTestStore()
        let url = try test.file("w.csv", "id,name,lat,lon,likes\n1,A,37.5,127,40\n")
        _ = try test.store.importPlaces(from: url)
        _ = try test.file("w.csv", "id,name,lat,lon,likes\n1,A,37.5,127,4.5\n")
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.unchanged == 1)
        #expect(summary.warnings == 1)
        #expect(try test.places()["1"]?["likes"] as Int? == 40)
    }

    /// Two bad values in one row are two warnings; a control character in an optional field is one.
    @Test func everyBadValueOfARowIsAWarning() throws {
        let test = try ImportTestStore()
        let url = try test.file("w.csv", "id,name,lat,lon,likes,note\n1,A,37.5,127,x,\"a\u{1}b\"\n")
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.inserted == 1)
        #expect(summary.warnings == 2)
        #expect(
            summary.warningRows.map(\.reason) == [
                "likes “x” is not a whole number ≥ 0; imported without it",
                "note contains the control character U+0001, which no text may hold (only tab and line breaks may); "
                    + "imported without it",
            ])
        #expect(try test.places()["1"]?["note"] as String? == nil)
    }

    @Test func strictFailsOnABadValueAndChangesNothing() throws {
        let test = try ImportTestStore()
        let url = try test.file("w.csv", "id,name,lat,lon,likes\n1,A,37.5,127,1\n2,B,37.5,127.1,3.7\n")
        #expect(
            throws: FootprintStoreError.strictImportFailed(
                path: url.path, row: SkippedRow(line: 3, reason: "Likes “3.7” is not a whole number ≥ 0"))
        ) { try test.store.importPlaces(from: url, options: ImportOptions(strict: true)) }
        #expect(try test.count() == 0)
    }

    /// GeoJSON warnings name the member's JSON path.
    @Test func geoJSONWarningsNameTheMember() throws {
        let test = try ImportTestStore()
        let url = try test.file(
            "w.geojson",
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [127, 37.5]},
               "properties": {"name": "A", "likes": 1.5}}
            ]}
            """)
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.inserted == 1)
        #expect(
            summary.warningRows == [
                RowWarning(
                    line: 2, jsonPath: "features[0].properties.likes",
                    reason: "likes “1.5” is not a whole number ≥ 0; imported without it")
            ])
    }

    /// The summary lists at most `reportedSkipLimit` warnings and counts them all.
    @Test func theListIsBounded() throws {
        let test = try ImportTestStore()
        var text = "id,name,lat,lon,likes\n"
        for index in 0..<5 { text += "\(index),P\(index),37.5,127.\(index),-1\n" }
        let url = try test.file("w.csv", text)
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(reportedSkipLimit: 2))
        #expect(summary.inserted == 5)
        #expect(summary.warnings == 5)
        #expect(summary.warningRows.map(\.line) == [2, 3])
    }
}
