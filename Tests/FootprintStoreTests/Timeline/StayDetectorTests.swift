import FootprintGeo
import FootprintTestSupport
import Testing

@testable import FootprintStore

/// Stay-point detection (Li et al. 2008, with runs timed first point to last): the thresholds'
/// boundaries, GPS jitter, segment breaks, and the fast scan against the paper's plain one.
@Suite struct StayDetectorTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)
    let detector = StayDetector()

    /// Points at `seoul` at these times, then one point 1 km away a minute after the last.
    static func still(_ epochs: [Double]) -> StayPoints {
        let away = Geodesic.destination(from: seoul, bearingDegrees: 0, distanceMeters: 1000).coordinate
        return StayPoints(
            epochs: epochs + [epochs.last! + 60], latitudes: epochs.map { _ in seoul.latitude } + [away.latitude],
            longitudes: epochs.map { _ in seoul.longitude } + [away.longitude])
    }

    static func points(_ track: TestTrack, segmentStarts: [Int] = []) -> StayPoints {
        StayPoints(
            epochs: track.points.map(\.epoch), latitudes: track.points.map(\.latitude),
            longitudes: track.points.map(\.longitude), segmentStarts: segmentStarts)
    }

    @Test func exactlyTheMinimumDurationIsAStay() {
        let stays = detector.stays(in: Self.still(Array(stride(from: 0.0, through: 600, by: 60))))
        #expect(stays.count == 1)
        #expect(stays.first?.points == 0..<11)
        #expect(stays.first?.arrivalEpoch == 0)
        #expect(stays.first?.departureEpoch == 600)
        #expect(stays.first?.durationSeconds == 600)
    }

    @Test func aSecondShortIsNoStay() {
        #expect(detector.stays(in: Self.still(Array(stride(from: 0.0, through: 540, by: 60)) + [599])).isEmpty)
        #expect(detector.stays(in: Self.still([0, 599.999])).isEmpty)
        #expect(detector.stays(in: Self.still([0, 600])).count == 1)
    }

    /// A run is measured from its first point: points just inside the radius of it keep the run
    /// going, one just outside ends it (and the rest is too short to be a stay of its own).
    @Test(arguments: [(99.99, true), (100.01, false), (50, true), (150, false)])
    func theRadiusIsMeasuredFromTheFirstPoint(distance: Double, isStay: Bool) {
        let off = Geodesic.destination(from: Self.seoul, bearingDegrees: 37, distanceMeters: distance).coordinate
        let points = StayPoints(
            epochs: [0, 300, 600], latitudes: [Self.seoul.latitude, off.latitude, Self.seoul.latitude],
            longitudes: [Self.seoul.longitude, off.longitude, Self.seoul.longitude])
        #expect(detector.stays(in: points).count == (isStay ? 1 : 0))
    }

    /// A point at exactly the radius, as Karney's geodesic measures it, is inside: the cheap
    /// estimate never decides a point this close to the edge.
    @Test(arguments: [0.0, 45, 90, 135]) func aPointAtTheRadiusIsInside(bearing: Double) throws {
        var meters = 100.0
        var off = Geodesic.destination(from: Self.seoul, bearingDegrees: bearing, distanceMeters: meters).coordinate
        // Nudge it in until the geodesic says ≤ 100 m, however the rounding fell.
        while Geodesic.distance(from: Self.seoul, to: off) > 100 {
            meters = meters.nextDown
            off = Geodesic.destination(from: Self.seoul, bearingDegrees: bearing, distanceMeters: meters).coordinate
        }
        #expect(Geodesic.distance(from: Self.seoul, to: off) > 99.999_999)
        let points = StayPoints(
            epochs: [0, 600], latitudes: [Self.seoul.latitude, off.latitude],
            longitudes: [Self.seoul.longitude, off.longitude])
        #expect(detector.stays(in: points).count == 1)
        let outside = Geodesic.destination(from: Self.seoul, bearingDegrees: bearing, distanceMeters: 100.001)
            .coordinate
        let far = StayPoints(
            epochs: [0, 600], latitudes: [Self.seoul.latitude, outside.latitude],
            longitudes: [Self.seoul.longitude, outside.longitude])
        #expect(detector.stays(in: far).isEmpty)
    }

    @Test func jitterStaysOneStayCentredOnTheStop() throws {
        var track = TestTrack(start: Self.seoul, epoch: 1_000)
        track.walk(seconds: 300)
        let stop = track.position
        track.stop(seconds: 900, interval: 1, jitter: 3)
        track.walk(seconds: 300)
        let stays = detector.stays(in: Self.points(track))
        try #require(stays.count == 1)
        // The mean of the run: the stop's 901 fixes and the ~70 of the walk in, ~50 m west on
        // average, that lie within 100 m of the run's first point (the paper's centre).
        #expect(Geodesic.distance(from: stays[0].center, to: stop) < 5)
        #expect(stays[0].durationSeconds >= 900)
        // The walk in and out adds at most the ~100 m either side (at 1.4 m/s, 72 s each way).
        #expect(stays[0].durationSeconds <= 900 + 2 * 72)
    }

    @Test func walkingIsNoStay() {
        var track = TestTrack(start: Self.seoul, epoch: 0)
        track.walk(seconds: 7200, bearing: 10, speed: 1.2)
        #expect(detector.stays(in: Self.points(track)).isEmpty)
    }

    @Test func aRunNeverCrossesASegmentBreak() {
        // Twelve minutes at one spot, recorded as two six-minute segments.
        let points = Self.still(Array(stride(from: 0.0, through: 720, by: 60)))
        var split = points
        split.segmentStarts = [7]
        #expect(detector.stays(in: points).count == 1)
        #expect(detector.stays(in: split).isEmpty)
        // Twenty minutes each side of the break: two stays, one per segment.
        var long = Self.still(Array(stride(from: 0.0, through: 2400, by: 60)))
        long.segmentStarts = [21]
        #expect(detector.stays(in: long).map(\.points) == [0..<21, 21..<41])
    }

    @Test func staysAtTheStartAndEndOfATrackCount() {
        var track = TestTrack(start: Self.seoul, epoch: 0)
        track.stop(seconds: 700, jitter: 0)
        track.walk(seconds: 600)
        track.stop(seconds: 650, jitter: 0)
        let stays = detector.stays(in: Self.points(track))
        #expect(stays.count == 2)
        #expect(stays.first?.arrivalEpoch == 0)
        #expect(stays.last?.points.upperBound == track.points.count)
    }

    @Test func optionsChangeTheThresholds() throws {
        let points = Self.still(Array(stride(from: 0.0, through: 300, by: 60)))
        #expect(detector.stays(in: points).isEmpty)
        let five = StayDetector(options: try StayOptions(minimumDurationSeconds: 300, radiusMeters: 100))
        #expect(five.stays(in: points).count == 1)
        let off = Geodesic.destination(from: Self.seoul, bearingDegrees: 0, distanceMeters: 150).coordinate
        let wide = StayPoints(
            epochs: [0, 600], latitudes: [Self.seoul.latitude, off.latitude],
            longitudes: [Self.seoul.longitude, off.longitude])
        #expect(detector.stays(in: wide).isEmpty)
        #expect(StayDetector(options: try StayOptions(radiusMeters: 200)).stays(in: wide).count == 1)
    }

    @Test(arguments: [(0.0, 100.0), (-60, 100), (600, 0), (600, -5), (600, 50_001), (.nan, 100), (600, .infinity)])
    func badOptionsAreRefused(seconds: Double, meters: Double) {
        #expect(throws: FootprintStoreError.self) {
            try StayOptions(minimumDurationSeconds: seconds, radiusMeters: meters)
        }
    }

    @Test func aStayOnTheAntimeridianIsCentredThere() throws {
        let points = StayPoints(
            epochs: [0, 300, 600], latitudes: [-16.5, -16.5, -16.5], longitudes: [179.9998, -179.9998, 179.9998])
        let stays = detector.stays(in: points)
        try #require(stays.count == 1)
        #expect(abs(abs(stays[0].center.longitude) - 179.99993) < 1e-5)
    }

    /// Times that go backwards within a segment get the paper's plain scan, which needs no order.
    @Test func timesOutOfOrderStillFindTheStay() {
        let points = Self.still([0, 300, 200, 600, 650])
        #expect(detector.stays(in: points).map(\.points) == [0..<5])
    }

    /// The fast scan finds exactly the paper's stays on random tracks of walks and stops of every
    /// length around the threshold, with segment breaks.
    @Test(arguments: 1...6) func theFastScanFindsThePlainScansStays(seed: UInt64) {
        let (points, _) = Self.randomTrack(seed: seed, start: Self.seoul, episodes: 60)
        let plain = detector.stays(in: points, scan: .plain)
        #expect(!plain.isEmpty)
        #expect(detector.stays(in: points, scan: .advancing) == plain)
        #expect(detector.stays(in: points, scan: .automatic) == plain)
        // The public answer joins the back-to-back halves of one stop, and only those.
        let joined = detector.stays(in: points)
        #expect(joined == detector.joiningBackToBack(plain, in: points))
        #expect(joined.map(\.points.count).reduce(0, +) == plain.map(\.points.count).reduce(0, +))
    }

    /// Both scans find what a plain scan measuring every distance with Karney's geodesic finds:
    /// the cheap bounds and estimates never decide a point wrongly — in Seoul, at 80° N (where the
    /// flat estimate is not used) and across the antimeridian.
    @Test(arguments: [(11, 37.5665, 126.978), (12, 80.2, 15.6), (13, -16.5, 179.995)] as [(UInt64, Double, Double)])
    func theScansAgreeWithTheGeodesic(seed: UInt64, latitude: Double, longitude: Double) {
        let start = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        let (points, starts) = Self.randomTrack(seed: seed, start: start, episodes: 16)
        var reference: [Range<Int>] = []
        var segmentStart = 0
        for end in starts + [points.count] where end > segmentStart {
            var first = segmentStart
            while first < end {
                let anchor = Coordinate(uncheckedLatitude: points.latitudes[first], longitude: points.longitudes[first])
                var next = first + 1
                while next < end,
                    Geodesic.distance(
                        from: anchor,
                        to: Coordinate(uncheckedLatitude: points.latitudes[next], longitude: points.longitudes[next]))
                        <= 100
                {
                    next += 1
                }
                if points.epochs[next - 1] - points.epochs[first] >= 600 {
                    reference.append(first..<next)
                    first = next
                } else {
                    first += 1
                }
            }
            segmentStart = end
        }
        #expect(!reference.isEmpty)
        #expect(detector.stays(in: points, scan: .plain).map(\.points) == reference)
        #expect(detector.stays(in: points, scan: .advancing).map(\.points) == reference)
    }

    /// Walks and stops (with up to 120 m of jitter, around the 100 m radius) in random order, and a
    /// segment break after one episode in ten.
    static func randomTrack(seed: UInt64, start: Coordinate, episodes: Int) -> (StayPoints, [Int]) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var track = TestTrack(start: start, epoch: 0)
        var starts: [Int] = []
        for _ in 0..<episodes {
            if next() < 0.5 {
                track.walk(seconds: Int(next() * 400), bearing: next() * 360, speed: next() * 2)
            } else {
                track.stop(seconds: 400 + Int(next() * 400), interval: 1 + Int(next() * 30), jitter: next() * 120)
            }
            if next() < 0.1 { starts.append(track.points.count) }
        }
        return (points(track, segmentStarts: starts), starts)
    }
}

extension StayDetectorTests {
    /// A run anchored on a step of the walk in is cut when jitter at the spot crosses the anchor's
    /// radius; the two halves, back to back and centred together, are one stay. Two stays with a
    /// walk between them, or at spots farther apart than the radius, stay two.
    @Test func backToBackStaysAtOneSpotAreOneStay() {
        // 0–5: walking in from 90 m south, 10 s apart; 6–185: 30 minutes at the spot, with one fix
        // at 60 s that jitters 12 m north, 102 m from the first point of the walk in.
        var latitudes: [Double] = []
        for step in 0..<6 { latitudes.append(37.5 - 0.00081 + Double(step) * 0.000135) }
        for index in 0..<180 { latitudes.append(index == 60 ? 37.5 + 0.000108 : 37.5 + Double(index % 3) * 0.00001) }
        let epochs = latitudes.indices.map { Double($0) * 10 }
        let longitudes = [Double](repeating: 127, count: latitudes.count)
        let points = StayPoints(epochs: epochs, latitudes: latitudes, longitudes: longitudes)
        let detector = StayDetector()
        let raw = detector.stays(in: points, scan: .automatic)
        #expect(raw.count == 2)
        let stays = detector.stays(in: points)
        #expect(stays.count == 1)
        #expect(stays.first?.points == 0..<186)
        // The same two halves across a segment break are two recordings: two stays.
        let split = StayPoints(
            epochs: epochs, latitudes: latitudes, longitudes: longitudes, segmentStarts: [raw[1].points.lowerBound])
        #expect(detector.stays(in: split).count == 2)
    }
}
