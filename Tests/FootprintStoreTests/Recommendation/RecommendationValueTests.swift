@testable import FootprintStore
import Foundation
import Testing

/// The pieces of a recommendation: best-time windows, weights, brands, the terms' formulas.
@Suite struct RecommendationValueTests {
    @Test func bestTimeReadsWindowsAndNamedPartsOfTheDay() throws {
        #expect(try BestTime(parsing: "18:00-20:00").text == "18:00-20:00")
        #expect(try BestTime(parsing: " 9:30 ~ 11:00 ").text == "09:30-11:00")
        #expect(try BestTime(parsing: "저녁").text == "17:00-21:00")
        let night = try BestTime(parsing: "밤")
        #expect(night.contains(minute: 23 * 60) && night.contains(minute: 60) && !night.contains(minute: 12 * 60))
        #expect(try BestTime(parsing: "22:00-24:00").contains(minute: 23 * 60 + 59))
        for bad in ["", "18:00", "25:00-26:00", "18:00-18:00", "6pm-8pm", "새벽"] {
            #expect(throws: FootprintStoreError.invalidValue(
                name: "best time", value: "“\(bad)”",
                reason: "write it as HH:MM-HH:MM, e.g. 18:00-20:00, or 아침, 낮, 저녁 or 밤")) { try BestTime(parsing: bad) }
        }
    }

    @Test func weightsParseAndNameTheValidTermsOnError() throws {
        let weights = try RecommendationWeights(parsing: "distance=0.5,popularity=0")
        #expect(weights[.distance] == 0.5 && weights[.popularity] == 0 && weights[.novelty] == 0.15)
        #expect(throws: FootprintStoreError.invalidValue(
            name: "weight name", value: "“speed”", reason: "give one of distance, popularity, similarity, novelty, time")) {
            try RecommendationWeights(parsing: "speed=1")
        }
        #expect(throws: FootprintStoreError.self) { try RecommendationWeights(parsing: "distance=-1") }
        #expect(throws: FootprintStoreError.self) { try RecommendationWeights(parsing: "distance") }
    }

    @Test(arguments: [
        ("스타벅스 강남역점", "스타벅스"), ("스타벅스 3호점", "스타벅스"), ("Blue Bottle 성수점", "blue bottle"),
        ("스타벅스(을지로점)", "스타벅스"), ("이디야커피12호점", "이디야커피"), ("덕수궁", "덕수궁"), ("본점", "본점"),
    ])
    func brandIsTheNameWithoutItsBranch(name: String, brand: String) {
        #expect(RecommendationDiversity.brand(of: name) == brand)
    }

    @Test func termsFollowTheirDocumentedFormulas() {
        // Elasticsearch gauss: `decay` at offset + scale.
        #expect(abs(RecommendationScoring.gauss(distanceMeters: 1_050, scale: 1_000, offset: 50) - 0.5) < 1e-12)
        #expect(RecommendationScoring.gauss(distanceMeters: 30, scale: 1_000, offset: 50) == 1)
        #expect(RecommendationScoring.popularity(likes: 100, visits: 0) == 0.5)
        #expect(RecommendationScoring.popularity(likes: 1_000_000, visits: 0) < 0.76)
        #expect(RecommendationScoring.novelty(daysSinceLastVisit: nil) == 1)
        #expect(RecommendationScoring.novelty(daysSinceLastVisit: 90) == 0.5)
        #expect(RecommendationScoring.novelty(daysSinceLastVisit: 0) == 0)
        #expect(RecommendationScoring.time(nil, minute: 0) == 0.5)
        let dessert = "음식점 > 카페 > 디저트"
        #expect(
            RecommendationScoring.categorySimilarity(dessert, "음식점 > 카페")
                > RecommendationScoring.categorySimilarity(dessert, "음식점 > 한식"))
        #expect(RecommendationScoring.weightedJaccard(["a", "b"], ["b", "c"]) { $0 == "b" ? 2 : 1 } == 0.5)
    }

    @Test func clockCountsWholeLocalDays() {
        let clock = RecommendationClock(localDate: "2024-03-01", minuteOfDay: 0)
        #expect(clock.days(since: "2024-02-28") == 2)
        #expect(clock.days(since: "2023-03-01") == 366)
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        // 2024-05-31T15:30Z is 00:30 on 1 June in Seoul.
        let now = RecommendationClock.now(Date(timeIntervalSince1970: 1_717_169_400), zone: seoul)
        #expect(now == RecommendationClock(localDate: "2024-06-01", minuteOfDay: 30))
    }
}
