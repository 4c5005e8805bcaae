import FootprintGeo
import Foundation

/// The corridor of a day: every point within a radius of the day's route (its kept track
/// points, or, for a day without GPS, the path through its visits) or of one of its visits.
///
/// Candidates are screened in a local plane (the ellipsoid's radii of curvature at the route's
/// first point, as ``FlatDistance``) with a grid of segments, so each is compared with the few
/// segments near it; the distance that ranks and is printed is exact — the geodesic to the
/// nearest point of the nearest segment (``LineString/closestCoordinate(to:)``).
struct DayCorridor {
    let radiusMeters: Double
    /// The geographic ends of each segment (equal for a single visit point), for the exact distance.
    private var ends: [(start: Coordinate, end: Coordinate)] = []
    /// The same segments in local metres.
    private var fine: SegmentGrid
    /// The route simplified by ``tolerance`` (and the visit points), for the first screening.
    private var coarse: SegmentGrid
    /// How far the simplified route may be from the route: a fiftieth of the radius, at most 10 m.
    let tolerance: Double
    private let originLatitude, originLongitude, metersPerLatitude, metersPerLongitude: Double
    /// Latitude/longitude boxes that together hold the corridor (for the spatial index).
    private(set) var boxes: [SearchBox] = []

    /// The planar distance is within this share of the geodesic one over a corridor of a few
    /// tens of kilometres (the radii of curvature change by less than 0.2% over 0.5° of
    /// latitude); bounds widen by it.
    static let planarError = 0.005

    /// A corridor of `radiusMeters` around `lines` and `points`; `nil` when both are empty.
    init?(lines: [[Coordinate]], points: [Coordinate], radiusMeters: Double) {
        guard let origin = lines.first(where: { !$0.isEmpty })?.first ?? points.first else { return nil }
        self.radiusMeters = radiusMeters
        tolerance = min(10, radiusMeters / 50)
        // Wider than the radius by the planar error and a few metres an index box may be off.
        fine = SegmentGrid(cell: max(radiusMeters * (1 + Self.planarError) + 10, 25))
        coarse = SegmentGrid(cell: max((radiusMeters + tolerance) * (1 + Self.planarError) + 10, 25))
        originLatitude = origin.latitude
        originLongitude = origin.longitude
        // WGS84, EPSG:7030: meridional radius M and parallel radius N cos φ at the origin.
        let a = 6_378_137.0
        let eSquared = (1 / 298.257223563) * (2 - 1 / 298.257223563)
        let phi = origin.latitude * .pi / 180
        let w = 1 - eSquared * sin(phi) * sin(phi)
        let normal = a / w.squareRoot()
        metersPerLatitude = normal * (1 - eSquared) / w * .pi / 180
        metersPerLongitude = max(1e-9, normal * cos(phi) * .pi / 180)
        for line in lines {
            let plane = line.map { local($0) }
            if line.count == 1 { add(line[0], line[0]) }
            for index in line.indices.dropLast() { add(line[index], line[index + 1]) }
            let kept = SegmentGrid.simplified(plane, tolerance: tolerance)
            if kept.count == 1 { coarse.add(plane[0].x, plane[0].y, plane[0].x, plane[0].y) }
            for (first, second) in zip(kept, kept.dropFirst()) {
                coarse.add(plane[first].x, plane[first].y, plane[second].x, plane[second].y)
            }
        }
        for point in points {
            add(point, point)
            let (x, y) = local(point)
            coarse.add(x, y, x, y)
        }
        fine.freeze()
        coarse.freeze()
        makeBoxes(lines: lines, points: points)
    }

    private func local(_ c: Coordinate) -> (x: Double, y: Double) {
        var deltaLongitude = c.longitude - originLongitude
        if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
        return (deltaLongitude * metersPerLongitude, (c.latitude - originLatitude) * metersPerLatitude)
    }

    private mutating func add(_ start: Coordinate, _ end: Coordinate) {
        let (ax, ay) = local(start)
        let (bx, by) = local(end)
        ends.append((start, end))
        fine.add(ax, ay, bx, by)
    }

    private mutating func makeBoxes(lines: [[Coordinate]], points: [Coordinate]) {
        // Runs of up to 32 positions share a box, widened by the radius.
        var runs: [[Coordinate]] = []
        for line in lines {
            var start = 0
            while start < line.count {
                let end = min(line.count, start + 32)
                runs.append(Array(line[start..<min(line.count, end + 1)]))
                start = end
            }
        }
        for point in points { runs.append([point]) }
        for run in runs {
            for box in SearchBox.covering(center: run[0], radiusMeters: radiusMeters) where run.count == 1 {
                boxes.append(box)
            }
            guard run.count > 1 else { continue }
            var south = 90.0, north = -90.0, west = 180.0, east = -180.0
            for c in run {
                south = min(south, c.latitude)
                north = max(north, c.latitude)
                west = min(west, c.longitude)
                east = max(east, c.longitude)
            }
            // A run that crosses the antimeridian or spans half the Earth is covered point by point.
            if east - west > 180 {
                for c in run { boxes += SearchBox.covering(center: c, radiusMeters: radiusMeters) }
                continue
            }
            let corners = [
                Coordinate(uncheckedLatitude: south, longitude: west),
                Coordinate(uncheckedLatitude: north, longitude: east),
            ]
            let grown = corners.flatMap { SearchBox.covering(center: $0, radiusMeters: radiusMeters) }
            if grown.count == 2, grown.allSatisfy({ $0.east - $0.west < 180 }) {
                boxes.append(
                    SearchBox(
                        west: min(grown[0].west, grown[1].west), south: min(grown[0].south, grown[1].south),
                        east: max(grown[0].east, grown[1].east), north: max(grown[0].north, grown[1].north)))
            } else {
                for c in run { boxes += SearchBox.covering(center: c, radiusMeters: radiusMeters) }
            }
        }
    }

    /// The planar distance to the simplified route, within ``tolerance`` (and rounding) of the
    /// planar distance to the route, when it is at most `limit` (at most the radius widened by
    /// the tolerance and the planar error); `nil` beyond.
    func coarseDistance(latitude: Double, longitude: Double, limit: Double) -> Double? {
        let (x, y) = local(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        let d = coarse.nearestDistance(x, y)
        return d <= limit ? d : nil
    }

    /// The planar distance to the nearest segment and the segments that may be nearest, among
    /// those in the cells around; `nil` when none is within `radiusMeters` (widened by the planar
    /// error and `margin`, metres the point may be off by).
    func screen(latitude: Double, longitude: Double, margin: Double) -> (planar: Double, segments: [Int32])? {
        let (x, y) = local(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        var best = Double.infinity
        var near: [(Int32, Double)] = []
        let limit = (radiusMeters + margin) * (1 + Self.planarError) + 1
        fine.forEachNear(x, y) { index, d in
            if d <= limit {
                near.append((index, d))
                best = min(best, d)
            }
        }
        guard best.isFinite else { return nil }
        let limitNear = best * (1 + 2 * Self.planarError) + 1 + 2 * margin
        var keep = near.compactMap { $0.1 <= limitNear ? $0.0 : nil }
        // Sorted, each once (a segment may come from several cells).
        keep.sort()
        var distinct: [Int32] = []
        distinct.reserveCapacity(keep.count)
        for number in keep where distinct.last != number { distinct.append(number) }
        return (best, distinct)
    }

    /// Exact geodesic metres from the point to the nearest of `segments`.
    func exactDistance(latitude: Double, longitude: Double, segments indexes: [Int32]) -> Double {
        let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        var best = Double.infinity
        for index in indexes {
            let segment = ends[Int(index)]
            if segment.start == segment.end {
                best = min(best, Geodesic.distance(from: point, to: segment.start))
            } else if let closest = LineString(unchecked: [segment.start, segment.end]).closestCoordinate(to: point) {
                best = min(best, closest.distanceMeters)
            }
        }
        return best
    }
}
