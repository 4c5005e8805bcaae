import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// A day's overview (`day show`) and the days listed (`day list`).
@Suite struct DayOverviewTests {
    let temporary: TemporaryStore
    var store: FootprintStore { temporary.store }
    /// 2024-05-18T10:00:00+09:00.
    static let morning = 1_715_994_000.0

    init() throws {
        temporary = try TemporaryStore()
    }

    @Test func visitsAreNamedAndPlacedByWhatTheyHold() throws {
        let place = try temporary.addPlaces([try Coordinate(latitude: 37.5444, longitude: 127.0374)])[0]
        // A stay at the place (its own centre), a stay the user named, an unnamed stay, a removed one.
        let atPlace = try store.insertStay(
            arrival: Self.morning, departure: Self.morning + 600,
            at: Coordinate(uncheckedLatitude: 37.5445, longitude: 127.0375),
            placeID: place.id)
        let named = try store.insertStay(
            arrival: Self.morning + 1200, departure: Self.morning + 1800, placeID: place.id, name: "도시락 먹은 곳")
        let unnamed = try store.insertStay(
            arrival: Self.morning + 3600, departure: nil, at: Coordinate(uncheckedLatitude: 37.56, longitude: 127.05))
        try store.insertStay(arrival: Self.morning + 7200, departure: Self.morning + 7800, name: "지움", removed: true)
        let overview = try store.dayOverview("2024-05-18")
        #expect(overview.visits.map(\.id) == [atPlace, named, unnamed])
        #expect(overview.visits.map(\.name) == ["p0", "도시락 먹은 곳", nil])
        #expect(
            overview.visits.map(\.coordinate) == [
                Coordinate(uncheckedLatitude: 37.5445, longitude: 127.0375), place.coordinate,
                Coordinate(uncheckedLatitude: 37.56, longitude: 127.05),
            ])
        #expect(overview.visits[0].arrival.iso8601 == "2024-05-18T10:00:00+09:00")
        #expect(overview.visits[0].departure?.iso8601 == "2024-05-18T10:10:00+09:00")
        #expect(overview.visits[2].departure == nil)
        #expect(overview.log == nil && overview.entries.isEmpty && overview.photos.isEmpty)
    }

    @Test func theDaysListedAreThoseThatHoldSomething() throws {
        try store.insertTrack(
            id: 1,
            points: [
                TestPoint(latitude: 37.5444, longitude: 127.0374, epoch: Self.morning),
                TestPoint(latitude: 37.5454, longitude: 127.0374, epoch: Self.morning + 60),
            ])
        try store.insertStay(arrival: Self.morning + 86400, departure: nil)
        try store.insertStay(arrival: Self.morning + 2 * 86400, departure: nil, removed: true)
        _ = try store.addPhoto(
            Photo(
                path: "a.jpg",
                takenAt: LocalTime(date: Date(timeIntervalSince1970: Self.morning + 3 * 86400), utcOffsetSeconds: 32400)
            ))
        _ = try store.addLogEntry(NewLogEntry(date: "2024-05-22", title: "t"))
        try store.setDay("2024-05-23", score: 5)
        let days = try store.daySummaries()
        #expect(days.map(\.date) == ["2024-05-18", "2024-05-19", "2024-05-21", "2024-05-22", "2024-05-23"])
        #expect(
            days[0].lengthMeters
                == Geodesic.distance(
                    from: Coordinate(uncheckedLatitude: 37.5444, longitude: 127.0374),
                    to: Coordinate(uncheckedLatitude: 37.5454, longitude: 127.0374)))
        #expect(days.map(\.visits) == [0, 1, 0, 0, 0])
        #expect(days.map(\.photos) == [0, 0, 1, 0, 0])
        #expect(days.map(\.entries) == [0, 0, 0, 1, 0])
    }
}
