import FootprintGeo
import Foundation

/// Stay-point detection after Li et al. (2008), "Mining user similarity based on location
/// history": a stay is a run of consecutive points, all within ``StayOptions/radiusMeters`` of the run's first
/// point, whose first and last points are at least ``StayOptions/minimumDurationSeconds`` apart.
///
/// Two departures from the paper, both so that a stay is what its points show:
/// - The paper times a run to the first point *outside* the radius (so a stay includes the walk
///   out, and a run ending with its trajectory is never a stay); here a run lasts from its first to
///   its last point, and a stay at the end of a segment counts.
/// - A run never crosses a segment or track break: a segment is a separate recording, and joining
///   across the gap would assume where the person was while nothing was recorded.
///
/// Distances are WGS84 geodesics (GeographicLib accuracy): a cheap local estimate with a known error
/// bound (``FlatDistance``) decides every point that is not within a centimetre-scale band of the
/// radius, and Karney's geodesic decides the rest, so a point exactly at the radius is inside.
public struct StayDetector: Hashable, Sendable {
    /// The thresholds.
    public let options: StayOptions

    public init(options: StayOptions = .standard) {
        self.options = options
    }

    var minimumDurationSeconds: Double { options.minimumDurationSeconds }
    var radiusMeters: Double { options.radiusMeters }

    /// The stays among `points`, in input order.
    ///
    /// Each segment (see ``StayPoints/segmentStarts``) is scanned on its own. Where a segment's
    /// times never decrease — every filtered GPS track — the scan looks first at the point one
    /// minimum duration after the candidate start: when that one is already out of the radius (the
    /// person is moving), the start is rejected after one distance, so a moving track costs about
    /// one estimate a point. A segment whose times go backwards gets the paper's plain scan.
    public func stays(in points: StayPoints) -> [Stay] {
        var stays: [Stay] = []
        var start = 0
        let ends = points.segmentStarts.filter { $0 > 0 && $0 < points.count }.sorted() + [points.count]
        for end in ends where end > start {
            if points.timesAdvance(in: start..<end) {
                scanAdvancing(points, start..<end, into: &stays)
            } else {
                scanPlain(points, start..<end, into: &stays)
            }
            start = end
        }
        return stays
    }

    /// The paper's scan, for any order of times: from each candidate start, extend the run while
    /// points stay within the radius; a run lasting long enough is a stay and the next candidate is
    /// the point after it, else the next candidate is the next point.
    func scanPlain(_ points: StayPoints, _ range: Range<Int>, into stays: inout [Stay]) {
        var first = range.lowerBound
        while first < range.upperBound {
            let test = RadiusTest(points, anchor: first, radiusMeters: radiusMeters)
            var next = first + 1
            while next < range.upperBound, test.contains(next) { next += 1 }
            if points.epochs[next - 1] - points.epochs[first] >= minimumDurationSeconds {
                stays.append(points.stay(first..<next))
                first = next
            } else {
                first += 1
            }
        }
    }

    /// The same stays as ``scanPlain(_:_:into:)`` when times never decrease in `range`.
    ///
    /// For a start `first`, `due` is the first point at least the minimum duration later: a run from
    /// `first` is a stay exactly when it reaches `due`, i.e. when every point up to `due` is within
    /// the radius. `due` only moves forward as `first` does.
    func scanAdvancing(_ points: StayPoints, _ range: Range<Int>, into stays: inout [Stay]) {
        let epochs = points.epochs
        var first = range.lowerBound
        var due = first
        while first < range.upperBound {
            if due < first { due = first }
            let earliestDeparture = epochs[first] + minimumDurationSeconds
            while due < range.upperBound, epochs[due] < earliestDeparture { due += 1 }
            // No later start can last long enough either: the segment ends too soon.
            if due == range.upperBound { return }
            let test = RadiusTest(points, anchor: first, radiusMeters: radiusMeters)
            guard test.contains(due) else {
                first += 1
                continue
            }
            var inside = true
            var index = first + 1
            while index < due {
                if !test.contains(index) {
                    inside = false
                    break
                }
                index += 1
            }
            guard inside else {
                first += 1
                continue
            }
            var next = due + 1
            while next < range.upperBound, test.contains(next) { next += 1 }
            stays.append(points.stay(first..<next))
            first = next
        }
    }
}

/// Whether points lie within a radius of an anchor point, by the geodesic.
struct RadiusTest {
    let points: StayPoints
    let radiusMeters: Double
    let center: Coordinate
    let flat: FlatDistance?
    /// Estimates closer to the radius than this are decided by the exact geodesic.
    let band: Double

    init(_ points: StayPoints, anchor: Int, radiusMeters: Double) {
        self.points = points
        self.radiusMeters = radiusMeters
        center = Coordinate(uncheckedLatitude: points.latitudes[anchor], longitude: points.longitudes[anchor])
        flat = FlatDistance.isUsable(center: center, radiusMeters: radiusMeters) ? FlatDistance(center: center) : nil
        band = radiusMeters * FlatDistance.relativeError * 2 + 1e-6
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        let latitude = points.latitudes[index]
        let longitude = points.longitudes[index]
        if let flat {
            let estimate = flat.estimate(latitude: latitude, longitude: longitude)
            if estimate < radiusMeters - band { return true }
            if estimate > radiusMeters + band { return false }
        }
        // Near the radius, or where the estimate is not trusted (beyond ±70°, radii over 20 km).
        return Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            <= radiusMeters
    }
}
