extension DayStatistics {
    /// Elevation gain and loss with hysteresis, the smoothing GPS trackers and GPSBabel-style tools
    /// apply: a change counts only once the elevation has moved at least `thresholdMeters` away
    /// from the last counted level, and then it counts in full (from that level to here), and
    /// the level moves there.
    ///
    /// GPS elevation wanders by several metres while one stands still; summing every small rise
    /// would turn a flat walk into a climb. With a 5 m threshold, jitter of ±2 m adds nothing, a
    /// steady 100 m climb in 1 m steps counts 100 m (less at most the threshold at its very top),
    /// and a climb then a descent count both. Each segment starts from its first point's level.
    public struct ElevationCounter: Hashable, Sendable {
        public let thresholdMeters: Double
        public private(set) var gainMeters = 0.0
        public private(set) var lossMeters = 0.0
        private var level: Double?

        public init(thresholdMeters: Double) {
            self.thresholdMeters = thresholdMeters
        }

        /// Takes the next elevation of the segment.
        public mutating func add(_ elevation: Double) {
            guard elevation.isFinite else { return }
            guard let current = level else {
                level = elevation
                return
            }
            let change = elevation - current
            if change >= thresholdMeters {
                gainMeters += change
                level = elevation
            } else if -change >= thresholdMeters {
                lossMeters -= change
                level = elevation
            }
        }

        /// Ends a segment: the next elevation starts a new level.
        public mutating func endSegment() {
            level = nil
        }
    }

    /// The speed of moving stretches of at least `minimumSeconds`: steps are joined until that
    /// much time has passed, then the stretch's speed is reported and a new one begins.
    struct SpeedWindow {
        let minimumSeconds: Double
        private var meters = 0.0
        private var seconds = 0.0

        init(minimumSeconds: Double) {
            self.minimumSeconds = minimumSeconds
        }

        /// Adds a step; returns the stretch's speed in m/s when it is long enough.
        mutating func add(meters stepMeters: Double, seconds stepSeconds: Double) -> Double? {
            meters += stepMeters
            seconds += stepSeconds
            guard seconds >= minimumSeconds else { return nil }
            defer { reset() }
            return meters / seconds
        }

        /// Drops the stretch so far (a stay or a new segment breaks it).
        mutating func reset() {
            meters = 0
            seconds = 0
        }
    }
}
