import FootprintGeo
import Foundation
import FootprintTestSupport
import Testing

@testable import FootprintStore

/// Nearby queries checked against a brute-force scan with the same exact geodesic: what the
/// index and the box arithmetic must never lose, in Seoul, across the antimeridian and at a pole.
@Suite struct NearbyTests {
    /// A deterministic scatter of points around `center`, `spread` degrees wide.
    static func scatter(around center: Coordinate, spread: Double, count: Int) -> [Coordinate] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            var longitude = center.longitude + (next() - 0.5) * spread
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            let latitude = max(-90, min(90, center.latitude + (next() - 0.5) * spread))
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
    }

    static let cases: [(name: String, center: Coordinate, spread: Double, radius: Double)] = [
        ("Seoul", Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978), 0.05, 1000),
        ("antimeridian", Coordinate(uncheckedLatitude: -16.5, longitude: 179.99), 0.2, 5000),
        ("north pole", Coordinate(uncheckedLatitude: 89.99, longitude: 10), 0.4, 20000),
    ]

    @Test(arguments: 0..<3)
    func radiusMatchesABruteForceScan(caseIndex: Int) throws {
        let testCase = Self.cases[caseIndex]
        let temporary = try TemporaryStore()
        let places = try temporary.addPlaces(Self.scatter(around: testCase.center, spread: testCase.spread, count: 400))
        let expected = places.compactMap { place -> (Int64, Double)? in
            let distance = Geodesic.distance(from: testCase.center, to: place.coordinate)
            return distance <= testCase.radius ? (place.id!, distance) : nil
        }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        let found = try temporary.store.nearby(
            NearbyQuery(center: testCase.center, extent: .radius(meters: testCase.radius), limit: nil))
        #expect(!expected.isEmpty)
        #expect(found.map(\.place.id!) == expected.map(\.0))
        #expect(found.map(\.distanceMeters) == expected.map(\.1))
    }

    @Test(arguments: 0..<3)
    func nearestMatchesABruteForceScan(caseIndex: Int) throws {
        let testCase = Self.cases[caseIndex]
        let temporary = try TemporaryStore()
        let places = try temporary.addPlaces(Self.scatter(around: testCase.center, spread: testCase.spread, count: 300))
        let expected = places.map { ($0.id!, Geodesic.distance(from: testCase.center, to: $0.coordinate)) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        for k in [1, 20, 300] {
            let found = try temporary.store.nearby(NearbyQuery(center: testCase.center, extent: .nearest(k: k), limit: nil))
            #expect(found.map(\.place.id!) == expected.prefix(k).map(\.0))
        }
    }

    @Test func nearestFindsAPlaceOnTheOtherSideOfTheWorld() throws {
        let temporary = try TemporaryStore()
        try temporary.addPlaces([Coordinate(uncheckedLatitude: -37.5, longitude: -53)])
        let found = try temporary.store.nearby(
            NearbyQuery(center: Coordinate(uncheckedLatitude: 37.5, longitude: 127), extent: .nearest(k: 5)))
        #expect(found.count == 1)
    }

    @Test func filtersCombineWithNearest() throws {
        let temporary = try TemporaryStore()
        let center = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        let near = try temporary.addPlaces(Self.scatter(around: center, spread: 0.01, count: 50), category: "음식점 > 카페", tags: ["야경"])
        let far = try temporary.store.addPlace(
            Place(name: "먼 카페", coordinate: Coordinate(uncheckedLatitude: 37.7, longitude: 127.1), category: "음식점 > 카페",
                tags: ["데이트"]))
        _ = try temporary.store.addPlace(
            Place(name: "공원", coordinate: Coordinate(uncheckedLatitude: 37.6, longitude: 127.0), category: "공원", tags: ["데이트"]))
        let dated = try temporary.store.nearby(
            NearbyQuery(center: center, extent: .nearest(k: 1), filter: PlaceFilter(category: "음식점", anyTags: ["#데이트"])))
        #expect(dated.map(\.place.id) == [far.id])
        _ = try temporary.store.addVisit(Visit(placeID: near[0].id, arrived: LocalTime(date: .now, utcOffsetSeconds: 32400)))
        let unvisited = try temporary.store.nearby(
            NearbyQuery(center: near[0].coordinate, extent: .nearest(k: 1), filter: PlaceFilter(visited: false)))
        #expect(unvisited.first?.place.id != near[0].id)
        let visited = try temporary.store.nearby(
            NearbyQuery(center: center, extent: .radius(meters: 50_000), filter: PlaceFilter(visited: true)))
        #expect(visited.map(\.place.id) == [near[0].id])
        let noMatch = try temporary.store.nearby(
            NearbyQuery(center: center, extent: .nearest(k: 3), filter: PlaceFilter(category: "음식")))
        #expect(noMatch.isEmpty)
    }

    @Test(arguments: [(-5.0, "-5"), (.infinity, "inf"), (.nan, "nan")])
    func aRadiusThatIsNotAFiniteNumberOfMetresIsOneSentence(_ radius: Double, _ shown: String) throws {
        let temporary = try TemporaryStore()
        let reason = "give a finite number of metres, 0 or more"
        #expect(throws: FootprintStoreError.invalidValue(name: "radius", value: shown, reason: reason)) {
            try temporary.store.nearby(
                NearbyQuery(center: Coordinate(uncheckedLatitude: 0, longitude: 0), extent: .radius(meters: radius)))
        }
    }

    /// A radius beyond half the circumference covers the Earth: every place, as ST_DWithin gives.
    @Test func aRadiusBeyondTheAntipodeFindsEveryPlace() throws {
        let temporary = try TemporaryStore()
        try temporary.addPlaces([
            Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978),
            Coordinate(uncheckedLatitude: -33.87, longitude: 151.21),
            Coordinate(uncheckedLatitude: 89.9, longitude: -179.9),
        ])
        let center = Coordinate(uncheckedLatitude: 0, longitude: 0)
        let results = try temporary.store.nearby(NearbyQuery(center: center, extent: .radius(meters: 1e300)))
        #expect(results.count == 3)
        #expect(results.map(\.distanceMeters) == results.map(\.distanceMeters).sorted())
    }
}
