import FootprintGeo
import Foundation

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
