import FootprintGeo
import FootprintStore
import Foundation
import Testing

/// Scenes where the right answer is obvious (issue #15, "Quality").
@Suite struct RecommendationSceneTests {
    @Test func equidistantSpotsRankByPopularity() throws {
        let scene = try RecommendationScene()
        for (index, likes) in [10, 1000, 0, 100].enumerated() {
            try scene.add("spot \(likes)", 300, Double(index) * 90, likes: likes)
        }
        let names = try scene.recommend().map(\.place.name)
        #expect(names == ["spot 1000", "spot 100", "spot 10", "spot 0"])
    }

    @Test func theNearerOfTwoEquallyPopularSpotsComesFirst() throws {
        let scene = try RecommendationScene()
        try scene.add("far", 1_900, 45, likes: 50)
        try scene.add("near", 100, 225, likes: 50)
        let results = try scene.recommend()
        #expect(results.map(\.place.name) == ["near", "far"])
        #expect(abs(results[0].distanceMeters - 100) < 1e-6)
        #expect(results[0].explanation[0].value > results[1].explanation[0].value)
    }

    @Test func anUnvisitedTwinRanksAboveASpotVisitedYesterday() throws {
        let scene = try RecommendationScene()
        let visited = try scene.add("카페 온도", 200, 0, category: "음식점 > 카페", tags: ["커피"], likes: 80)
        try scene.add("카페 온기", 210, 180, category: "음식점 > 카페", tags: ["커피"], likes: 80)
        try scene.visit(visited, on: "2024-05-31")
        let results = try scene.recommend()
        #expect(results.map(\.place.name) == ["카페 온기", "카페 온도"])
        let novelty = try #require(results.last?.explanation.first { $0.term == "novelty" })
        // 1 − 0.5^(1/90): one whole day since the visit.
        #expect(abs(novelty.value - (1 - pow(0.5, 1.0 / 90))) < 1e-12)
    }

    @Test func aVisitInTheLastThirtyDaysRanksBelowAnEquallyGoodUnvisitedSpot() throws {
        let scene = try RecommendationScene()
        let visited = try scene.add("A", 500, 0, likes: 40)
        try scene.add("B", 500, 180, likes: 40)
        try scene.visit(visited, on: "2024-05-02")  // 30 days before the clock
        #expect(try scene.recommend().map(\.place.name) == ["B", "A"])
    }

    @Test func sixBranchesOfOneChainTakeAtMostTwoOfTheTopFive() throws {
        let scene = try RecommendationScene()
        let branches = ["스타벅스 강남역점", "스타벅스 3호점", "스타벅스 시청점", "스타벅스 본점", "스타벅스(을지로점)", "스타벅스 광화문점"]
        for (index, name) in branches.enumerated() {
            try scene.add(name, 150, Double(index) * 60, category: "음식점 > 카페", tags: ["커피"], likes: 300)
        }
        let ordinary = [
            ("덕수궁", "관광명소 > 고궁"), ("서점 책방", "문화시설 > 서점"), ("청계광장", "공원 > 하천"),
            ("국밥집", "음식점 > 한식"), ("미술관", "문화시설 > 미술관"), ("빵집", "음식점 > 베이커리"),
        ]
        for (index, spot) in ordinary.enumerated() {
            try scene.add(spot.0, 300 + Double(index) * 40, 30 + Double(index) * 60, category: spot.1, likes: 150)
        }
        let top = try scene.recommend(limit: 5)
        #expect(top.count == 5)
        #expect(top.filter { $0.place.name.hasPrefix("스타벅스") }.count <= 2)
        // Without diversity the chain would fill the list.
        #expect(top.first?.place.name.hasPrefix("스타벅스") == true)
    }

    @Test func aSpotWhoseWindowHoldsTheTimeIsFavoured() throws {
        let scene = try RecommendationScene()
        try scene.add("낮 카페", 400, 0, likes: 20, bestTime: try BestTime(parsing: "낮"))
        try scene.add("야경 명소", 400, 180, likes: 20, bestTime: try BestTime(parsing: "18:00-20:00"))
        try scene.add("아무때나", 400, 90, likes: 20)
        #expect(try scene.recommend(minute: 19 * 60).map(\.place.name) == ["야경 명소", "아무때나", "낮 카페"])
        #expect(try scene.recommend(minute: 13 * 60).map(\.place.name) == ["낮 카페", "아무때나", "야경 명소"])
    }

    @Test func unvisitedLeavesOutVisitedPlacesAndThePlaceAnchorItself() throws {
        let scene = try RecommendationScene()
        let visited = try scene.add("visited", 100, 0)
        let other = try scene.add("other", 100, 180, tags: ["야경"])
        try scene.visit(visited, on: "2023-01-01")
        #expect(try scene.recommend(unvisited: true).map(\.place.name) == ["other"])
        #expect(try scene.recommend(.place(id: other.id!)).map(\.place.name) == ["visited"])
    }

    @Test func anAnchorWithoutCandidatesIsAnEmptyList() throws {
        let scene = try RecommendationScene()
        try scene.add("seoul", 100, 0)
        let sea = Coordinate(uncheckedLatitude: 30, longitude: 140)
        #expect(try scene.recommend(.point(sea)).isEmpty)
        #expect(try scene.recommend(.day("2024-05-18")).isEmpty)
    }

    @Test func unknownPlaceAndBadValuesThrowOneSentence() throws {
        let scene = try RecommendationScene()
        #expect(throws: FootprintStoreError.placeNotFound(id: 99)) { try scene.recommend(.place(id: 99)) }
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "radius", value: "0", reason: "give a number of metres above 0 and at most 50000")
        ) { try scene.recommend(radius: 0) }
        #expect(
            throws: FootprintStoreError.invalidValue(name: "limit", value: "1001", reason: "give a number from 1 to 1000")
        ) { try scene.recommend(limit: 1001) }
    }
}
