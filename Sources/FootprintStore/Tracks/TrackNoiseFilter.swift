import FootprintGeo

/// Why the noise filter set a track point aside; stored in `track_points.noise` (0 for a kept
/// point), so the raw point stays and readers choose.
public enum TrackNoise: Int, Hashable, Sendable, CaseIterable {
    /// Kept.
    case kept = 0
    /// Its `hdop` is above the limit (20 by default).
    case hdop = 1
    /// A lone point off the path, reached and left at an impossible speed.
    case speedSpike = 2
    /// Its time equals the previous kept point's.
    case duplicateTime = 3
}

/// What the noise filter looks at in one track point.
public struct TrackSample: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// UTC seconds since 1970; `nil` for an untimed point, which only the hdop rule judges.
    public var epoch: Double?
    public var hdop: Double?
    /// The `trkseg` the point is in: the speed and time rules never compare points of two segments.
    public var segment: Int

    public init(latitude: Double, longitude: Double, epoch: Double? = nil, hdop: Double? = nil, segment: Int = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.epoch = epoch
        self.hdop = hdop
        self.segment = segment
    }
}

/// The GPS noise filter, streaming over one track's points in document order; pure (no I/O).
///
/// Rules, each giving a ``TrackNoise``:
/// - **hdop**: `hdop` above ``maximumHDOP`` (20: beyond it a fix is "poor" on the usual DOP
///   scale, and consumer loggers write such fixes while they search for satellites).
/// - **duplicate time**: a timed point whose time equals the previous kept point's in the segment.
/// - **speed spike**: a lone point that is reached from the previous kept point and left to the
///   next point both faster than ``maximumSpeed`` (300 km/h), while those two neighbours are within
///   that speed of each other. A straight fast stretch (a train, a plane) has all three speeds
///   high and stays; so do a segment's first and last points, which have one neighbour only.
///
/// A track whose times do not advance — every timed point within 1 s of the first, as the
/// 184 points of gpxpy's `Mojstrovka.gpx` within 1 ms — carries no time to judge: its points are
/// held (up to ``heldLimit``) until a time advances, and if none does the time rules are not
/// applied at all; ``finish(_:)`` then reports it, so the importer can warn instead of cutting
/// the track to one point.
///
/// Verdicts come out through `emit` with the caller's payload (a sequence number); a point is
/// decided once its next neighbour is seen, so verdicts may come out of document order. Memory is
/// constant: one pending point, plus the held points of a track whose times have not advanced.
public struct TrackNoiseFilter<Payload> {
    /// hdop above this is noise.
    public var maximumHDOP: Double
    /// Metres per second above which a lone point is a spike: 300 km/h.
    public var maximumSpeed: Double
    /// Points held while the track's times have not advanced; past it they are judged as usual.
    public var heldLimit = 100_000

    private struct Entry {
        var sample: TrackSample
        var payload: Payload
    }

    private var held: [Entry] = []
    private var advanced = false
    private var firstEpoch: Double?
    private var timedPoints = 0
    /// The last kept timed point of the current segment, and the point awaiting its verdict.
    private var previous: TrackSample?
    private var pending: Entry?

    public init(maximumHDOP: Double = 20, maximumSpeed: Double = 300 / 3.6) {
        self.maximumHDOP = maximumHDOP
        self.maximumSpeed = maximumSpeed
    }

    /// Feeds the track's next point; `emit` receives the verdicts that are now known.
    public mutating func add(
        _ sample: TrackSample, _ payload: Payload, emit: (Payload, TrackNoise) throws -> Void
    ) rethrows {
        guard let epoch = sample.epoch else {
            // Untimed: only the hdop rule applies, at once.
            try emit(payload, isPoorFix(sample) ? .hdop : .kept)
            return
        }
        timedPoints += 1
        if advanced { return try judge(Entry(sample: sample, payload: payload), emit: emit) }
        if let firstEpoch {
            if abs(epoch - firstEpoch) >= 1 || held.count >= heldLimit {
                advanced = true
                try replayHeld(emit: emit)
                return try judge(Entry(sample: sample, payload: payload), emit: emit)
            }
        } else {
            firstEpoch = epoch
        }
        held.append(Entry(sample: sample, payload: payload))
    }

    /// Ends the track: emits the verdicts still open. Returns true when the track's times did not
    /// advance (two or more timed points, all within 1 s): its points were kept whole, apart from
    /// the hdop rule.
    public mutating func finish(_ emit: (Payload, TrackNoise) throws -> Void) rethrows -> Bool {
        let stalled = !advanced && timedPoints >= 2
        for entry in held { try emit(entry.payload, isPoorFix(entry.sample) ? .hdop : .kept) }
        held.removeAll()
        if let pending { try emit(pending.payload, .kept) }
        pending = nil
        previous = nil
        advanced = false
        firstEpoch = nil
        timedPoints = 0
        return stalled
    }

    private mutating func replayHeld(emit: (Payload, TrackNoise) throws -> Void) rethrows {
        let entries = held
        held.removeAll()
        for entry in entries { try judge(entry, emit: emit) }
    }

    private func isPoorFix(_ sample: TrackSample) -> Bool {
        if let hdop = sample.hdop { return hdop > maximumHDOP }
        return false
    }

    /// Applies the rules to a timed point of a track whose times advance.
    private mutating func judge(_ entry: Entry, emit: (Payload, TrackNoise) throws -> Void) rethrows {
        let sample = entry.sample
        if isPoorFix(sample) { return try emit(entry.payload, .hdop) }
        if let last = pending?.sample ?? previous, last.segment != sample.segment {
            // A new segment: the pending point is its segment's last, with one neighbour only.
            if let pending { try emit(pending.payload, .kept) }
            pending = nil
            previous = nil
        }
        if let last = pending?.sample ?? previous, last.epoch == sample.epoch {
            return try emit(entry.payload, .duplicateTime)
        }
        if let candidate = pending {
            if let before = previous, isSpike(candidate.sample, between: before, and: sample) {
                try emit(candidate.payload, .speedSpike)
            } else {
                try emit(candidate.payload, .kept)
                previous = candidate.sample
            }
        }
        pending = entry
    }

    /// True when `point` is reached from `before` and left to `after` faster than the limit while
    /// `before` and `after` are within it of each other.
    private func isSpike(_ point: TrackSample, between before: TrackSample, and after: TrackSample) -> Bool {
        speed(before, point) > maximumSpeed && speed(point, after) > maximumSpeed
            && speed(before, after) <= maximumSpeed
    }

    /// Metres per second between two timed points (haversine: the limit is far from the
    /// sphere's 0.3 % error); a distance covered in no time is infinitely fast.
    private func speed(_ start: TrackSample, _ end: TrackSample) -> Double {
        let meters = Geodesic.haversineDistance(
            from: Coordinate(uncheckedLatitude: start.latitude, longitude: start.longitude),
            to: Coordinate(uncheckedLatitude: end.latitude, longitude: end.longitude))
        let seconds = abs((end.epoch ?? 0) - (start.epoch ?? 0))
        if seconds == 0 { return meters == 0 ? 0 : .infinity }
        return meters / seconds
    }
}
