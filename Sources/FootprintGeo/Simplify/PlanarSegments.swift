/// Planar tests on segments with longitude as x and latitude as y, the plane in which GeoJSON
/// consumers (GEOS, JTS, Turf) judge a polygon valid (RFC 7946 §3.1.1: straight lines in
/// coordinate space).
enum PlanarSegments {
    /// The sign of the turn a → b → c: positive counter-clockwise, negative clockwise, 0 collinear.
    /// Plain doubles, not an adaptive-precision predicate: a point within rounding of a segment
    /// may be called on either side, as in any non-robust test.
    @inline(__always)
    static func orientation(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        (b.longitude - a.longitude) * (c.latitude - a.latitude)
            - (b.latitude - a.latitude) * (c.longitude - a.longitude)
    }

    /// True when `p`, collinear with a and b, lies within their bounding box (on the segment).
    @inline(__always)
    static func isWithin(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        min(a.longitude, b.longitude) <= p.longitude && p.longitude <= max(a.longitude, b.longitude)
            && min(a.latitude, b.latitude) <= p.latitude && p.latitude <= max(a.latitude, b.latitude)
    }

    /// True when segments ab and cd meet anywhere but at an end of both — GEOS's "interior
    /// intersection": a proper crossing, an end of one lying inside the other, or a collinear
    /// overlap longer than a point. Two segments that only share an end (consecutive segments of
    /// a ring, two rings touching at a vertex) do not count.
    static func intersectInterior(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, _ d: Coordinate) -> Bool {
        let abc = orientation(a, b, c)
        let abd = orientation(a, b, d)
        if (abc > 0 && abd > 0) || (abc < 0 && abd < 0) { return false }
        let cda = orientation(c, d, a)
        let cdb = orientation(c, d, b)
        if (cda > 0 && cdb > 0) || (cda < 0 && cdb < 0) { return false }
        if abc != 0, abd != 0, cda != 0, cdb != 0 { return true }  // a proper crossing
        if abc == 0, abd == 0 {
            // Collinear (or a degenerate segment): they overlap in more than a point when an end
            // of one lies inside the other, or when both ends coincide.
            if a == b || c == d {
                let (point, s, t) = a == b ? (a, c, d) : (c, a, b)
                return point != s && point != t && isWithin(point, s, t) && s != t
            }
            if (c != a && c != b && isWithin(c, a, b)) || (d != a && d != b && isWithin(d, a, b)) { return true }
            if (a != c && a != d && isWithin(a, c, d)) || (b != c && b != d && isWithin(b, c, d)) { return true }
            return (a == c && b == d) || (a == d && b == c)
        }
        // One end lies on the other segment's line: an interior touch unless it is an end of both.
        if abc == 0, c != a, c != b, isWithin(c, a, b) { return true }
        if abd == 0, d != a, d != b, isWithin(d, a, b) { return true }
        if cda == 0, a != c, a != d, isWithin(a, c, d) { return true }
        if cdb == 0, b != c, b != d, isWithin(b, c, d) { return true }
        return false
    }

    /// True when `point` lies strictly inside the closed path `ring[first...last]` (first back to
    /// last by a straight segment), by the even–odd rule; a point on the path counts as outside.
    static func contains(_ ring: UnsafeBufferPointer<Coordinate>, _ first: Int, _ last: Int, _ point: Coordinate)
        -> Bool
    {
        var inside = false
        var previous = ring[last]
        for index in first...last {
            let current = ring[index]
            if (current.latitude > point.latitude) != (previous.latitude > point.latitude) {
                let x =
                    previous.longitude + (point.latitude - previous.latitude)
                    * (current.longitude - previous.longitude) / (current.latitude - previous.latitude)
                if point.longitude < x { inside.toggle() }
            }
            previous = current
        }
        return inside
    }
}
