import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A field the user set (`place edit`, `place add`) is the user's: no merge — of an import row,
/// of a place added nearby, of places by hand — fills or changes it, as a re-import of the
/// place's own source does not.
@Suite struct MergeEditMarksTests {
    func importText(_ test: ImportTestStore, _ name: String, _ text: String) throws -> ImportSummary {
        try test.store.importPlaces(from: try test.file(name, text), options: ImportOptions())
    }

    static let copy = """
        id,name,lat,lon,tags,likes,address,phone,category,note
        b1,카페-오월,37.54632,127.04981,커피|디저트,12,성수동 1,02-1,카페,창가
        """ + "\n"

    /// 카페 오월 from a.csv with tags 커피|디저트, its id.
    func edited(_ test: ImportTestStore, _ edit: PlaceEdit) throws -> Int64 {
        _ = try importText(test, "a.csv", "id,name,lat,lon,tags,likes\na1,카페 오월,37.54622,127.04981,커피|디저트,5\n")
        let id = try #require(try test.store.places().first?.id)
        _ = try test.store.editPlace(id: id, edit)
        return id
    }

    @Test func anImportMergeNeitherFillsNorChangesTheUsersFields() throws {
        let test = try ImportTestStore()
        // The user cleared the phone and the address (set to nothing), set likes to 3, removed 디저트.
        let id = try edited(test, PlaceEdit(removedTags: ["디저트"], address: "", phone: "", likes: 3))
        let summary = try importText(test, "b.csv", Self.copy)
        #expect(summary.merged == 1)
        let place = try test.store.place(id: id)
        #expect(place.phone == nil)
        #expect(place.address == nil)
        #expect(place.likes == 3)
        #expect(place.tags == ["커피"])
        // The fields the user did not set are filled as before.
        #expect((place.category, place.note) == ("카페", "창가"))
        // A second import of the merged source changes none of them either.
        let again = try importText(test, "b.csv", Self.copy.replacingOccurrences(of: "02-1", with: "02-2"))
        #expect(again.merged == 0)
        let after = try test.store.place(id: id)
        #expect((after.phone, after.address, after.likes, after.tags) == (nil, nil, 3, ["커피"]))
    }

    @Test func aMergeOfPlacesByHandKeepsTheSurvivorsFields() throws {
        let test = try ImportTestStore()
        let id = try edited(test, PlaceEdit(phone: "", likes: 3))
        _ = try importText(test, "c.csv", "id,name,lat,lon,phone,likes,address\nc1,먼 곳,37.6,127.1,02-7,50,주소\n")
        let other = try #require(try test.store.places().last?.id)
        let survivor = try test.store.mergePlaces([id, other])
        #expect((survivor.phone, survivor.likes, survivor.address) == (nil, 3, "주소"))
    }

    @Test func aPlaceAddedNearbyDoesNotFillTheUsersFields() throws {
        let test = try ImportTestStore()
        let id = try edited(test, PlaceEdit(note: ""))
        let addition = try test.store.addPlace(
            Place(
                name: "카페 오월", coordinate: Coordinate(uncheckedLatitude: 37.54623, longitude: 127.04981), phone: "02-5",
                note: "메모"),
            matchRadiusMeters: 50)
        #expect(addition.merged)
        let place = try test.store.place(id: id)
        #expect((place.note, place.phone) == (nil, "02-5"))
    }
}
