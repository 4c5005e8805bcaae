import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Fields set with `place add`/`place edit` are the user's: a re-import keeps them, the other
/// fields follow the source, and `overwriteEdits` takes the source's values and forgets the marks.
@Suite struct EditedFieldsTests {
    static let header = "id,name,lat,lon,category,tags,note\n"

    /// Imports `rows` as `list.csv` and returns the summary.
    func importList(_ test: ImportTestStore, _ rows: String, options: ImportOptions = ImportOptions()) throws
        -> ImportSummary
    {
        try test.store.importPlaces(from: try test.file("list.csv", Self.header + rows), options: options)
    }

    @Test func aRenameAndAnAddedTagSurviveTheReimport() throws {
        let test = try ImportTestStore()
        _ = try importList(test, "1,하나,37.5,127.0,카페,야경|데이트,\n2,둘,37.6,127.1,,,\n")
        let id = try #require(try test.places()["1"]?["id"] as Int64?)
        _ = try test.store.editPlace(id: id, PlaceEdit(name: "하나 카페", addedTags: ["단골"], removedTags: ["데이트"]))
        #expect(try test.store.editedFields(placeID: id) == [.name, .tags])

        // The source changes its category and tags: those follow; name and the user's tags stay.
        let summary = try importList(test, "1,하나,37.5,127.0,디저트,야경|빵,\n2,둘,37.6,127.1,,,\n")
        #expect((summary.updated, summary.unchanged, summary.keptEdits) == (1, 1, 1))
        let place = try test.store.place(id: id)
        #expect(place.name == "하나 카페")
        #expect(place.category == "디저트")
        #expect(place.tags == ["야경", "빵", "단골"])
        // Again: nothing to change, and the user's name is still kept against the file's.
        let again = try importList(test, "1,하나,37.5,127.0,디저트,야경|빵,\n2,둘,37.6,127.1,,,\n")
        #expect((again.updated, again.unchanged, again.keptEdits) == (0, 2, 1))
    }

    @Test func aMovedPlaceStaysWhereTheUserPutIt() throws {
        let test = try ImportTestStore()
        _ = try importList(test, "1,하나,37.5,127.0,,,\n")
        let id = try #require(try test.places()["1"]?["id"] as Int64?)
        let pin = try Coordinate(latitude: 37.501, longitude: 127.002)
        _ = try test.store.editPlace(id: id, PlaceEdit(coordinate: pin, note: "입구는 뒤쪽"))
        let summary = try importList(test, "1,하나 본점,37.5,127.0,,,원래 메모\n")
        #expect((summary.updated, summary.keptEdits) == (1, 1))
        let place = try test.store.place(id: id)
        #expect(place.coordinate == pin)
        #expect(place.name == "하나 본점")
        #expect(place.note == "입구는 뒤쪽")
        #expect(try test.store.editedFields(placeID: id) == [.note, .position])
        let entry = try test.store.read { db in
            try Row.fetchOne(db, sql: "SELECT xmin, ymin FROM idx_places_geom WHERE pkid = ?", arguments: [id])
        }
        #expect(abs((entry?["ymin"] as Double? ?? 0) - 37.501) < 1e-5)
    }

    /// A row equal to the user's values keeps nothing: it is not counted.
    @Test func aFileThatAgreesWithTheUserKeepsNoEdit() throws {
        let test = try ImportTestStore()
        _ = try importList(test, "1,하나,37.5,127.0,,,\n")
        let id = try #require(try test.places()["1"]?["id"] as Int64?)
        _ = try test.store.editPlace(id: id, PlaceEdit(name: "하나"))
        let summary = try importList(test, "1,하나,37.5,127.0,,,\n")
        #expect((summary.unchanged, summary.keptEdits) == (1, 0))
    }

    @Test func overwriteEditsTakesTheFileAndClearsTheMarks() throws {
        let test = try ImportTestStore()
        _ = try importList(test, "1,하나,37.5,127.0,,야경,\n")
        let id = try #require(try test.places()["1"]?["id"] as Int64?)
        _ = try test.store.editPlace(id: id, PlaceEdit(name: "내 이름", addedTags: ["단골"]))
        let summary = try importList(test, "1,하나,37.5,127.0,,야경,\n", options: ImportOptions(overwriteEdits: true))
        #expect((summary.updated, summary.keptEdits) == (1, 0))
        let place = try test.store.place(id: id)
        #expect(place.name == "하나")
        #expect(place.tags == ["야경"])
        #expect(try test.store.editedFields(placeID: id).isEmpty)
        #expect(try test.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_edits") } == 0)
    }

    @Test func addPlaceMarksTheGivenFieldsAndRemovingForgetsThem() throws {
        let test = try ImportTestStore()
        let place = try test.store.addPlace(
            Place(
                name: "집 앞 카페", coordinate: try Coordinate(latitude: 37.5, longitude: 127.0), tags: ["단골"],
                address: "서울 성동구"))
        let id = try #require(place.id)
        #expect(try test.store.editedFields(placeID: id) == [.address, .name, .position, .tags])
        #expect(try test.store.placeEdits(placeID: id).addedTags == ["단골"])
        try test.store.removePlace(id: id)
        #expect(try test.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_edits") } == 0)
        #expect(throws: FootprintStoreError.self) { try test.store.editedFields(placeID: id) }
    }

    @Test func tagChangesCancelOut() {
        var edits = PlaceEdits()
        edits.record(addedTags: ["단골", "#야경"], removedTags: [])
        edits.record(addedTags: [], removedTags: ["야경", "데이트"])
        #expect(edits.addedTags == ["단골"])
        #expect(edits.removedTags == ["야경", "데이트"])
        #expect(edits.applyingTags(to: ["데이트", "빵", "단골"]) == ["빵", "단골"])
    }

    /// A source without marked places takes the fast path; marks of another source's place do
    /// not switch it on.
    @Test func marksAreLookedUpOnlyForSourcesThatHaveThem() throws {
        let test = try ImportTestStore()
        _ = try importList(test, "1,하나,37.5,127.0,,,\n")
        _ = try test.store.importPlaces(
            from: try test.file("other.csv", Self.header + "1,다른,37.5,127.0,,,\n"))
        let other = try #require(try test.places(source: "other.csv")["1"]?["id"] as Int64?)
        _ = try test.store.editPlace(id: other, PlaceEdit(name: "바뀐"))
        let checks = try test.store.read { db in
            (
                try PlaceWriteChecks.decide(db, source: "list.csv", options: ImportOptions(), checksIdentity: true),
                try PlaceWriteChecks.decide(db, source: "other.csv", options: ImportOptions(), checksIdentity: false)
            )
        }
        #expect(!checks.0.edits && checks.0.conflicts)
        #expect(checks.1.edits && !checks.1.conflicts)
    }
}
