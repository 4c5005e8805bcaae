import FootprintGeo
import Foundation

/// Stay-point detection after Li et al. (2008), "Mining user similarity based on location
/// history": a stay is a run of consecutive points, all within ``StayOptions/radiusMeters`` of the run's first
/// point, whose first and last points are at least ``StayOptions/minimumDurationSeconds`` apart.
///
/// Three departures from the paper, all so that a stay is what its points show:
/// - The paper times a run to the first point *outside* the radius (so a stay includes the walk
///   out, and a run ending with its trajectory is never a stay); here a run lasts from its first to
///   its last point, and a stay at the end of a segment counts.
/// - A run never crosses a segment or track break: a segment is a separate recording, and joining
///   across the gap would assume where the person was while nothing was recorded.
/// - Back-to-back stays whose centres lie within the radius of each other are one stay: the cut
///   between them came from the run's anchor, not from a move (``joiningBackToBack(_:in:)``).
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
    /// Back-to-back stays at one spot are then one stay (``joiningBackToBack(_:in:)``).
    public func stays(in points: StayPoints) -> [Stay] {
        joiningBackToBack(stays(in: points, scan: .automatic), in: points)
    }

    /// Which scan ``stays(in:scan:)`` runs on each segment; tests compare the two.
    enum ScanKind {
        /// ``scanAdvancing(_:into:)`` where times never decrease, else ``scanPlain(_:into:)``.
        case automatic
        case plain
        case advancing
    }

    func stays(in points: StayPoints, scan kind: ScanKind) -> [Stay] {
        var stays: [Stay] = []
        let count = points.count
        points.epochs.withUnsafeBufferPointer { epochs in
            points.latitudes.withUnsafeBufferPointer { latitudes in
                points.longitudes.withUnsafeBufferPointer { longitudes in
                    var start = 0
                    let ends = points.segmentStarts.filter { $0 > 0 && $0 < count }.sorted() + [count]
                    for end in ends where end > start {
                        let scan = StayScan(
                            points: points, epochs: epochs, latitudes: latitudes, longitudes: longitudes,
                            range: start..<end, radiusMeters: radiusMeters)
                        let advancing =
                            kind == .automatic ? points.timesAdvance(in: start..<end) : kind == .advancing
                        if advancing {
                            scanAdvancing(scan, into: &stays)
                        } else {
                            scanPlain(scan, into: &stays)
                        }
                        start = end
                    }
                }
            }
        }
        return stays
    }

    /// The paper's scan, for any order of times: from each candidate start, extend the run while
    /// points stay within the radius; a run lasting long enough is a stay and the next candidate is
    /// the point after it, else the next candidate is the next point.
    func scanPlain(_ scan: StayScan, into stays: inout [Stay]) {
        let range = scan.range
        var first = range.lowerBound
        while first < range.upperBound {
            let test = scan.radiusTest(anchor: first)
            var next = first + 1
            while next < range.upperBound, test.contains(next) { next += 1 }
            if scan.epochs[next - 1] - scan.epochs[first] >= minimumDurationSeconds {
                stays.append(scan.points.stay(first..<next))
                first = next
            } else {
                first += 1
            }
        }
    }

    /// The same stays as ``scanPlain(_:into:)`` when times never decrease in the scan's range.
    ///
    /// For a start `first`, `due` is the first point at least the minimum duration later: a run from
    /// `first` is a stay exactly when it reaches `due`, i.e. when every point up to `due` is within
    /// the radius. `due` only moves forward as `first` does.
    func scanAdvancing(_ scan: StayScan, into stays: inout [Stay]) {
        let range = scan.range
        let epochs = scan.epochs
        var first = range.lowerBound
        var due = first
        while first < range.upperBound {
            if due < first { due = first }
            let earliestDeparture = epochs[first] + minimumDurationSeconds
            while due < range.upperBound, epochs[due] < earliestDeparture { due += 1 }
            // No later start can last long enough either: the segment ends too soon.
            if due == range.upperBound { return }
            let test = scan.radiusTest(anchor: first)
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
            stays.append(scan.points.stay(first..<next))
            first = next
        }
    }
}
