import FootprintGeo

/// How ``FootprintStore/importGPX(_:options:)`` files a GPX document.
public struct GPXImportOptions: Hashable, Sendable {
    /// The zone points' local days and offsets are taken in (`--tz`); the system's by default.
    public var timeZone: TrackTimeZone
    /// The local day of untimed track points (`--date`, `YYYY-MM-DD`); without it they are undated.
    public var date: String?
    /// Track points whose `hdop` is above this are noise (`--max-hdop`, 20).
    public var maximumHDOP: Double
    /// The source tracks and waypoints are recorded under; the file's name by default.
    public var source: String?
    /// How many skipped points and waypoints the summary lists (all are counted).
    public var reportedSkipLimit: Int

    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for a `date` that is no
    ///   real `YYYY-MM-DD` day or an hdop limit that is negative or not a number.
    public init(
        timeZone: TrackTimeZone = .system, date: String? = nil, maximumHDOP: Double = 20, source: String? = nil,
        reportedSkipLimit: Int = 1_000
    ) throws {
        if let date { try LocalDate.check(date) }
        guard maximumHDOP >= 0, !maximumHDOP.isNaN else {
            throw FootprintStoreError.invalidValue(
                name: "hdop limit", value: "\(maximumHDOP)", reason: "it is a number of 0 or more")
        }
        self.timeZone = timeZone
        self.date = date
        self.maximumHDOP = maximumHDOP
        self.source = source
        self.reportedSkipLimit = reportedSkipLimit
    }
}

/// What a GPX import did; a re-import of the same file counts everything as unchanged.
public struct GPXImportSummary: Hashable, Sendable {
    /// New, changed and unchanged tracks or routes (or track points).
    public struct Counts: Hashable, Sendable {
        public var inserted = 0
        public var updated = 0
        public var unchanged = 0

        /// True when nothing was inserted or updated.
        public var changedNothing: Bool { inserted == 0 && updated == 0 }
    }

    /// The source name tracks, routes and waypoints were recorded under.
    public var source: String
    /// `trk` elements, stored as tracks of kind `track`.
    public var tracks = Counts()
    /// `rte` elements, stored as undated tracks of kind `route`.
    public var routes = Counts()
    /// Points of tracks and routes.
    public var points = Counts()
    /// Waypoints, stored as places.
    public var waypoints = Counts()
    /// Waypoints of places the user removed, which an import does not bring back.
    public var waypointsKeptRemoved = 0
    /// Waypoints whose place kept a field the user set against the file's value.
    public var waypointsKeptEdits = 0
    /// Track points set aside by each rule of the noise filter (their rows are stored, marked).
    public var noise: [TrackNoise: Int] = [:]
    /// Points and waypoints left out because their position is out of range (all of them).
    public var skippedPoints = 0
    /// The first ``GPXImportOptions/reportedSkipLimit`` of them, in document order.
    public var skippedPointProblems: [GPXPointProblem] = []
    /// Waypoints left out for another reason (a control character in the name, a repeat).
    public var skippedWaypoints: [SkippedRow] = []
    /// Tracks whose times do not advance: kept whole, with neither time rule applied.
    public var stalledTracks: [StalledTrack] = []
    /// The local days the file's tracks touch, in order.
    public var days: [String] = []

    /// A track whose times do not advance.
    public struct StalledTrack: Hashable, Sendable {
        /// The line of its `trk` start tag.
        public var line: Int
        public var name: String?
        /// Its timed points, all within one second.
        public var points: Int
    }

    public init(source: String) { self.source = source }

    /// True when the import wrote nothing: the file had been imported before as it is.
    public var changedNothing: Bool {
        tracks.changedNothing && routes.changedNothing && points.changedNothing && waypoints.changedNothing
    }

    /// Points set aside by `rule`.
    public func noiseCount(_ rule: TrackNoise) -> Int { noise[rule] ?? 0 }
}
