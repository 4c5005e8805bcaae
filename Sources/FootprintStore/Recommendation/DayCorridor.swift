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
    /// Segments (and single visit points) in local metres, with their geographic ends.
    private struct Segment {
        var ax, ay, bx, by: Double
        var start, end: Coordinate
    }

    let radiusMeters: Double
    private var segments: [Segment] = []
    private var grid: [Int64: [Int32]] = [:]
    private let cell: Double
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
        // Wider than the radius by the planar error and a few metres an index box may be off.
        cell = max(radiusMeters * (1 + Self.planarError) + 10, 25)
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
            if line.count == 1 { add(line[0], line[0]) }
            for index in line.indices.dropLast() { add(line[index], line[index + 1]) }
        }
        for point in points { add(point, point) }
        makeBoxes(lines: lines, points: points)
    }

    private func local(_ c: Coordinate) -> (Double, Double) {
        var deltaLongitude = c.longitude - originLongitude
        if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
        return (deltaLongitude * metersPerLongitude, (c.latitude - originLatitude) * metersPerLatitude)
    }

    private func key(_ i: Int, _ j: Int) -> Int64 {
        Int64(i) << 32 ^ Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: j)))
    }

    private mutating func add(_ start: Coordinate, _ end: Coordinate) {
        let (ax, ay) = local(start)
        let (bx, by) = local(end)
        let index = Int32(segments.count)
        segments.append(Segment(ax: ax, ay: ay, bx: bx, by: by, start: start, end: end))
        let i0 = Int((min(ax, bx) / cell).rounded(.down))
        let i1 = Int((max(ax, bx) / cell).rounded(.down))
        let j0 = Int((min(ay, by) / cell).rounded(.down))
        let j1 = Int((max(ay, by) / cell).rounded(.down))
        // A segment longer than a few hundred cells (a jump between far visits) is put in the
        // cells along it rather than its whole box.
        if (i1 - i0 + 1) * (j1 - j0 + 1) > 256 {
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let steps = Int((length / (cell / 2)).rounded(.up))
            var seen = Set<Int64>()
            for step in 0...steps {
                let t = Double(step) / Double(steps)
                let k = key(
                    Int(((ax + t * (bx - ax)) / cell).rounded(.down)), Int(((ay + t * (by - ay)) / cell).rounded(.down))
                )
                if seen.insert(k).inserted { grid[k, default: []].append(index) }
            }
            return
        }
        for i in i0...i1 {
            for j in j0...j1 { grid[key(i, j), default: []].append(index) }
        }
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

    /// The planar distance to the nearest segment and the segments that may be nearest, among
    /// those in the cells around; `nil` when none is within `radiusMeters` (widened by the planar
    /// error and `margin`, metres the point may be off by).
    func screen(latitude: Double, longitude: Double, margin: Double) -> (planar: Double, segments: [Int32])? {
        let (x, y) = local(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        let i = Int((x / cell).rounded(.down))
        let j = Int((y / cell).rounded(.down))
        var best = Double.infinity
        var near: [(Int32, Double)] = []
        for di in -1...1 {
            for dj in -1...1 {
                guard let list = grid[key(i + di, j + dj)] else { continue }
                for index in list {
                    let d = Self.planarDistance(x, y, segments[Int(index)])
                    if d <= (radiusMeters + margin) * (1 + Self.planarError) + 1 {
                        near.append((index, d))
                        best = min(best, d)
                    }
                }
            }
        }
        guard best.isFinite else { return nil }
        let keep = near.filter { $0.1 <= best * (1 + 2 * Self.planarError) + 1 + 2 * margin }.map(\.0)
        return (best, Array(Set(keep)).sorted())
    }

    /// Exact geodesic metres from the point to the nearest of `segments`.
    func exactDistance(latitude: Double, longitude: Double, segments indexes: [Int32]) -> Double {
        let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        var best = Double.infinity
        for index in indexes {
            let segment = segments[Int(index)]
            if segment.start == segment.end {
                best = min(best, Geodesic.distance(from: point, to: segment.start))
            } else if let closest = LineString(unchecked: [segment.start, segment.end]).closestCoordinate(to: point) {
                best = min(best, closest.distanceMeters)
            }
        }
        return best
    }

    private static func planarDistance(_ x: Double, _ y: Double, _ s: Segment) -> Double {
        let dx = s.bx - s.ax
        let dy = s.by - s.ay
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((x - s.ax) * dx + (y - s.ay) * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let px = s.ax + t * dx - x
        let py = s.ay + t * dy - y
        return (px * px + py * py).squareRoot()
    }
}
