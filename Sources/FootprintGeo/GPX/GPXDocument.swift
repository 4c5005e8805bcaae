/// A whole GPX document as values: for small files, tests and exports. Large tracks are better
/// read with ``GPXReader`` point by point.
public struct GPXDocument: Hashable, Sendable {
    public var metadata: GPXMetadata
    public var waypoints: [GPXPoint]
    public var routes: [GPXRoute]
    public var tracks: [GPXTrack]
    /// Points left out because their position is out of range, in document order.
    public var skippedPoints: [GPXPointProblem]

    public init(
        metadata: GPXMetadata = GPXMetadata(), waypoints: [GPXPoint] = [], routes: [GPXRoute] = [],
        tracks: [GPXTrack] = [], skippedPoints: [GPXPointProblem] = []
    ) {
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
        self.skippedPoints = skippedPoints
    }

    /// Reads a whole document (see ``GPXReader`` for what is read and refused).
    public init(bytes: some Collection<UInt8>) throws(GPXError) {
        var reader = GPXReader(bytes: bytes)
        try self.init(reading: &reader)
    }

    /// Reads the rest of a reader's document.
    public init(reading reader: inout GPXReader) throws(GPXError) {
        self.init()
        while let event = try reader.next() {
            switch event {
            case .waypoint(let point): waypoints.append(point)
            case .routeStart(let header): routes.append(GPXRoute(name: header.name))
            case .routePoint(let point): routes[routes.count - 1].points.append(point)
            case .trackStart(let header): tracks.append(GPXTrack(name: header.name))
            case .segmentStart: tracks[tracks.count - 1].segments.append([])
            case .trackPoint(let point):
                let track = tracks.count - 1
                tracks[track].segments[tracks[track].segments.count - 1].append(point)
            case .skippedPoint(let problem): skippedPoints.append(problem)
            case .routeEnd, .trackEnd, .segmentEnd: break
            }
        }
        metadata = reader.metadata
    }
}

/// A `rte`: a planned path, its points in order.
public struct GPXRoute: Hashable, Sendable {
    public var name: String?
    public var points: [GPXPoint]

    public init(name: String? = nil, points: [GPXPoint] = []) {
        self.name = name
        self.points = points
    }
}

/// A `trk`: a recorded path as segments (`trkseg`), each a run of points without a gap in
/// recording; segments are never joined.
public struct GPXTrack: Hashable, Sendable {
    public var name: String?
    public var segments: [[GPXPoint]]

    public init(name: String? = nil, segments: [[GPXPoint]] = []) {
        self.name = name
        self.segments = segments
    }
}
