import FootprintGeo
import Foundation

/// A point of a day's route: where, and when and how high when the track says so.
public struct RoutePoint: Hashable, Sendable {
    /// The position.
    public var coordinate: Coordinate
    /// The instant of the fix (UTC), `nil` for an untimed point.
    public var time: Date?
    /// Metres above mean sea level, as the GPS gave it.
    public var elevation: Double?

    /// Creates a point.
    public init(coordinate: Coordinate, time: Date? = nil, elevation: Double? = nil) {
        self.coordinate = coordinate
        self.time = time
        self.elevation = elevation
    }
}

/// The path a local day took, as parts that are never joined (issue #13, "Timeline").
///
/// From a track: the points the noise filter kept (`noise = 0`) whose local day is the date, one
/// part per track and GPX segment, in track, segment and point order. A track crossing midnight
/// gives its points before midnight to one day and the rest to the next; where a segment's step
/// crosses local midnight, the point interpolated at midnight ends the one day's part and starts
/// the next day's, so the two meet (the statistics split that step there too). A day without any kept
/// track point has as route the path through its visits (those not removed, with a position) in
/// arrival order: one part, or none when fewer than two visits have a position.
public struct DayRoute: Hashable, Sendable {
    /// Where the route comes from.
    public enum Source: String, Hashable, Sendable {
        /// Recorded track points.
        case track
        /// The visits of a day without a track, in time order.
        case visits
    }

    /// A run of points drawn as one line: a GPX segment of one track, or the visits' path.
    public struct Part: Hashable, Sendable {
        /// The track the points come from; `nil` for the visits' path.
        public var trackID: Int64?
        /// The GPX segment (`trkseg`) index within the track; 0 for the visits' path.
        public var segment: Int
        /// The points, in order.
        public var points: [RoutePoint]

        /// Creates a part.
        public init(trackID: Int64?, segment: Int, points: [RoutePoint]) {
            self.trackID = trackID
            self.segment = segment
            self.points = points
        }

        /// The positions of the points, in order.
        public var coordinates: [Coordinate] { points.map(\.coordinate) }
    }

    /// The local date, `YYYY-MM-DD`.
    public var date: String
    /// Where the parts come from; `nil` when the day has no route.
    public var source: Source?
    /// The parts in order; empty when the day has no route.
    public var parts: [Part]

    /// Creates a route.
    public init(date: String, source: Source?, parts: [Part]) {
        self.date = date
        self.source = source
        self.parts = parts
    }

    /// The number of points over every part.
    public var pointCount: Int { parts.reduce(0) { $0 + $1.points.count } }
}
