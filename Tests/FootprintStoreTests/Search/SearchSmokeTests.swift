import FootprintGeo
import FootprintTestSupport
import Testing

@testable import FootprintStore

@Suite struct SearchSmokeTests {
    @Test func smoke() throws {
        let temporary = try TemporaryStore()
        let seoul = Coordinate(uncheckedLatitude: 37.5, longitude: 127)
        for name in ["스타벅스 강남역점", "스타벅스강남R점", "제이샵", "희미용실", "까치", "CGV 강남", "카페 온담", "강남 스타벅스"] {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: seoul, category: "음식점 > 카페", tags: ["야경"]))
        }
        for text in ["스타벅스 강남", "카페", "ㅅㅌㅂㅅ", "스타벅", "강나", "제잇", "희미용ㅅ", "tmxkqjrtm", "Rkcl", "ㅊㅎㅍ", "#야", "음식점", "\"*)(^:NEAR", "강남 스타벅스"] {
            let results = try temporary.store.search(SearchQuery(text))
            print(text, "→", results.map { "\($0.place.name) [\($0.match)] \($0.score)" })
        }
    }
}
