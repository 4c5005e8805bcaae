/// A set of privacy zones applied to what leaves the machine: routes lose their points in and
/// near a zone and are cut there; lone points (visits, photos, waypoints) in a zone are dropped.
///
/// Every export and the renderer apply the same mask, so a route looks the same in GeoJSON, GPX,
/// polyline and on the map. The mask is pure and deterministic: the same zones and points give
/// the same output, bit for bit, on every run.
public struct PrivacyMask: Hashable, Sendable {
    /// The zones, applied in this order (the order changes nothing but the work done).
    public var zones: [PrivacyZone]

    /// A run of kept points: `part` indexes the input parts, `range` the points of that part.
    public struct KeptRun: Hashable, Sendable {
        /// The index of the input part the run comes from.
        public var part: Int
        /// The indices of the kept points in that part, never empty.
        public var range: Range<Int>

        /// Creates a run.
        public init(part: Int, range: Range<Int>) {
            self.part = part
            self.range = range
        }
    }

    /// Creates a mask; with no zones it keeps everything.
    public init(zones: [PrivacyZone]) {
        self.zones = zones
    }

    /// True when a lone point (a visit, a photo, a waypoint) must be left out: it lies in a zone.
    ///
    /// Lone points get no cut margin: the margin exists to hide where a track crosses a zone's
    /// edge, and a lone point crosses nothing; a fixed margin for them would only draw a second,
    /// larger outline of the zone.
    public func isMasked(_ coordinate: Coordinate) -> Bool {
        zones.contains { $0.contains(coordinate) }
    }

    /// The runs of points to keep from each part, in order: a point is dropped when it lies in a
    /// zone, or within that crossing's cut margin of the zone on a stretch of track leading into or
    /// out of it (``PrivacyZone/maximumCutMarginMeters``). Two runs of one part are never joined:
    /// each becomes a part of its own.
    ///
    /// A part with no dropped point gives one run covering it whole, even when it is empty or has
    /// a single point, so a route outside every zone comes back unchanged. A run cut from a part
    /// may have a single point; the caller decides whether such a run is worth drawing.
    public func keptRuns(in parts: [[Coordinate]]) -> [KeptRun] {
        var runs: [KeptRun] = []
        for (index, part) in parts.enumerated() {
            let dropped = droppedPoints(of: part)
            guard let dropped else {
                runs.append(KeptRun(part: index, range: part.indices))
                continue
            }
            var start: Int? = nil
            for position in part.indices {
                if dropped[position] {
                    if let first = start { runs.append(KeptRun(part: index, range: first..<position)) }
                    start = nil
                } else if start == nil {
                    start = position
                }
            }
            if let first = start { runs.append(KeptRun(part: index, range: first..<part.count)) }
        }
        return runs
    }

    /// The parts with the points in and near the zones removed, cut where points were removed
    /// (``keptRuns(in:)``).
    public func masked(_ parts: [[Coordinate]]) -> [[Coordinate]] {
        keptRuns(in: parts).map { Array(parts[$0.part][$0.range]) }
    }

    /// The parts of any point type (a track point with its time and elevation), masked by the
    /// coordinate `coordinate` reads from each point (``keptRuns(in:)``).
    public func masked<Point>(_ parts: [[Point]], coordinate: (Point) -> Coordinate) -> [[Point]] {
        let coordinates = parts.map { $0.map(coordinate) }
        return keptRuns(in: coordinates).map { Array(parts[$0.part][$0.range]) }
    }
}
