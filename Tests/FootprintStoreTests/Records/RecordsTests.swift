import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

@Suite struct RecordsTests {
    @Test func hashtagsAreOneTagWhateverTheForm() {
        #expect(Hashtag.normalizedList(["#카페", "카페", "＃카페", " 카페 ", "#CAFE", "cafe"]) == ["카페", "cafe"])
        // NFD 카페 (decomposed jamo) is the same tag as NFC.
        #expect(Hashtag.normalized("\u{110F}\u{1161}\u{1111}\u{1166}") == "카페")
        // Invisible characters are dropped, as search skips them.
        #expect(Hashtag.normalized("#야경\u{200D}") == "야경")
        #expect(Hashtag.normalized("야\u{00AD}경\u{FE0F}") == "야경")
        #expect(Hashtag.parseList("#야경 #데이트|사진, 산책") == ["야경", "데이트", "사진", "산책"])
    }

    @Test func categoriesAreNormalizedPaths() {
        #expect(Place.normalizedCategory("음식점>카페") == "음식점 > 카페")
        #expect(Place.normalizedCategory(" 음식점 / 카페 ") == "음식점 > 카페")
        #expect(Place.normalizedCategory("  ") == nil)
    }

    @Test func daysRoundTripAndCheckTheirValues() throws {
        let temporary = try TemporaryStore()
        try temporary.store.saveDay(
            Day(date: "2024-05-04", score: 87, weather: "맑음", sleepMinutes: 420, moodColor: "#FFAA00"))
        #expect(try temporary.store.day("2024-05-04")?.score == 87)
        #expect(try temporary.store.day("2024-05-05") == nil)
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "date", value: "“2024-02-30”",
                reason: "write a real calendar date as YYYY-MM-DD, such as 2024-05-18")
        ) {
            try Day(date: "2024-02-30")
        }
        #expect(
            throws: FootprintStoreError.invalidValue(name: "score", value: "101", reason: "a day's score is 1 to 100")
        ) {
            try Day(date: "2024-02-29", score: 101)
        }
    }

    @Test func photosBelongToTheirLocalDay() throws {
        let temporary = try TemporaryStore()
        // 2024-05-04 23:30 in Seoul is 14:30 UTC: the photo belongs to the 4th, not the UTC day.
        let late = try LocalTime(iso8601: "2024-05-04T23:30:00+09:00")
        let photo = try temporary.store.addPhoto(
            Photo(
                path: "IMG_0001.jpg", takenAt: late,
                coordinate: Coordinate(uncheckedLatitude: 37.5445, longitude: 127.056)))
        #expect(photo.id == 1)
        let photos = try temporary.store.photos(on: "2024-05-04")
        #expect(photos.map(\.path) == ["IMG_0001.jpg"])
        #expect(photos.first?.takenAt?.iso8601 == "2024-05-04T23:30:00+09:00")
        #expect(throws: FootprintStoreError.placeNotFound(id: 9)) {
            try temporary.store.addPhoto(Photo(path: "x.jpg", placeID: 9))
        }
    }

    @Test func localTimesKeepTheirOffset() throws {
        #expect(try LocalTime(iso8601: "2024-05-04T14:30+09:00").iso8601 == "2024-05-04T14:30:00+09:00")
        #expect(try LocalTime(iso8601: "2024-05-04 05:30:00Z").localDate == "2024-05-04")
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(try LocalTime(iso8601: "2024-05-04T00:10", zone: seoul).utcOffsetSeconds == 32400)
        #expect(throws: FootprintStoreError.self) { try LocalTime(iso8601: "yesterday") }
    }

    @Test func removingAPlaceKeepsItsVisitsWithItsName() throws {
        let temporary = try TemporaryStore()
        let place = try temporary.store.addPlace(
            Place(name: "서울숲", coordinate: Coordinate(uncheckedLatitude: 37.5444, longitude: 127.0374)))
        _ = try temporary.store.addVisit(
            Visit(placeID: place.id, arrived: LocalTime(iso8601: "2024-05-04T10:00+09:00")))
        try temporary.store.removePlace(id: place.id!)
        let detached = try temporary.store.detachedVisits()
        #expect(detached.count == 1)
        #expect(detached.first?.placeName == "서울숲")
        #expect(detached.first?.placeID == nil)
    }
}
