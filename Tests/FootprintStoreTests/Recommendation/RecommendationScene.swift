import FootprintGeo
import FootprintStore
import FootprintTestSupport
import Foundation

/// A hand-built scene: a store, a centre in Seoul and a fixed clock (2024-06-01 12:00), so that
/// novelty and time are the same on every run.
final class RecommendationScene {
    let temporary: TemporaryStore
    var store: FootprintStore { temporary.store }
    static let center = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
    static let clock = RecommendationClock(localDate: "2024-06-01", minuteOfDay: 12 * 60)

    init() throws {
        temporary = try TemporaryStore()
    }

    /// The point `meters` from the centre at `bearing` degrees.
    static func point(_ meters: Double, _ bearing: Double, from origin: Coordinate = center) -> Coordinate {
        Geodesic.destination(from: origin, bearingDegrees: bearing, distanceMeters: meters).coordinate
    }

    /// Adds a place `meters` from the centre at `bearing`.
    @discardableResult
    func add(
        _ name: String, _ meters: Double, _ bearing: Double, category: String? = nil, tags: [String] = [],
        likes: Int = 0, bestTime: BestTime? = nil
    ) throws -> Place {
        try store.addPlace(
            Place(
                name: name, coordinate: Self.point(meters, bearing), category: category, tags: tags, likes: likes,
                bestTime: bestTime))
    }

    /// A visit to `place` on `date` at noon, Seoul time.
    func visit(_ place: Place, on date: String) throws {
        try store.addVisit(Visit(placeID: place.id, arrived: try LocalTime(iso8601: date + "T12:00:00+09:00")))
    }

    /// Recommendations around the centre with the scene's clock.
    func recommend(
        _ anchor: RecommendationQuery.Anchor = .point(center), radius: Double? = nil, limit: Int = 20,
        unvisited: Bool = false, minute: Int? = nil, weights: RecommendationWeights = .defaults, after: String? = nil
    ) throws -> [Recommendation] {
        try store.recommend(
            RecommendationQuery(
                anchor: anchor, radiusMeters: radius, limit: limit, unvisitedOnly: unvisited, minuteOfDay: minute,
                weights: weights, clock: Self.clock, after: after)
        ).recommendations
    }
}
