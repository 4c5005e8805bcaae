import FootprintGeo
import FootprintStore

/// `visit_detect`: stay-point detection (10 min within 100 m) over the peers' GPS track with a
/// 10-minute stop inserted every 5,000 points: after each 5,000th point the rider stands at that
/// point for 600 s (600 fixes at 1 Hz, each up to 3 m off in a seeded direction), and the rest of
/// the track moves 600 s later. The track's own 1 Hz times are `seq` seconds after
/// 2024-05-01T00:00:00Z (gen_data.py). Footprint's own task (no peer does it): `stops_found` must
/// equal `stops` (200 at N = 1,000,000) and `stays` must equal it too (the ride itself, ~4 m/s,
/// never stays).
struct VisitDetectTask: BenchmarkTask {
    let name = "visit_detect"
    /// A stop after every this many track points.
    let stride = 5_000
    /// Seconds (and 1 Hz fixes) each stop lasts.
    let stopSeconds = 600
    /// How far a stop's fixes stray, in metres.
    let jitterMeters = 3.0

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let track = try dataset.track.get()
        let (points, stops) = withStops(track)
        let detector = StayDetector()
        let (times, stays) = timeRuns(runs.count(n: points.count)) { detector.stays(in: points) }
        // A stop is found when one stay holds all its fixes.
        var found = 0
        var stayIndex = 0
        for stop in stops {
            while stayIndex < stays.count, stays[stayIndex].points.upperBound < stop.upperBound { stayIndex += 1 }
            if stayIndex < stays.count, stays[stayIndex].points.lowerBound <= stop.lowerBound { found += 1 }
        }
        return BenchmarkRecord(
            task: name, n: points.count, timesMs: times,
            extra: [
                ("track_points", .number(Double(track.count))),
                ("stops", .number(Double(stops.count))),
                ("stays", .number(Double(stays.count))),
                ("stops_found", .number(Double(found))),
            ])
    }

    /// The track's points with the stops inserted, and each stop's range of fixes.
    func withStops(_ track: [Coordinate]) -> (StayPoints, [Range<Int>]) {
        // 2024-05-01T00:00:00Z, the first fix of gen_data.py's track.
        let startEpoch = 1_714_521_600.0
        let total = track.count + (track.count / stride) * stopSeconds
        var epochs: [Double] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        epochs.reserveCapacity(total)
        latitudes.reserveCapacity(total)
        longitudes.reserveCapacity(total)
        var stops: [Range<Int>] = []
        var state: UInt64 = 20_240_501
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var delay = 0.0
        for (index, coordinate) in track.enumerated() {
            let epoch = startEpoch + Double(index) + delay
            epochs.append(epoch)
            latitudes.append(coordinate.latitude)
            longitudes.append(coordinate.longitude)
            guard (index + 1) % stride == 0 else { continue }
            let first = epochs.count
            for second in 1...stopSeconds {
                let fix = Geodesic.destination(
                    from: coordinate, bearingDegrees: unit() * 360, distanceMeters: unit() * jitterMeters
                ).coordinate
                epochs.append(epoch + Double(second))
                latitudes.append(fix.latitude)
                longitudes.append(fix.longitude)
            }
            stops.append(first..<epochs.count)
            delay += Double(stopSeconds)
        }
        return (StayPoints(epochs: epochs, latitudes: latitudes, longitudes: longitudes), stops)
    }
}
