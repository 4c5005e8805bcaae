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
/// gives its points before midnight to one day and the rest to the next. A day without any kept
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

/// A visit as a day's route and export show it: where, when, and the name to show.
public struct RouteVisit: Hashable, Sendable, Identifiable {
    /// The visit's id.
    public var id: Int64
    /// The place visited, `nil` for an unnamed stay or a visit whose place was removed.
    public var placeID: Int64?
    /// The name to show: the name the user gave the visit, else the place's (or, for a removed
    /// place, the name copied onto the visit); `nil` for an unnamed stay.
    public var name: String?
    /// The stay's own centre when it was detected, else the place's position.
    public var coordinate: Coordinate
    /// Arrival, with the offset it was lived in.
    public var arrived: LocalTime
    /// Departure, `nil` while unknown.
    public var left: LocalTime?

    /// Creates a visit.
    public init(
        id: Int64, placeID: Int64?, name: String?, coordinate: Coordinate, arrived: LocalTime, left: LocalTime?
    ) {
        self.id = id
        self.placeID = placeID
        self.name = name
        self.coordinate = coordinate
        self.arrived = arrived
        self.left = left
    }

    /// Seconds between arrival and departure, `nil` without a departure.
    public var durationSeconds: Double? { left.map { $0.date.timeIntervalSince(arrived.date) } }
}

/// A diary entry of a day, as an export carries it: text only, no position.
public struct RouteLogEntry: Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var body: String?
    /// The category's name.
    public var category: String?
    public var walkMinutes: Int?

    /// Creates an entry.
    public init(id: Int64, title: String, body: String? = nil, category: String? = nil, walkMinutes: Int? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.category = category
        self.walkMinutes = walkMinutes
    }
}

/// Everything a day export shows of one local day: its route, its visits (not removed) and
/// photos with a position, and its log (the `days` row and the diary entries).
public struct RouteDay: Hashable, Sendable {
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    public var route: DayRoute
    /// Visits in arrival order.
    public var visits: [RouteVisit]
    /// Photos with a position, in time order.
    public var photos: [Photo]
    /// The day's score, weather, sleep, mood and note, when set.
    public var log: Day?
    /// The day's diary entries, in the order they were written.
    public var entries: [RouteLogEntry]

    /// Creates a day.
    public init(
        date: String, route: DayRoute, visits: [RouteVisit] = [], photos: [Photo] = [], log: Day? = nil,
        entries: [RouteLogEntry] = []
    ) {
        self.date = date
        self.route = route
        self.visits = visits
        self.photos = photos
        self.log = log
        self.entries = entries
    }

    /// True when nothing at all is stored for the day.
    public var isEmpty: Bool {
        route.parts.isEmpty && visits.isEmpty && photos.isEmpty && log == nil && entries.isEmpty
    }
}
