import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Stays stored as visits, and re-detection keeping what the user set.
@Suite struct DetectVisitsTests {
    static let date = "2024-05-18"
    /// 2024-05-18T09:00:00+09:00.
    static let morning = 1_715_990_400.0
    static let seoulOffset = 9 * 3600
    static let start = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)

    let temporary: TemporaryStore
    var store: FootprintStore { temporary.store }
    /// When the two stops begin and end (their first and last points).
    let firstStop: ClosedRange<Double>
    let secondStop: ClosedRange<Double>
    let firstStopAt: Coordinate
    let secondStopAt: Coordinate

    /// A morning: a 5-minute walk, 20 minutes at a café, a 10-minute walk, 15 minutes at a bench,
    /// a 5-minute walk.
    init() throws {
        temporary = try TemporaryStore()
        var track = TestTrack(start: Self.start, epoch: Self.morning)
        track.walk(seconds: 300)
        firstStopAt = track.position
        let first = track.epoch
        track.stop(seconds: 1200, interval: 1, jitter: 3)
        track.walk(seconds: 600, bearing: 0)
        secondStopAt = track.position
        let second = track.epoch
        track.stop(seconds: 900, interval: 1, jitter: 3)
        track.walk(seconds: 300, bearing: 0)
        firstStop = first...(first + 1200)
        secondStop = second...(second + 900)
        try Self.addTrack(store, id: 1, points: track.points)
    }

    static func addTrack(_ store: FootprintStore, id: Int64, date: String = date, points: [TestTrackPoint]) throws {
        try store.write { db in
            try db.execute(sql: TestTrack.sql(trackID: id, date: date, utcOffset: seoulOffset, points: points))
        }
    }

    func visits() throws -> [TimelineVisit] { try store.timelineVisits(on: Self.date) }

    @Test func staysBecomeVisitsAtTheNearestPlaceWithin50Metres() throws {
        let café = try store.addPlace(
            Place(
                name: "카페 온도",
                coordinate: Geodesic.destination(from: firstStopAt, bearingDegrees: 200, distanceMeters: 20).coordinate)
        )
        try store.addPlace(
            Place(
                name: "먼 카페",
                coordinate: Geodesic.destination(from: firstStopAt, bearingDegrees: 20, distanceMeters: 40).coordinate))
        try store.addPlace(
            Place(
                name: "벤치 옆 가게",
                coordinate: Geodesic.destination(from: secondStopAt, bearingDegrees: 90, distanceMeters: 60).coordinate)
        )
        let summary = try store.detectVisits(on: Self.date)
        #expect(summary == VisitDetectionSummary(date: Self.date, found: 2, kept: 0, new: 2, removed: 0))
        let visits = try visits()
        try #require(visits.count == 2)
        #expect(visits[0].placeID == café.id)
        #expect(visits[0].name == "카페 온도")
        #expect(visits[0].detected && !visits[0].userSet)
        #expect(visits[1].placeID == nil)
        #expect(visits[1].name == nil)
        // The run's mean: the fixes of the stop and of the walk in within 100 m of its start.
        #expect(Geodesic.distance(from: try #require(visits[1].coordinate), to: secondStopAt) < 5)
        // The walk in and out within 100 m belongs to the stay: it begins up to 72 s early.
        #expect(visits[0].arrived.date.timeIntervalSince1970 >= firstStop.lowerBound - 72)
        #expect(visits[0].arrived.date.timeIntervalSince1970 <= firstStop.lowerBound)
        #expect(visits[0].left!.date.timeIntervalSince1970 >= firstStop.upperBound)
        #expect(visits[0].arrived.utcOffsetSeconds == Self.seoulOffset)
        #expect(visits[0].arrived.iso8601.hasPrefix("2024-05-18T09:0"))
        #expect(visits[0].arrived.iso8601.hasSuffix("+09:00"))
        #expect(visits[0].localDate == Self.date)
    }

    @Test func pointsTheNoiseFilterSetAsideAreIgnored() throws {
        // A speed spike 2 km away in the middle of the café stop.
        let spike = Geodesic.destination(from: firstStopAt, bearingDegrees: 0, distanceMeters: 2000).coordinate
        let middle = firstStop.lowerBound + 300.5
        for noise in [2, 0] {
            let other = try TemporaryStore()
            var points = try Self.trackPoints(of: store)
            let index = points.firstIndex { $0.epoch > middle }!
            points.insert(
                TestTrackPoint(epoch: middle, latitude: spike.latitude, longitude: spike.longitude, noise: noise),
                at: index)
            try Self.addTrack(other.store, id: 1, points: points)
            let visits = try other.store.detectVisits(on: Self.date)
            #expect(visits.found == 2)
            // Kept as a real point, the spike would cut the café stop's first 5 minutes off.
            let first = try #require(try other.store.timelineVisits(on: Self.date).first)
            let arrival = first.arrived.date.timeIntervalSince1970
            #expect(noise == 0 ? arrival > middle : arrival <= firstStop.lowerBound)
        }
    }

    static func trackPoints(of store: FootprintStore) throws -> [TestTrackPoint] {
        try store.read { db in
            try Row.fetchAll(db, sql: "SELECT epoch, latitude, longitude FROM track_points ORDER BY seq").map {
                TestTrackPoint(epoch: $0[0], latitude: $0[1], longitude: $0[2])
            }
        }
    }

    @Test func redetectionKeepsANamedVisitAndReplacesTheRest() throws {
        try store.detectVisits(on: Self.date)
        let before = try visits()
        let named = try store.editVisit(id: before[0].id, VisitEdit(name: "아침 커피", note: "창가 자리"))
        #expect(named.userSet && named.name == "아침 커피" && named.note == "창가 자리")
        let summary = try store.detectVisits(on: Self.date)
        #expect(summary == VisitDetectionSummary(date: Self.date, found: 2, kept: 1, new: 1, removed: 0))
        let after = try visits()
        #expect(after.count == 2)
        #expect(after[0].id == before[0].id)
        #expect(after[0].name == "아침 커피" && after[0].note == "창가 자리" && after[0].userSet)
        #expect(!after[1].userSet && after[1].name == nil)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM visits") } == 2)
        // Narrower thresholds move the times; the named visit follows its stay.
        let strict = try StayOptions(minimumDurationSeconds: 600, radiusMeters: 20)
        #expect(try store.detectVisits(on: Self.date, options: strict).kept == 1)
        let narrowed = try visits()[0]
        #expect(narrowed.id == before[0].id && narrowed.name == "아침 커피")
        #expect(narrowed.arrived.date > before[0].arrived.date)
    }

    /// The overlap is counted against the user's visit: at least half of its time keeps it.
    @Test(arguments: [
        (600.0, 1800.0, true),  // the visit's first half overlaps the stay's second half: 50%
        (612, 1812, false),  // 49%
        (-600, 600, true),  // the visit's second half overlaps the stay's first half: 50%
        (-612, 588, false),  // 49%
        (-600, 1800, true),  // the stay lies within the visit and covers half of it
        (-700, 1800, false),  // within, but less than half of it (48%)
    ])
    func theOverlapRuleCountsHalfTheUsersVisit(from: Double, to: Double, kept: Bool) throws {
        // A one-stay track of exactly 20 minutes, with no walk before or after.
        let other = try TemporaryStore()
        var track = TestTrack(start: Self.start, epoch: Self.morning)
        track.stop(seconds: 1200, interval: 10, jitter: 0)
        try Self.addTrack(other.store, id: 1, points: track.points)
        try other.store.detectVisits(on: Self.date)
        let id = try #require(try other.store.timelineVisits(on: Self.date).first?.id)
        try other.store.editVisit(id: id, VisitEdit(name: "도서관"))
        try other.store.write { db in
            try db.execute(
                sql: "UPDATE visits SET arrived_at = ?, left_at = ? WHERE id = ?",
                arguments: [
                    Timestamp.string(from: Date(timeIntervalSince1970: Self.morning + from)),
                    Timestamp.string(from: Date(timeIntervalSince1970: Self.morning + to)), id,
                ])
        }
        let summary = try other.store.detectVisits(on: Self.date)
        #expect(summary.kept == (kept ? 1 : 0))
        #expect(summary.new == (kept ? 0 : 1))
        let visits = try other.store.timelineVisits(on: Self.date)
        // Unmatched, the user's visit stays as it was beside the new stay.
        #expect(visits.count == (kept ? 1 : 2))
        #expect(visits.filter { $0.name == "도서관" }.count == 1)
        let named = try #require(visits.first { $0.id == id })
        #expect(named.arrived.date.timeIntervalSince1970 == (kept ? Self.morning : Self.morning + from))
    }

    @Test func aRemovedStayStaysRemoved() throws {
        let bench = try store.addPlace(Place(name: "벤치", coordinate: secondStopAt))
        try store.detectVisits(on: Self.date)
        let before = try visits()
        #expect(before[1].placeID == bench.id)
        #expect(try store.visits(placeID: bench.id!).count == 1)
        #expect(try store.removeVisit(id: before[1].id) == .tombstoned)
        #expect(try visits().map(\.id) == [before[0].id])
        // A tombstone is no visit to the place.
        #expect(try store.visits(placeID: bench.id!).isEmpty)
        let summary = try store.detectVisits(on: Self.date)
        #expect(summary == VisitDetectionSummary(date: Self.date, found: 2, kept: 0, new: 1, removed: 1))
        let after = try visits()
        #expect(after.count == 1)
        #expect(after[0].id != before[1].id)
        #expect(throws: FootprintStoreError.visitNotFound(id: before[1].id)) { try store.removeVisit(id: before[1].id) }
        #expect(throws: FootprintStoreError.visitNotFound(id: before[1].id)) {
            try store.editVisit(id: before[1].id, VisitEdit(name: "x"))
        }
        let tombstones = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM visits WHERE removed = 1 AND detected = 1")
        }
        #expect(tombstones == 1)
    }

    @Test func visitsNotDetectedAreNeverTouched() throws {
        let place = try store.addPlace(Place(name: "카페 온도", coordinate: firstStopAt))
        let arrived = LocalTime(
            date: Date(timeIntervalSince1970: firstStop.lowerBound), utcOffsetSeconds: Self.seoulOffset)
        let byHand = try store.addVisit(Visit(placeID: place.id, arrived: arrived, note: "손으로"))
        try store.detectVisits(on: Self.date)
        try store.detectVisits(on: Self.date)
        let visits = try visits()
        #expect(visits.count == 3)
        let kept = try #require(visits.first { $0.id == byHand.id })
        #expect(!kept.detected && kept.note == "손으로" && kept.arrived == arrived)
        #expect(try store.removeVisit(id: byHand.id!) == .deleted)
        #expect(
            try store.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM visits WHERE id = ?", arguments: [byHand.id])
            } == 0)
    }

    @Test func editChecksItsInput() throws {
        try store.detectVisits(on: Self.date)
        let id = try visits()[0].id
        #expect(throws: FootprintStoreError.visitNotFound(id: 999)) {
            try store.editVisit(id: 999, VisitEdit(name: "x"))
        }
        #expect(throws: FootprintStoreError.placeNotFound(id: 77)) {
            try store.editVisit(id: id, VisitEdit(placeID: 77))
        }
        #expect(throws: FootprintStoreError.self) { try store.editVisit(id: id, VisitEdit()) }
        #expect(!(try visits()[0].userSet))
        let place = try store.addPlace(Place(name: "서울숲", coordinate: Self.start))
        let edited = try store.editVisit(id: id, VisitEdit(placeID: place.id))
        #expect(edited.placeID == place.id && edited.name == "서울숲" && edited.userSet)
        let cleared = try store.editVisit(id: id, VisitEdit(name: "", note: ""))
        #expect(cleared.name == "서울숲" && cleared.note == nil)
    }

    @Test func datesAreChecked() throws {
        for bad in ["2024-02-30", "2024-13-01", "2024-5-18", "yesterday"] {
            #expect(throws: FootprintStoreError.self) { try store.detectVisits(on: bad) }
            #expect(throws: FootprintStoreError.self) { try store.timelineVisits(on: bad) }
        }
        #expect(try store.detectVisits(on: "2024-02-29") == VisitDetectionSummary(date: "2024-02-29"))
    }

    @Test func severalDatesAtOnceForImport() throws {
        var track = TestTrack(start: Self.start, epoch: Self.morning + 86_400)
        track.stop(seconds: 900, jitter: 2)
        try Self.addTrack(store, id: 2, date: "2024-05-19", points: track.points)
        let summaries = try store.detectVisits(onDates: ["2024-05-19", Self.date, "2024-05-19"])
        #expect(summaries.map(\.date) == ["2024-05-19", Self.date])
        #expect(summaries.map(\.found) == [1, 2])
        #expect(try store.timelineVisits().count == 3)
        #expect(try store.timelineVisits(on: "2024-05-19").count == 1)
    }
}

extension DetectVisitsTests {
    /// A second recording of the day (a lower track id, so its stays come first) stays 2 km away
    /// at the very time of the visit the user named: the name stays with the stay at its spot.
    @Test func aNameStaysWithTheStayAtItsSpotNotAnotherTracksAtTheSameTime() throws {
        let other = try TemporaryStore()
        var mine = TestTrack(start: Self.start, epoch: Self.morning)
        mine.stop(seconds: 1200, interval: 10, jitter: 2)
        try Self.addTrack(other.store, id: 5, points: mine.points)
        try other.store.detectVisits(on: Self.date)
        let named = try #require(try other.store.timelineVisits(on: Self.date).first)
        try other.store.editVisit(id: named.id, VisitEdit(name: "도서관"))
        let elsewhere = Coordinate(uncheckedLatitude: Self.start.latitude + 0.018, longitude: Self.start.longitude)
        var theirs = TestTrack(start: elsewhere, epoch: Self.morning)
        theirs.stop(seconds: 1200, interval: 10, jitter: 2)
        try Self.addTrack(other.store, id: 3, points: theirs.points)
        let summary = try other.store.detectVisits(on: Self.date)
        #expect(summary == VisitDetectionSummary(date: Self.date, found: 2, kept: 1, new: 1, removed: 0))
        let visits = try other.store.timelineVisits(on: Self.date)
        let kept = try #require(visits.first { $0.id == named.id })
        #expect(kept.name == "도서관")
        let center = try #require(kept.coordinate)
        #expect(Geodesic.distance(from: center, to: Self.start) < 10)
        #expect(visits.filter { $0.name == "도서관" }.count == 1)
    }
}

/// How a day's points are read for detection: once for many days, in track and segment order.
@Suite struct DayPointsTests {
    /// Segments written out of sequence order (segment 1's rows before segment 0's) come back in
    /// segment order, each segment's points in sequence order, with a segment start between.
    @Test func segmentsWrittenOutOfOrderComeBackInSegmentOrder() throws {
        let temporary = try TemporaryStore()
        let epoch = DetectVisitsTests.morning
        let points = [
            TestTrackPoint(epoch: epoch + 100, latitude: 37.1, longitude: 127, segment: 1),
            TestTrackPoint(epoch: epoch + 101, latitude: 37.2, longitude: 127, segment: 1),
            TestTrackPoint(epoch: epoch, latitude: 37.3, longitude: 127, segment: 0),
            TestTrackPoint(epoch: epoch + 1, latitude: 37.4, longitude: 127, segment: 0),
        ]
        try DetectVisitsTests.addTrack(temporary.store, id: 1, points: points)
        let day = try temporary.store.read { db in try DayPoints.fetch(db, date: DetectVisitsTests.date) }
        #expect(day.points.latitudes == [37.3, 37.4, 37.1, 37.2])
        #expect(day.points.segmentStarts == [2])
        #expect(
            day.utcOffsets == [
                DetectVisitsTests.seoulOffset, DetectVisitsTests.seoulOffset, DetectVisitsTests.seoulOffset,
                DetectVisitsTests.seoulOffset,
            ])
    }

    /// Several days in one read give each day what reading it alone gives.
    @Test func manyDaysAtOnceEqualEachDayAlone() throws {
        let temporary = try TemporaryStore()
        var track = TestTrack(start: DetectVisitsTests.start, epoch: DetectVisitsTests.morning)
        track.stop(seconds: 700, jitter: 2)
        try DetectVisitsTests.addTrack(temporary.store, id: 1, points: track.points)
        var next = TestTrack(start: DetectVisitsTests.start, epoch: DetectVisitsTests.morning + 86_400)
        next.walk(seconds: 300)
        try DetectVisitsTests.addTrack(temporary.store, id: 2, date: "2024-05-19", points: next.points)
        let dates = [DetectVisitsTests.date, "2024-05-19", "2024-05-20"]
        let together = try temporary.store.read { db in try DayPoints.fetch(db, dates: dates) }
        for date in dates {
            let alone = try temporary.store.read { db in try DayPoints.fetch(db, date: date) }
            #expect(together[date]?.points == alone.points, "\(date)")
        }
        #expect(together[DetectVisitsTests.date]?.points.count == 71)  // a fix every 10 s
        #expect(together["2024-05-19"]?.points.count == 300)
        #expect(together["2024-05-20"]?.points.count == 0)
    }
}
