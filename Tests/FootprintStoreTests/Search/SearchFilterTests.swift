import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// Filters, hashtags and the score's parts after the match rules: proximity, popularity,
/// recency, ties by id.
@Suite struct SearchFilterTests {
    static let cityHall = Coordinate(uncheckedLatitude: 37.5663, longitude: 126.9779)
    static let gangnam = Coordinate(uncheckedLatitude: 37.4979, longitude: 127.0276)
    static let busan = Coordinate(uncheckedLatitude: 35.1151, longitude: 129.0413)

    let temporary: TemporaryStore
    var ids: [String: Int64] = [:]

    init() throws {
        temporary = try TemporaryStore()
        let places: [(key: String, place: Place)] = [
            (
                "cityHall",
                Place(name: "스타벅스 시청점", coordinate: Self.cityHall, category: "음식점 > 카페", tags: ["커피", "야경"], likes: 10)
            ),
            (
                "gangnam",
                Place(name: "스타벅스 강남점", coordinate: Self.gangnam, category: "음식점 > 카페", tags: ["커피"], likes: 10)
            ),
            (
                "busan",
                Place(name: "스타벅스 부산점", coordinate: Self.busan, category: "음식점 > 카페", tags: ["야시장"], likes: 5000)
            ),
            (
                "park",
                Place(name: "서울숲", coordinate: Self.cityHall, category: "공원", tags: ["야경", "산책"], note: "스타벅스 근처")
            ),
            ("twinA", Place(name: "카페 온담", coordinate: Self.gangnam, category: "음식점 > 카페")),
            ("twinB", Place(name: "카페 온담", coordinate: Self.gangnam, category: "음식점 > 카페")),
        ]
        for (key, place) in places { ids[key] = try temporary.store.addPlace(place).id }
    }

    var store: FootprintStore { temporary.store }

    func names(_ query: SearchQuery) throws -> [String] { try store.search(query).map(\.place.name) }

    @Test func nearRanksCloserPlacesFirstWithExactDistances() throws {
        let near = try store.search(SearchQuery("스타벅스", near: Self.gangnam))
        #expect(near.map(\.place.name) == ["스타벅스 강남점", "스타벅스 시청점", "스타벅스 부산점", "서울숲"])
        #expect(near[0].distanceMeters == 0)
        // GeographicLib: Geodesic.WGS84.Inverse(37.4979, 127.0276, 37.5663, 126.9779)['s12']
        #expect(abs(near[1].distanceMeters! - 8770.914278725397) < 1e-6)
        #expect(near.last?.match.kind == .otherField)
        #expect(near.last?.match.field == .note)
        let other = try store.search(SearchQuery("스타벅스", near: Self.cityHall))
        #expect(other.map(\.place.name).prefix(2) == ["스타벅스 시청점", "스타벅스 강남점"])
    }

    @Test func withoutAPointPopularityDecides() throws {
        #expect(try names(SearchQuery("스타벅스")).first == "스타벅스 부산점")
        #expect(try store.search(SearchQuery("스타벅스")).allSatisfy { $0.distanceMeters == nil })
    }

    @Test func withinIsAHardRadius() throws {
        #expect(try names(SearchQuery("스타벅스", near: Self.cityHall, withinMeters: 1000)) == ["스타벅스 시청점", "서울숲"])
        #expect(try names(SearchQuery("스타벅스", near: Self.cityHall, withinMeters: 10_000)).count == 3)
        // Beyond the R*Tree path's reach the radius is checked row by row.
        #expect(try names(SearchQuery("스타벅스", near: Self.cityHall, withinMeters: 500_000)).count == 4)
    }

    @Test func categoryTagAndLimitFilter() throws {
        #expect(try names(SearchQuery("스타벅스", filter: PlaceFilter(category: "공원"))) == ["서울숲"])
        #expect(try names(SearchQuery("스타벅스", filter: PlaceFilter(anyTags: ["#야경"]))).sorted() == ["서울숲", "스타벅스 시청점"])
        #expect(try names(SearchQuery("스타벅스", limit: 2)).count == 2)
        #expect(try names(SearchQuery("스타벅스", limit: nil)).count == 4)
    }

    @Test func tiesAreOrderedById() throws {
        let twins = try store.search(SearchQuery("온담"))
        #expect(twins.map(\.place.id) == [ids["twinA"], ids["twinB"]])
        #expect(twins[0].score == twins[1].score)
    }

    @Test func hashtagsMatchWholeTagsThenPrefixes() throws {
        let exact = try store.search(SearchQuery("#야경"))
        #expect(Set(exact.map(\.place.name)) == ["스타벅스 시청점", "서울숲"])
        #expect(exact.allSatisfy { $0.match.kind == .tag })
        let prefix = try store.search(SearchQuery("＃야"))
        #expect(prefix.map(\.match.kind).filter { $0 == .tagPrefix }.count == 3)
        #expect(Set(prefix.map(\.place.name)) == ["스타벅스 시청점", "서울숲", "스타벅스 부산점"])
        // Only --tag: the places with that tag.
        let listed = try store.search(SearchQuery("", filter: PlaceFilter(anyTags: ["커피"])))
        #expect(Set(listed.map(\.place.name)) == ["스타벅스 시청점", "스타벅스 강남점"])
    }

    @Test func visitedAndVisitDates() throws {
        let may = try LocalTime(iso8601: "2024-05-04T14:30+09:00")
        let june = try LocalTime(iso8601: "2024-06-10T09:00+09:00")
        _ = try store.addVisit(Visit(placeID: ids["gangnam"], arrived: may))
        _ = try store.addVisit(Visit(placeID: ids["busan"], arrived: june))
        #expect(
            try names(SearchQuery("스타벅스", filter: PlaceFilter(visited: true))).sorted() == ["스타벅스 강남점", "스타벅스 부산점"])
        #expect(try names(SearchQuery("스타벅스", visitedSince: "2024-05-01", visitedUntil: "2024-05-31")) == ["스타벅스 강남점"])
        #expect(try names(SearchQuery("스타벅스", visitedSince: "2024-06-01")) == ["스타벅스 부산점"])
        // Recency lifts the visited places above the unvisited twin of equal likes.
        let ranked = try names(SearchQuery("스타벅스"))
        #expect(ranked.firstIndex(of: "스타벅스 강남점")! < ranked.firstIndex(of: "스타벅스 시청점")!)
        // No text: "the places I visited in May" is a listing by the dates.
        let visitedInMay = try store.search(SearchQuery("", visitedSince: "2024-05-01", visitedUntil: "2024-05-31"))
        #expect(visitedInMay.map(\.place.name) == ["스타벅스 강남점"])
        #expect(visitedInMay.first?.match.kind == .listed)
        #expect(try names(SearchQuery(" ", filter: PlaceFilter(visited: true))).sorted() == ["스타벅스 강남점", "스타벅스 부산점"])
    }

    @Test func severalHashtagsNeedEveryTag() throws {
        #expect(try names(SearchQuery("#야경 #산책")) == ["서울숲"])
        #expect(try names(SearchQuery("#커피 ＃야경")) == ["스타벅스 시청점"])
        // `#야` begins a tag of both places; `#커피` is one of only one.
        let prefixed = try store.search(SearchQuery("#커피 #야"))
        #expect(prefixed.map(\.place.name) == ["스타벅스 시청점"])
        #expect(prefixed.first?.match.kind == .tagPrefix)
        #expect(try names(SearchQuery("#야경 #없는태그")).isEmpty)
    }

    @Test func aHashtagBesideWordsFiltersByThatTag() throws {
        #expect(Set(try names(SearchQuery("스타벅스"))).count == 4)
        #expect(try names(SearchQuery("스타벅스 #야경")) == ["스타벅스 시청점", "서울숲"])
        #expect(try names(SearchQuery("#커피 스타벅스 ")) == ["스타벅스 시청점", "스타벅스 강남점"])
        #expect(try names(SearchQuery("스타벅스 #야")).isEmpty)  // beside words a tag is whole, not a prefix
    }

    /// Words typed twice, or one inside another, still ask for every word (regression: they
    /// collapsed to one word and the all-words rule was skipped).
    @Test func wordsThatCollapseToOneStillMatchAllWords() throws {
        let twice = try store.search(SearchQuery("온담 온담"))
        #expect(Set(twice.map(\.place.name)) == ["카페 온담"])
        #expect(twice.allSatisfy { $0.match.kind == .allWords })
        #expect(Set(try names(SearchQuery("스타벅스 스타"))) == ["스타벅스 시청점", "스타벅스 강남점", "스타벅스 부산점", "서울숲"])
    }

    @Test func aLoneHashIsLeftOutAndTagsMayBeWrittenTogether() throws {
        #expect(try names(SearchQuery("서울숲 #")) == names(SearchQuery("서울숲")))
        #expect(try names(SearchQuery("#야경#산책")) == ["서울숲"])
    }

    @Test func filterValuesThatNameNothingAreRefused() throws {
        for filter in [PlaceFilter(anyTags: [""]), PlaceFilter(allTags: ["#"]), PlaceFilter(category: " > ")] {
            #expect(throws: FootprintStoreError.self) { try store.search(SearchQuery("", filter: filter)) }
            #expect(throws: FootprintStoreError.self) {
                try store.nearby(NearbyQuery(center: Self.cityHall, extent: .radius(meters: 100), filter: filter))
            }
        }
        let manyTags = PlaceFilter(allTags: (0..<1000).map { "태그\($0)" })
        #expect(
            throws: FootprintStoreError.invalidValue(name: "tag list", value: "of 1000 tags", reason: "give at most 64")
        ) { try store.search(SearchQuery("스타벅스", filter: manyTags)) }
        let manyHashtags = "남산 " + (0..<1000).map { "#태그\($0)" }.joined(separator: " ")
        #expect(throws: FootprintStoreError.self) { try store.search(SearchQuery(manyHashtags)) }
        #expect(throws: FootprintStoreError.self) { try store.search(SearchQuery("\u{200B}\u{00AD}")) }
    }

    @Test func filtersWithoutTextListPlaces() throws {
        let listed = try store.search(SearchQuery("", filter: PlaceFilter(allTags: ["야경", "산책"])))
        #expect(listed.map(\.place.name) == ["서울숲"])
        #expect(Set(try names(SearchQuery("", filter: PlaceFilter(category: "공원")))) == ["서울숲"])
        let nearby = try store.search(SearchQuery("", near: Self.gangnam, withinMeters: 100))
        #expect(Set(nearby.map(\.place.name)) == ["스타벅스 강남점", "카페 온담"])
        #expect(nearby.allSatisfy { $0.match.kind == .listed && $0.distanceMeters == 0 })
        #expect(throws: FootprintStoreError.self) { try store.search(SearchQuery("")) }
        #expect(throws: FootprintStoreError.self) { try store.search(SearchQuery("  ", near: Self.gangnam)) }
    }
}
