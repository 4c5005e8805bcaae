import FootprintGeo

/// How far, how long and how high a day went: the numbers `day show` prints.
///
/// Computed by ``init(points:stays:)`` from the day's stored track points and its detected stays;
/// every figure is a pure function of them.
///
/// - `lengthMeters`: the WGS84 geodesic length (Karney's method, as GeographicLib) of the
///   filtered points (those the noise filter kept), summed step by step within each GPX segment —
///   segments are never joined, a gap between them counts nothing. A step whose two points both lie
///   in the same stay counts 0 m: standing in a café for half an hour with 5 m of GPS jitter is not
///   a walk.
/// - `rawLengthMeters`: the same sum over every stored point, noise included and stays not
///   subtracted; it matches GeographicLib's `Inverse` summed over the segments.
/// - `durationSeconds`: the time the track covers, the spans of its segments added (first to last
///   timed point of each), so a gap between two recordings is not counted.
/// - `movingTimeSeconds`: the duration minus the time spent in stays (steps inside a stay).
/// - `maxSpeedMetersPerSecond`: the fastest moving stretch, measured over at least
///   ``speedWindowSeconds`` (consecutive steps joined until that much time has passed): a phone
///   logging every second turns 3 m of jitter into 3 m/s, so a single step's speed says little.
/// - `averageMovingSpeedMetersPerSecond`: `lengthMeters / movingTimeSeconds`, 0 when the moving time
///   is shorter than ``speedWindowSeconds`` (a track whose times do not advance, Mojstrovka.gpx: 184
///   points in 1 ms, would otherwise move at thousands of km/s).
/// - `elevationGainMeters`, `elevationLossMeters`: climbs and descents after hysteresis of
///   ``elevationThresholdMeters`` (see ``ElevationCounter``).
public struct DayStatistics: Hashable, Sendable {
    public var lengthMeters: Double
    public var rawLengthMeters: Double
    public var durationSeconds: Double
    public var movingTimeSeconds: Double
    public var maxSpeedMetersPerSecond: Double
    public var averageMovingSpeedMetersPerSecond: Double
    public var elevationGainMeters: Double
    public var elevationLossMeters: Double

    /// The shortest span a maximum speed is measured over, in seconds.
    public static let speedWindowSeconds = 10.0
    /// How far the elevation must move from the last counted level before it counts, in metres.
    public static let elevationThresholdMeters = 5.0

    /// All zero: a day with no track.
    public static let zero = DayStatistics(
        lengthMeters: 0, rawLengthMeters: 0, durationSeconds: 0, movingTimeSeconds: 0, maxSpeedMetersPerSecond: 0,
        averageMovingSpeedMetersPerSecond: 0, elevationGainMeters: 0, elevationLossMeters: 0)

    public init(
        lengthMeters: Double, rawLengthMeters: Double, durationSeconds: Double, movingTimeSeconds: Double,
        maxSpeedMetersPerSecond: Double, averageMovingSpeedMetersPerSecond: Double, elevationGainMeters: Double,
        elevationLossMeters: Double
    ) {
        self.lengthMeters = lengthMeters
        self.rawLengthMeters = rawLengthMeters
        self.durationSeconds = durationSeconds
        self.movingTimeSeconds = movingTimeSeconds
        self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
        self.averageMovingSpeedMetersPerSecond = averageMovingSpeedMetersPerSecond
        self.elevationGainMeters = elevationGainMeters
        self.elevationLossMeters = elevationLossMeters
    }
}

extension DayStatistics {
    /// A stored track point as the statistics read it.
    public struct Point: Hashable, Sendable {
        public var coordinate: Coordinate
        /// UTC seconds since 1970; `nil` for an untimed point.
        public var epoch: Double?
        public var elevation: Double?
        /// The GPX segment it belongs to: the track's id and the segment's number in it.
        public var track: Int64
        public var segment: Int
        /// True when the noise filter set it aside (`track_points.noise` ≠ 0).
        public var isNoise: Bool

        public init(
            coordinate: Coordinate, epoch: Double?, elevation: Double? = nil, track: Int64 = 1, segment: Int = 0,
            isNoise: Bool = false
        ) {
            self.coordinate = coordinate
            self.epoch = epoch
            self.elevation = elevation
            self.track = track
            self.segment = segment
            self.isNoise = isNoise
        }
    }

    /// A detected stay: from arrival to departure, UTC seconds since 1970.
    public struct Stay: Hashable, Sendable {
        public var arrival: Double
        public var departure: Double

        public init(arrival: Double, departure: Double) {
            self.arrival = arrival
            self.departure = departure
        }

        func contains(_ epoch: Double) -> Bool { arrival <= epoch && epoch <= departure }
    }

    /// The statistics of `points` (in stored order: by track, segment and sequence) with `stays`.
    ///
    /// With `window` (the day's UTC span, local midnight to midnight), `points` may hold, beside
    /// the day's own points, the timed points of the days before and after that join them in a
    /// segment: a step across midnight counts for the part of its time inside the window (its
    /// length, moving time and duration split linearly at midnight), so the days of a track add up
    /// to the whole track. A step that ends on both sides outside the window counts nothing.
    public init(points: [Point], stays: [Stay], window: Range<Double>? = nil) {
        self = .zero
        var counter = ElevationCounter(thresholdMeters: Self.elevationThresholdMeters)
        var speed = SpeedWindow(minimumSeconds: Self.speedWindowSeconds)
        var previousRaw: Point?
        var previousKept: Point?
        // Whether the last kept point is the last stored one: then the kept step is the raw step
        // just measured, and one geodesic serves both sums (most points are kept).
        var keptIsRaw = false
        var segmentStart: Double?
        var segmentEnd: Double?
        for point in points {
            if let previous = previousRaw, previous.track != point.track || previous.segment != point.segment {
                // A new segment: nothing joins it to the last one.
                previousRaw = nil
                previousKept = nil
                durationSeconds += Self.span(segmentStart, segmentEnd)
                segmentStart = nil
                segmentEnd = nil
                counter.endSegment()
                speed.reset()
            }
            var rawStep = 0.0
            if let previous = previousRaw {
                rawStep = Geodesic.distance(from: previous.coordinate, to: point.coordinate)
                rawLengthMeters += rawStep * Self.share(from: previous.epoch, to: point.epoch, in: window)
            }
            previousRaw = point
            guard !point.isNoise else {
                keptIsRaw = false
                continue
            }
            let inside = point.epoch.map { epoch in window.map { $0.contains(epoch) } ?? true } ?? true
            if let epoch = point.epoch {
                let clamped = window.map { min(max(epoch, $0.lowerBound), $0.upperBound) } ?? epoch
                segmentStart = min(segmentStart ?? clamped, clamped)
                segmentEnd = max(segmentEnd ?? clamped, clamped)
            }
            if inside, let elevation = point.elevation { counter.add(elevation) }
            let previous = previousKept
            let stepIsRaw = keptIsRaw
            previousKept = point
            keptIsRaw = true
            guard let previous else { continue }
            if let start = previous.epoch, let end = point.epoch, Self.sameStay(start, end, stays) {
                speed.reset()
                continue
            }
            let share = Self.share(from: previous.epoch, to: point.epoch, in: window)
            guard share > 0 else { continue }
            let meters =
                (stepIsRaw ? rawStep : Geodesic.distance(from: previous.coordinate, to: point.coordinate)) * share
            lengthMeters += meters
            if let start = previous.epoch, let end = point.epoch, end > start {
                movingTimeSeconds += (end - start) * share
                if let fastest = speed.add(meters: meters, seconds: (end - start) * share) {
                    maxSpeedMetersPerSecond = max(maxSpeedMetersPerSecond, fastest)
                }
            }
        }
        durationSeconds += Self.span(segmentStart, segmentEnd)
        counter.endSegment()
        elevationGainMeters = counter.gainMeters
        elevationLossMeters = counter.lossMeters
        if movingTimeSeconds >= Self.speedWindowSeconds {
            averageMovingSpeedMetersPerSecond = lengthMeters / movingTimeSeconds
        }
    }

    /// The share of the step from `start` to `end` that lies in `window`: 1 without a window or
    /// for a step with an untimed end (only the day's own points are untimed), else the part of
    /// its time inside the window (a step of no time: 1 when its instant is inside).
    static func share(from start: Double?, to end: Double?, in window: Range<Double>?) -> Double {
        guard let window, let start, let end else { return 1 }
        let (low, high) = (min(start, end), max(start, end))
        guard high > low else { return window.contains(low) ? 1 : 0 }
        let inside = min(high, window.upperBound) - max(low, window.lowerBound)
        return inside <= 0 ? 0 : inside / (high - low)
    }

    private static func span(_ start: Double?, _ end: Double?) -> Double {
        guard let start, let end else { return 0 }
        return end - start
    }

    /// True when one stay holds both instants. Stays are few (a handful a day), so a scan is cheaper
    /// than keeping them sorted.
    private static func sameStay(_ start: Double, _ end: Double, _ stays: [Stay]) -> Bool {
        stays.contains { $0.contains(start) && $0.contains(end) }
    }
}
