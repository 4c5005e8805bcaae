import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// `place split` restores the split-off source's own place as it brought it (every field) and
/// takes back from the place that stays what only that source gave it (migration
/// `v14-source-snapshots`).
@Suite struct SplitSnapshotTests {
    func importText(_ test: ImportTestStore, _ name: String, _ text: String) throws -> ImportSummary {
        try test.store.importPlaces(from: try test.file(name, text), options: ImportOptions())
    }

    /// 카페 오월 from a.csv (tags 커피, 5 likes, nothing else), then b.csv's copy 11 m away with
    /// more tags, more likes and every other field; returns the merged place's id.
    func twoSources(_ test: ImportTestStore) throws -> Int64 {
        _ = try importText(test, "a.csv", "id,name,lat,lon,tags,likes\na1,카페 오월,37.54622,127.04981,커피,5\n")
        let b = try importText(
            test, "b.csv",
            """
            id,name,lat,lon,tags,likes,address,road_address,phone,note,visit_time,best_time,category
            b1,카페-오월,37.54632,127.04981,커피|디저트,12,성수동 1,서울숲4길 12,02-1,창가,2시간,11:00-14:00,카페
            """ + "\n")
        #expect(b.merged == 1)
        return try #require(try test.store.places().first?.id)
    }

    @Test func theSplitPlaceIsTheSourcesOwnAndThePlaceGivesBackWhatItGave() throws {
        let test = try ImportTestStore()
        let id = try twoSources(test)
        let merged = try test.store.place(id: id)
        #expect(merged.tags == ["커피", "디저트"])
        #expect((merged.likes, merged.phone, merged.category) == (12, "02-1", "카페"))
        let split = try test.store.splitPlace(id: id, source: "b.csv")
        #expect(split.split.name == "카페-오월")
        #expect(split.split.coordinate == Coordinate(uncheckedLatitude: 37.54632, longitude: 127.04981))
        #expect(split.split.tags == ["커피", "디저트"])
        #expect(split.split.likes == 12)
        #expect(split.split.address == "성수동 1")
        #expect(split.split.roadAddress == "서울숲4길 12")
        #expect(split.split.phone == "02-1")
        #expect(split.split.note == "창가")
        #expect(split.split.visitTime == "2시간")
        #expect(split.split.bestTime?.text == "11:00-14:00")
        #expect(split.split.category == "카페")
        let kept = try test.store.place(id: id)
        #expect(kept.name == "카페 오월")
        #expect(kept.tags == ["커피"])
        #expect(kept.likes == 5)
        #expect(kept.address == nil && kept.roadAddress == nil && kept.phone == nil && kept.note == nil)
        #expect(kept.visitTime == nil && kept.bestTime == nil && kept.category == nil)
        #expect(try test.store.sources(placeID: id).map(\.source) == ["a.csv"])
        // A re-import of b.csv finds its place as it left it.
        let again = try importText(
            test, "b.csv",
            """
            id,name,lat,lon,tags,likes,address,road_address,phone,note,visit_time,best_time,category
            b1,카페-오월,37.54632,127.04981,커피|디저트,12,성수동 1,서울숲4길 12,02-1,창가,2시간,11:00-14:00,카페
            """ + "\n")
        #expect((again.unchanged, again.inserted, again.updated) == (1, 0, 0))
    }

    @Test func splittingThePlacesOwnSourceGivesItsPlaceBackAndTheRestIsTheNextSources() throws {
        let test = try ImportTestStore()
        let id = try twoSources(test)
        let split = try test.store.splitPlace(id: id, source: "a.csv")
        #expect(split.split.name == "카페 오월")
        #expect(split.split.coordinate == Coordinate(uncheckedLatitude: 37.54622, longitude: 127.04981))
        #expect((split.split.tags, split.split.likes) == (["커피"], 5))
        #expect(split.split.address == nil && split.split.phone == nil && split.split.category == nil)
        let kept = try test.store.place(id: id)
        #expect((kept.name, kept.source, kept.sourceID) == ("카페-오월", "b.csv", "b1"))
        #expect(kept.coordinate == Coordinate(uncheckedLatitude: 37.54632, longitude: 127.04981))
        #expect((kept.tags, kept.likes, kept.phone, kept.address) == (["커피", "디저트"], 12, "02-1", "성수동 1"))
        #expect(kept.bestTime?.text == "11:00-14:00")
    }

    @Test func onlyWhatNoOtherSourceHasIsTakenBack() throws {
        let test = try ImportTestStore()
        let id = try twoSources(test)
        // c.csv brings 디저트 too, another phone and 20 likes: it filled nothing (b was first).
        let c = try importText(
            test, "c.csv", "id,name,lat,lon,tags,likes,phone\nc1,카페오월,37.54627,127.04981,디저트|야경,20,02-9\n")
        #expect(c.merged == 1)
        let split = try test.store.splitPlace(id: id, source: "b.csv")
        #expect(split.kept.tags == ["커피", "디저트", "야경"])
        #expect(split.kept.phone == "02-9")
        #expect(split.kept.likes == 20)
        #expect(split.kept.address == nil)
        #expect(try test.store.sources(placeID: id).map(\.source) == ["a.csv", "c.csv"])
    }

    @Test func aFieldTheUserSetSinceStays() throws {
        let test = try ImportTestStore()
        let id = try twoSources(test)
        _ = try test.store.editPlace(id: id, PlaceEdit(address: "내 주소", likes: 12))
        let split = try test.store.splitPlace(id: id, source: "b.csv")
        #expect(split.kept.address == "내 주소")
        #expect(split.kept.likes == 12)
        #expect(split.kept.phone == nil)
        #expect(split.split.address == "성수동 1")
    }

    @Test func aMergeByHandKeepsTheMergedPlaceForItsSplit() throws {
        let test = try ImportTestStore()
        _ = try importText(test, "a.csv", "id,name,lat,lon,likes\na1,오월,37.5,127.0,5\n")
        _ = try importText(
            test, "b.csv", "id,name,lat,lon,likes,phone,tags\nb1,다른 이름,37.6,127.1,9,02-3,야경\n")
        let places = try test.store.places()
        let survivor = try test.store.mergePlaces([places[0].id!, places[1].id!])
        #expect((survivor.likes, survivor.phone, survivor.tags) == (9, "02-3", ["야경"]))
        let split = try test.store.splitPlace(id: survivor.id!, source: "b.csv")
        #expect((split.kept.likes, split.kept.phone, split.kept.tags) == (5, nil, []))
        #expect(
            (split.split.name, split.split.likes, split.split.phone, split.split.tags) == ("다른 이름", 9, "02-3", ["야경"]))
        #expect(split.split.coordinate == Coordinate(uncheckedLatitude: 37.6, longitude: 127.1))
    }
}
