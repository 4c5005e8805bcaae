import FootprintGeo
import FootprintStore
import FootprintTestSupport
import Foundation
import Testing

@Suite struct DayRouteTests {
    @Test func partsFollowTrackSegmentAndSequenceAndSkipNoise() throws {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        var first =
            DayRouteFixtures.walk(count: 4)
            + DayRouteFixtures.walk(
                from: (37.6, 127.0), count: 3, startEpoch: DayRouteFixtures.morning + 100, segment: 1)
        first[1].noise = 2  // a speed spike the filter set aside
        sql.addTrack(id: 2, points: first)
        sql.addTrack(
            id: 1,
            points: DayRouteFixtures.walk(from: (37.7, 127.1), count: 2, startEpoch: DayRouteFixtures.morning + 500))
        try sql.run(on: store.path)

        let route = try store.store.routeDay("2024-05-18").route
        #expect(route.source == .track)
        #expect(route.parts.map(\.trackID) == [1, 2, 2])
        #expect(route.parts.map(\.segment) == [0, 0, 1])
        #expect(route.parts.map(\.points.count) == [2, 3, 3])
        // The noise point (index 1) is gone; the others keep their order, time and elevation.
        #expect(route.parts[1].coordinates.map(\.latitude) == [37.5, 37.5002, 37.5003])
        #expect(route.parts[1].points[0].time == Date(timeIntervalSince1970: DayRouteFixtures.morning))
        #expect(route.parts[1].points[0].elevation == 30)
    }

    @Test func aTrackCrossingMidnightBelongsToBothDays() throws {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        // 23:59:40 local on the 18th, then every 10 s: 2 points before midnight, 3 after.
        let lateEvening = DayRouteFixtures.morning + 15 * 3600 - 20
        sql.addTrack(id: 1, points: DayRouteFixtures.walk(count: 5, startEpoch: lateEvening))
        try sql.run(on: store.path)
        let days = try store.store.routeDays(from: "2024-05-18", through: "2024-05-19")
        #expect(days.map(\.date) == ["2024-05-18", "2024-05-19"])
        // The third point is at midnight exactly: the 18th's route ends on it, the 19th's starts there.
        #expect(days.map(\.route.pointCount) == [3, 3])
        #expect(days[0].route.parts[0].points.last?.coordinate.latitude == 37.5002)
        #expect(days[0].route.parts[0].points.last?.time == Date(timeIntervalSince1970: lateEvening + 20))
        #expect(days[1].route.parts[0].coordinates[0].latitude == 37.5002)
    }

    /// 23:59:35 local, then every 10 s: the step from 23:59:55 to 00:00:05 crosses midnight
    /// halfway, so both days' routes meet at the point halfway along it, timed at midnight.
    @Test func aStepAcrossMidnightEndsOneDayAndStartsTheNextAtMidnight() throws {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        let midnight = DayRouteFixtures.morning + 15 * 3600
        let points = DayRouteFixtures.walk(count: 6, startEpoch: midnight - 25)
        sql.addTrack(id: 1, points: points)
        // A second track with a gap across midnight between two segments: nothing joins them.
        sql.addTrack(
            id: 2,
            points: DayRouteFixtures.walk(from: (37.6, 127.0), count: 2, startEpoch: midnight - 15)
                + DayRouteFixtures.walk(from: (37.7, 127.0), count: 2, startEpoch: midnight + 5, segment: 1))
        try sql.run(on: store.path)
        let days = try store.store.routeDays(from: "2024-05-18", through: "2024-05-19")
        let first = days[0].route.parts
        let second = days[1].route.parts
        #expect(first.map(\.trackID) == [1, 2] && second.map(\.trackID) == [1, 2])
        #expect(first.map(\.points.count) == [4, 2])
        #expect(second.map(\.points.count) == [4, 2])
        let end = try #require(first[0].points.last)
        #expect(second[0].points.first == end)
        #expect(end.time == Date(timeIntervalSince1970: midnight))
        let a = DayRouteFixtures.coordinate(points[2].latitude, points[2].longitude)
        let b = DayRouteFixtures.coordinate(points[3].latitude, points[3].longitude)
        let half = Geodesic.distance(from: a, to: b) / 2
        #expect(abs(Geodesic.distance(from: a, to: end.coordinate) - half) < 1e-6)
        #expect(abs(Geodesic.distance(from: end.coordinate, to: b) - half) < 1e-6)
        #expect(end.elevation == (points[2].elevation! + points[3].elevation!) / 2)
        // Without details (GeoJSON, polylines) the same position, untimed.
        let plain = try store.store.routeDays(from: "2024-05-19", through: "2024-05-19", pointDetails: false)
        #expect(plain[0].route.parts[0].points.first == RoutePoint(coordinate: end.coordinate))
        // One day alone gets its midnight too: the neighbours are read beyond the dates asked for.
        #expect(try store.store.routeDay("2024-05-18").route.parts[0].points.last == end)
    }

    @Test func aDayWithoutATrackHasThePathThroughItsVisits() throws {
        let store = try TemporaryStore()
        let late = try DayRouteFixtures.addVisit(
            store, name: "카페", at: DayRouteFixtures.coordinate(37.55, 127.01), arrived: "2024-05-18T15:00+09:00",
            left: "2024-05-18T15:30+09:00")
        try DayRouteFixtures.addVisit(
            store, name: "공원", at: DayRouteFixtures.coordinate(37.54, 127.02), arrived: "2024-05-18T10:00+09:00",
            left: "2024-05-18T11:00+09:00")
        let removed = try DayRouteFixtures.addVisit(
            store, name: "집", at: DayRouteFixtures.coordinate(37.50, 127.00), arrived: "2024-05-18T12:00+09:00",
            left: nil)
        var sql = TrackPointSQL()
        sql.add("UPDATE visits SET removed = 1 WHERE id = \(removed.id!);")
        // A detected stay's own centre wins over its place's position.
        sql.add("UPDATE visits SET latitude = 37.551, longitude = 127.011 WHERE id = \(late.id!);")
        try sql.run(on: store.path)

        let day = try store.store.routeDay("2024-05-18")
        #expect(day.visits.map(\.name) == ["공원", "카페"])
        #expect(day.route.source == .visits)
        #expect(day.route.parts.count == 1)
        #expect(
            day.route.parts[0].coordinates == [
                DayRouteFixtures.coordinate(37.54, 127.02), DayRouteFixtures.coordinate(37.551, 127.011),
            ])
        #expect(day.visits[0].durationSeconds == 3600)
    }

    @Test func photosAndTheLogComeWithTheDay() throws {
        let store = try TemporaryStore()
        try store.store.saveDay(Day(date: "2024-05-18", score: 80, weather: "맑음", moodColor: "#ffcc00"))
        _ = try store.store.addPhoto(
            Photo(
                path: "a.jpg", takenAt: try LocalTime(iso8601: "2024-05-18T10:00+09:00"),
                coordinate: DayRouteFixtures.coordinate(37.5, 127)))
        _ = try store.store.addPhoto(
            Photo(path: "nowhere.jpg", takenAt: try LocalTime(iso8601: "2024-05-18T11:00+09:00")))
        let day = try store.store.routeDay("2024-05-18")
        #expect(day.log?.score == 80)
        #expect(day.photos.map(\.path) == ["a.jpg"])
        #expect(day.route.parts.isEmpty)
        #expect(!day.isEmpty)
        #expect(try store.store.routeDay("2024-05-17").isEmpty)
    }

    @Test(arguments: ["2024-02-30", "2024-5-18", "yesterday"])
    func aBadDateIsOneSentence(_ date: String) throws {
        let store = try TemporaryStore()
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "date", value: "“\(date)”", reason: "write a real calendar date as YYYY-MM-DD, such as 2024-05-18"
            )
        ) {
            try store.store.routeDay(date)
        }
    }

    @Test func aRangeEndingBeforeItStartsIsRefused() throws {
        let store = try TemporaryStore()
        #expect(throws: FootprintStoreError.self) {
            try store.store.routeDays(from: "2024-05-18", through: "2024-05-17")
        }
    }
}
