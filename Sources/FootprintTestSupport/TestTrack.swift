import FootprintGeo
import Foundation

/// A track point for tests, before `import gpx` stores real ones.
public struct TestTrackPoint: Hashable, Sendable {
    /// UTC seconds since 1970.
    public var epoch: Double
    public var latitude: Double
    public var longitude: Double
    /// The GPX segment.
    public var segment: Int
    /// The noise filter's mark: 0 kept, 1 hdop, 2 speed spike, 3 duplicate time.
    public var noise: Int

    public init(epoch: Double, latitude: Double, longitude: Double, segment: Int = 0, noise: Int = 0) {
        self.epoch = epoch
        self.latitude = latitude
        self.longitude = longitude
        self.segment = segment
        self.noise = noise
    }
}

/// Builds test tracks: walks, stops with GPS jitter, and the SQL that stores them per the v9
/// schema (`tracks`, `track_days`, `track_points`).
public struct TestTrack: Sendable {
    public private(set) var points: [TestTrackPoint] = []
    /// Where the next point goes and when.
    public private(set) var position: Coordinate
    public private(set) var epoch: Double
    public var segment = 0
    private var jitterState: UInt64 = 0x2545_F491_4F6C_DD1D

    public init(start: Coordinate, epoch: Double) {
        position = start
        self.epoch = epoch
    }

    /// Walks `seconds` at `speed` m/s toward `bearing`, one point a second (the first at the
    /// current time and position).
    public mutating func walk(seconds: Int, bearing: Double = 90, speed: Double = 1.4) {
        for _ in 0..<seconds {
            points.append(
                TestTrackPoint(
                    epoch: epoch, latitude: position.latitude, longitude: position.longitude, segment: segment))
            position = Geodesic.destination(from: position, bearingDegrees: bearing, distanceMeters: speed).coordinate
            epoch += 1
        }
    }

    /// Stands still for `seconds` (points every `interval` seconds, the first now, the last
    /// `seconds` later), each point up to `jitter` metres off in a pseudo-random direction.
    public mutating func stop(seconds: Int, interval: Int = 10, jitter: Double = 3) {
        let anchor = position
        let start = epoch
        for offset in stride(from: 0, through: seconds, by: interval) {
            let point =
                jitter > 0
                ? Geodesic.destination(
                    from: anchor, bearingDegrees: nextUnit() * 360, distanceMeters: nextUnit() * jitter
                )
                .coordinate
                : anchor
            points.append(
                TestTrackPoint(
                    epoch: start + Double(offset), latitude: point.latitude, longitude: point.longitude,
                    segment: segment))
        }
        epoch = start + Double(seconds) + 1
    }

    /// Appends one point as it is.
    public mutating func append(_ point: TestTrackPoint) {
        points.append(point)
    }

    private mutating func nextUnit() -> Double {
        jitterState = jitterState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(jitterState >> 11) / Double(1 << 53)
    }

    /// SQL that stores `points` as track `id` of `date` with every point at `utcOffset` seconds
    /// east of UTC (needs a connection with SpatiaLite loaded: `tracks` has a geometry column).
    public static func sql(trackID id: Int64, date: String, utcOffset: Int, points: [TestTrackPoint]) -> String {
        var sql = """
            INSERT INTO tracks(id, local_date, name, source, source_id, kind) VALUES (\(id), '\(date)', 'test', 'test.gpx', 'trk:\(id)', 'track');
            INSERT INTO track_days(track_id, local_date) VALUES (\(id), '\(date)');

            """
        for (seq, point) in points.enumerated() {
            let time = Date(timeIntervalSince1970: point.epoch).formatted(.iso8601)
            sql += """
                INSERT INTO track_points(track_id, seq, time, latitude, longitude, segment, epoch, utc_offset, local_date, noise) \
                VALUES (\(id), \(seq), '\(time)', \(point.latitude), \(point.longitude), \(point.segment), \(point.epoch), \
                \(utcOffset), '\(date)', \(point.noise));

                """
        }
        return sql
    }
}
