import FootprintGeo
import FootprintStore
import FootprintTestSupport
import Foundation

/// Days of test data for routes and exports, written with plain SQL (TrackPointSQL).
enum DayRouteFixtures {
    /// 2024-05-18T09:00:00+09:00.
    static let morning = 1_715_990_400.0

    /// `count` points walking north from `start`, 0.0001° (about 11 m) and 10 s apart.
    static func walk(
        from start: (Double, Double) = (37.5, 127.0), count: Int, startEpoch: Double = morning, segment: Int = 0
    ) -> [TrackPointSQL.Point] {
        (0..<count).map { index in
            TrackPointSQL.Point(
                latitude: start.0 + Double(index) * 0.0001, longitude: start.1, epoch: startEpoch + Double(index) * 10,
                segment: segment, elevation: 30 + Double(index % 7))
        }
    }

    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// A visit to a new place at the coordinate, arriving and leaving at the given local times.
    @discardableResult
    static func addVisit(
        _ store: TemporaryStore, name: String, at coordinate: Coordinate, arrived: String, left: String?
    ) throws -> Visit {
        let place = try store.store.addPlace(Place(name: name, coordinate: coordinate))
        return try store.store.addVisit(
            Visit(
                placeID: place.id, arrived: try LocalTime(iso8601: arrived),
                left: try left.map { try LocalTime(iso8601: $0) }))
    }
}
