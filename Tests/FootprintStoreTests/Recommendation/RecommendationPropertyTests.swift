import FootprintGeo
import FootprintStore
import Foundation
import Testing

/// Properties that hold for any scene (issue #15, "Quality"), over deterministic random scenes.
@Suite struct RecommendationPropertyTests {
    /// A small linear congruential generator: the same scenes on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() * Double(range.count)) }
    }

    static let tags = ["야경", "커피", "산책", "데이트", "사진", "빵", "전시", "역사"]
    static let categories = ["음식점 > 카페", "음식점 > 카페 > 디저트", "음식점 > 한식", "관광명소 > 고궁", "공원", "문화시설 > 전시"]

    /// A scene of `count` random places within 2 km, some visited.
    static func randomScene(seed: UInt64, count: Int = 60) throws -> RecommendationScene {
        let scene = try RecommendationScene()
        var random = Random(state: seed)
        for index in 0..<count {
            let tags = (0..<random.int(0..<4)).map { _ in Self.tags[random.int(0..<Self.tags.count)] }
            let name = index % 7 == 0 ? "체인 \(index)호점" : "spot \(index)"
            let place = try scene.add(
                name, random.next() * 2_000, random.next() * 360, category: Self.categories[random.int(0..<6)],
                tags: tags, likes: random.int(0..<2_000),
                bestTime: index % 5 == 0 ? BestTime.namedWindows[random.int(0..<4)].window : nil)
            if index % 6 == 0 { try scene.visit(place, on: "2024-0\(random.int(1..<6))-1\(random.int(0..<10))") }
        }
        return scene
    }

    @Test func movingCloserNeverLowersTheDistanceTerm() {
        var random = Random(state: 7)
        for _ in 0..<2_000 {
            let radius = 1 + random.next() * 50_000
            let far = random.next() * radius
            let near = random.next() * far
            let a = RecommendationScoring.distance(near, radiusMeters: radius)
            let b = RecommendationScoring.distance(far, radiusMeters: radius)
            #expect(a >= b && (0...1).contains(a) && (0...1).contains(b))
        }
    }

    @Test func movingASpotCloserInTheStoreNeverLowersItsDistanceTerm() throws {
        let scene = try RecommendationScene()
        let place = try scene.add("moving", 1_500, 30)
        var last = -1.0
        for meters in stride(from: 1_500.0, through: 0, by: -250) {
            _ = try scene.store.editPlace(id: place.id!, PlaceEdit(coordinate: RecommendationScene.point(meters, 30)))
            let value = try #require(try scene.recommend().first?.explanation.first).value
            #expect(value >= last)
            last = value
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func addingASharedHashtagNeverLowersSimilarity(seed: UInt64) throws {
        var random = Random(state: seed)
        let scene = try RecommendationScene()
        let anchorTags = Array(Set((0..<4).map { _ in Self.tags[random.int(0..<Self.tags.count)] })).sorted()
        let anchor = try scene.add("anchor", 0, 0, category: "음식점 > 카페", tags: anchorTags)
        for index in 0..<20 {
            try scene.add("other \(index)", random.next() * 1_500, random.next() * 360, tags: [Self.tags[random.int(0..<8)]])
        }
        let candidate = try scene.add("candidate", 300, 90, category: "음식점 > 한식", tags: ["빵"])
        func similarity() throws -> Double {
            let result = try #require(try scene.recommend(.place(id: anchor.id!), limit: 100).first { $0.place.id == candidate.id })
            return try #require(result.explanation.first { $0.term == "similarity" }).value
        }
        var last = try similarity()
        for tag in anchorTags {
            _ = try scene.store.editPlace(id: candidate.id!, PlaceEdit(addedTags: [tag]))
            let value = try similarity()
            #expect(value >= last)
            last = value
        }
        #expect(last > 0)
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func contributionsSumToScoresThatNeverIncrease(seed: UInt64) throws {
        let scene = try Self.randomScene(seed: seed)
        let results = try scene.recommend(limit: 60)
        #expect(results.count > 40)
        for result in results {
            #expect(result.explanation.map(\.term) == ["distance", "popularity", "similarity", "novelty", "time", "diversity"])
            #expect(result.score == result.explanation.reduce(0) { $0 + $1.contribution })
            for part in result.explanation {
                #expect((0...1).contains(part.value))
                #expect(part.contribution == part.value * part.weight)
            }
        }
        for (above, below) in zip(results, results.dropFirst()) {
            #expect(above.score > below.score || (above.score == below.score && above.place.id! < below.place.id!))
        }
    }

    @Test(arguments: [UInt64(21), 22])
    func theSameQueryTwiceGivesTheSameOrder(seed: UInt64) throws {
        let scene = try Self.randomScene(seed: seed)
        let first = try scene.recommend(limit: 30)
        let second = try scene.recommend(limit: 30)
        #expect(first == second)
    }

    @Test(arguments: [UInt64(31), 32])
    func pagesConcatenateToTheUnpaginatedList(seed: UInt64) throws {
        let scene = try Self.randomScene(seed: seed)
        let whole = try scene.recommend(limit: 20)
        let first = try scene.recommend(limit: 10)
        let second = try scene.recommend(limit: 10, after: try #require(first.last).cursor)
        #expect((first + second).map(\.place.id) == whole.map(\.place.id))
        #expect((first + second).map(\.score) == whole.map(\.score))
        // Pages of 7 to the end of 20.
        var pages: [Recommendation] = []
        var cursor: String?
        while pages.count < 20 {
            let page = try scene.recommend(limit: min(7, 20 - pages.count), after: cursor)
            pages += page
            cursor = page.last?.cursor
        }
        #expect(pages.map(\.place.id) == whole.map(\.place.id))
    }

    @Test func aCursorOfAnotherQueryIsRefused() throws {
        let scene = try Self.randomScene(seed: 41)
        let cursor = try #require(try scene.recommend(limit: 5).last).cursor
        #expect(throws: FootprintStoreError.self) { try scene.recommend(radius: 1_000, after: cursor) }
        #expect(throws: FootprintStoreError.self) { try scene.recommend(unvisited: true, after: cursor) }
        #expect(throws: FootprintStoreError.self) { try scene.recommend(minute: 13, after: cursor) }
        var weights = RecommendationWeights.defaults
        weights[.popularity] = 0.5
        #expect(throws: FootprintStoreError.self) { try scene.recommend(weights: weights, after: cursor) }
        #expect(throws: FootprintStoreError.self) { try scene.recommend(after: "bm90IGEgY3Vyc29y") }
        // The pinned time is the cursor's own: repeating it is fine.
        #expect(try scene.recommend(limit: 5, minute: RecommendationScene.clock.minuteOfDay, after: cursor).count == 5)
    }

    @Test func aSpotsOwnVisitsDoNotMakeItLikeTheHistory() throws {
        let scene = try RecommendationScene()
        let visited = try scene.add("only", 100, 0, category: "공원", tags: ["산책"])
        try scene.visit(visited, on: "2024-01-01")
        let result = try #require(try scene.recommend().first)
        #expect(result.explanation.first { $0.term == "similarity" }?.value == 0)
    }
}
