import Foundation

extension DouglasPeucker {
    /// GEOS's `Distance::pointToSegment` (GEOS 3.14, `src/algorithm/Distance.cpp`), operation for
    /// operation so that the doubles are the same: x is the longitude and y the latitude in
    /// degrees, as shapely reads a GeoJSON line. (Swapping the axes would give the same doubles:
    /// every sum in it is commutative and the cross term only changes sign.)
    @inline(__always)
    static func geosPointToSegment(
        _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double
    ) -> Double {
        if ax == bx && ay == by { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
        let lengthSquared = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
        let r = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / lengthSquared
        if r <= 0 { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
        if r >= 1 { return ((px - bx) * (px - bx) + (py - by) * (py - by)).squareRoot() }
        let s = ((ay - py) * (bx - ax) - (ax - px) * (by - ay)) / lengthSquared
        return abs(s) * lengthSquared.squareRoot()
    }

    /// The point of section (first, last) farthest from its segment by GEOS's planar distance,
    /// the first one on ties: exactly GEOS's `maxIndex` and `maxDistance`.
    ///
    /// GEOS's distance costs two divisions and a square root a point. Here each point first gets
    /// a cheap key, its squared distance computed with the same rounded cross and dot products but
    /// a multiplication by 1/length² instead of the divisions; only a point whose key comes within
    /// 1e-12 (relative) of the best key so far, or within 1e-12 × length² (absolute, for a point
    /// that GEOS's rounded `r` puts on an end rather than inside), gets GEOS's exact distance and
    /// competes by GEOS's strict `>`. A skipped point's GEOS distance is provably below the best's,
    /// so the result is GEOS's, about 3 times faster on a GPS track.
    @inline(__always)
    static func farthestPlanar(_ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ last: Int) -> (
        index: Int, distance: Double
    ) {
        let ax = points[first].longitude
        let ay = points[first].latitude
        let bx = points[last].longitude
        let by = points[last].latitude
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        var maxDistance = -1.0
        var maxIndex = first
        guard lengthSquared.isNormal, lengthSquared.isFinite else {
            // A zero or underflowing segment: no shortcut, GEOS's distance for every point.
            for k in (first + 1)..<last {
                let distance = geosPointToSegment(points[k].longitude, points[k].latitude, ax, ay, bx, by)
                if distance > maxDistance {
                    maxDistance = distance
                    maxIndex = k
                }
            }
            return (maxIndex, maxDistance)
        }
        let inverseLengthSquared = 1 / lengthSquared
        let slack = lengthSquared * 1e-12
        var threshold = -Double.infinity
        for k in (first + 1)..<last {
            let px = points[k].longitude
            let py = points[k].latitude
            let qx = px - ax
            let qy = py - ay
            let dot = qx * dx + qy * dy
            let key: Double
            if dot <= 0 {
                key = qx * qx + qy * qy
            } else if dot >= lengthSquared {
                key = (px - bx) * (px - bx) + (py - by) * (py - by)
            } else {
                let cross = (ay - py) * dx - (ax - px) * dy
                key = cross * cross * inverseLengthSquared
            }
            if key >= threshold {
                let distance = geosPointToSegment(px, py, ax, ay, bx, by)
                if distance > maxDistance {
                    maxDistance = distance
                    maxIndex = k
                    threshold = key * (1 - 1e-12) - slack
                }
            }
        }
        return (maxIndex, maxDistance)
    }
}
