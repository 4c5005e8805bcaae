import Foundation

/// One `wpt`, `rtept` or `trkpt`: its position and what GPX says about it that Footprint keeps.
public struct GPXPoint: Hashable, Sendable {
    /// The `lat` and `lon` attributes, checked.
    public var coordinate: Coordinate
    /// `ele`: metres above mean sea level.
    public var elevation: Double?
    /// `time`: a time without a zone has been read as UTC, as GPX says.
    public var time: Date?
    /// `hdop`: horizontal dilution of precision.
    public var hdop: Double?
    /// `name` (GPX writes it for waypoints and route points; kept for any point).
    public var name: String?
    /// `desc`.
    public var description: String?
    /// The line of the point's start tag in the document (0 for a point not read from one).
    public var line: Int

    public init(
        coordinate: Coordinate, elevation: Double? = nil, time: Date? = nil, hdop: Double? = nil, name: String? = nil,
        description: String? = nil, line: Int = 0
    ) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.hdop = hdop
        self.name = name
        self.description = description
        self.line = line
    }
}

/// The start of a `rte` or `trk`: its place in the document and its `name`.
public struct GPXPathHeader: Hashable, Sendable {
    /// 0 for the document's first route (or track), 1 for the next…
    public var index: Int
    /// The `name` child, when it comes before the first point or segment (as the schema orders it).
    public var name: String?
    /// The line of the `rte` or `trk` start tag.
    public var line: Int

    public init(index: Int, name: String? = nil, line: Int = 0) {
        self.index = index
        self.name = name
        self.line = line
    }
}

/// The document's own description: GPX 1.1's `metadata`, or GPX 1.0's `name`, `desc` and `time`
/// directly under `gpx`.
public struct GPXMetadata: Hashable, Sendable {
    public var name: String?
    public var description: String?
    /// When the file was created.
    public var time: Date?

    public init(name: String? = nil, description: String? = nil, time: Date? = nil) {
        self.name = name
        self.description = description
        self.time = time
    }

    /// True when no field is set.
    public var isEmpty: Bool { name == nil && description == nil && time == nil }
}

/// What ``GPXReader/next()`` hands over, in document order.
///
/// A track reads as `trackStart`, then for each `trkseg` a `segmentStart`, its `trackPoint`s and a
/// `segmentEnd`, then `trackEnd`; a route as `routeStart`, its `routePoint`s, `routeEnd`.
/// A point with an out-of-range position comes as `skippedPoint` in its place.
public enum GPXEvent: Hashable, Sendable {
    case waypoint(GPXPoint)
    case routeStart(GPXPathHeader)
    case routePoint(GPXPoint)
    case routeEnd
    case trackStart(GPXPathHeader)
    case segmentStart
    case trackPoint(GPXPoint)
    case segmentEnd
    case trackEnd
    case skippedPoint(GPXPointProblem)
}
