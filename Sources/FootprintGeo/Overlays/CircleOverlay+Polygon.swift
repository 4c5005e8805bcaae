import Foundation

/// A circle on the ellipsoid as a polygon in longitude and latitude.
///
/// Vertices come from the WGS84 direct geodesic problem (``Geodesic/destination(from:bearingDegrees:distanceMeters:)``,
/// GeographicLib's `Direct`): each lies exactly `radiusMeters` from the centre along the
/// geodesic at its bearing. Between vertices a GeoJSON consumer draws straight lines in
/// longitude and latitude (RFC 7946 §3.1.1), which cut inside the circle; the vertex count is
/// chosen so that no point of those edges lies more than ``CircleOverlay/toleranceMeters`` inside.
extension CircleOverlay {
    /// How far inside the true circle an edge may run, in metres.
    public static let toleranceMeters = 1.0
    /// The fewest vertices of a circle, so that a small one still looks round when zoomed in.
    public static let minimumVertexCount = 16
    /// The most vertices: 1 000 km needs about 2 400 away from the poles; the cap leaves room for
    /// the refinement near a pole and bounds the work.
    public static let maximumVertexCount = 16_384

    /// The sagitta budget the first vertex count is computed from: less than the tolerance,
    /// because an edge drawn straight in longitude and latitude bends away from the chord the
    /// planar formula assumes (most near the poles), and the check below then rarely refines.
    static let sagittaBudgetMeters = 0.9

    /// The vertex count from the chord sagitta r(1 − cos(π/n)) ≤ budget, within the bounds.
    static func initialVertexCount(radiusMeters: Double) -> Int {
        let ratio = 1 - sagittaBudgetMeters / radiusMeters
        guard ratio > 0 else { return minimumVertexCount }
        let count = (Double.pi / acos(ratio)).rounded(.up)
        return Int(min(Double(maximumVertexCount), max(Double(minimumVertexCount), count)))
    }

    /// The circle's vertices, counterclockwise from due north (bearings 0, −360/n, …), not
    /// closed, with the fewest count (doubling from ``initialVertexCount(radiusMeters:)``) for
    /// which the middle of every edge, drawn straight in unwrapped longitude and latitude, lies
    /// within ``toleranceMeters`` of the circle: inside it, or, for a circle around a pole, on
    /// either side.
    public func vertices() -> [Coordinate] {
        var count = Self.initialVertexCount(radiusMeters: radiusMeters)
        while true {
            let points = (0..<count).map { index in
                // Decreasing bearings turn counterclockwise seen from above: RFC 7946's exterior.
                center.destination(
                    bearingDegrees: 360 - 360 * Double(index) / Double(count), distanceMeters: radiusMeters)
            }
            if count * 2 > Self.maximumVertexCount || edgesStayWithinTolerance(points) { return points }
            count *= 2
        }
    }

    /// True when the middle of every edge lies within the check's budget of the circle.
    ///
    /// Away from the poles the circle is convex in longitude and latitude and every edge runs
    /// inside it. Around a pole the straight edges bow outward on the side nearer the pole (the
    /// ring is concave there in longitude and latitude), by millimetres to centimetres: they are
    /// held to the same distance from the circle, on either side.
    func edgesStayWithinTolerance(_ points: [Coordinate]) -> Bool {
        for index in points.indices {
            let middle = Self.linearMiddle(points[index], points[(index + 1) % points.count])
            let distance = center.distance(to: middle)
            if abs(distance - radiusMeters) > Self.checkBudgetMeters { return false }
        }
        return true
    }

    /// The refinement's budget for an edge's middle: a little under the tolerance, as the
    /// farthest point of an edge from the circle is near, not exactly at, its middle.
    static let checkBudgetMeters = 0.95

    /// The point halfway along the straight edge in longitude and latitude, the short way round
    /// the antimeridian.
    static func linearMiddle(_ start: Coordinate, _ end: Coordinate) -> Coordinate {
        var step = end.longitude - start.longitude
        if step > 180 { step -= 360 } else if step < -180 { step += 360 }
        var longitude = start.longitude + step / 2
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(uncheckedLatitude: (start.latitude + end.latitude) / 2, longitude: longitude)
    }

    /// The pole inside the circle: 1 for the north pole, −1 for the south, 0 for neither.
    var enclosedPole: Int {
        for sign in [1, -1] {
            let pole = Coordinate(uncheckedLatitude: Double(sign) * 90, longitude: center.longitude)
            if center.distance(to: pole) < radiusMeters { return sign }
        }
        return 0
    }

    /// The circle as a polygon valid in RFC 7946: one counterclockwise closed ring of
    /// ``vertices()``, cut at the antimeridian (§3.1.9) into a MultiPolygon when the circle
    /// crosses it.
    ///
    /// A circle around a pole is the area between its ring and the pole: the ring is opened at
    /// the antimeridian and closed along ±180° and the pole's parallel (±90°), as Natural
    /// Earth draws Antarctica, so that it does not cross the antimeridian and stays
    /// counterclockwise.
    public func geodesicPolygon() -> Geometry {
        let points = vertices()
        let pole = enclosedPole
        guard pole != 0 else {
            if let pieces = Self.piecesAcrossAntimeridian(points) { return .multiPolygon(MultiPolygon(pieces)) }
            return .polygon(Polygon(unchecked: [points + [points[0]]]))
        }
        return .polygon(Polygon(unchecked: [Self.ringAroundPole(points, pole: pole)]))
    }

    /// The ring of a circle around a pole: counterclockwise vertices run east round the north
    /// pole and west round the south pole, so the ring starts where they cross the antimeridian.
    static func ringAroundPole(_ points: [Coordinate], pole: Int) -> [Coordinate] {
        let east = pole > 0
        let edge: Double = east ? 180 : -180
        // The vertex before the jump across the antimeridian.
        let before =
            points.indices.first { index in
                let step = points[(index + 1) % points.count].longitude - points[index].longitude
                return east ? step < -180 : step > 180
            } ?? (points.count - 1)
        let start = points[before]
        let end = points[(before + 1) % points.count]
        // Linear in unwrapped longitude, as the encoder cuts lines (Geometry+Antimeridian).
        let endX = end.longitude + (east ? 360 : -360)
        let latitude =
            endX == start.longitude
            ? start.latitude
            : start.latitude + (edge - start.longitude) / (endX - start.longitude) * (end.latitude - start.latitude)
        let poleLatitude = Double(pole) * 90
        var ring = [Coordinate(uncheckedLatitude: latitude, longitude: -edge)]
        for offset in 1...points.count {
            let point = points[(before + offset) % points.count]
            if ring.last != point { ring.append(point) }
        }
        let crossing = Coordinate(uncheckedLatitude: latitude, longitude: edge)
        if ring.last != crossing { ring.append(crossing) }
        // Along the pole in two steps of 180°: a single step of 360° would read as a crossing.
        ring.append(Coordinate(uncheckedLatitude: poleLatitude, longitude: edge))
        ring.append(Coordinate(uncheckedLatitude: poleLatitude, longitude: 0))
        ring.append(Coordinate(uncheckedLatitude: poleLatitude, longitude: -edge))
        ring.append(ring[0])
        return ring
    }

    /// The two pieces of a circle that crosses the antimeridian, cut along it (RFC 7946 §3.1.9),
    /// or `nil` when it does not cross.
    ///
    /// `Polygon.splitAtAntimeridian()` is not used: it compares the ring's unwrapped ends for
    /// exact equality, and the sum of a ring's longitude steps does not always come back to the
    /// first longitude in floating point (a circle centred at 179.999° is left uncut). A circle
    /// away from the poles is convex and crosses the meridian twice, which makes the cut simple:
    /// each vertex goes to its side and each crossing edge adds its crossing, interpolated
    /// linearly as `LineString.splitAtAntimeridian()` does, to both.
    static func piecesAcrossAntimeridian(_ points: [Coordinate]) -> [Polygon]? {
        var xs = [points[0].longitude]
        xs.reserveCapacity(points.count)
        for index in 1..<points.count {
            var step = points[index].longitude - points[index - 1].longitude
            if step > 180 { step -= 360 } else if step < -180 { step += 360 }
            xs.append(xs[index - 1] + step)
        }
        let cut: Double
        if xs.contains(where: { $0 > 180 }) {
            cut = 180
        } else if xs.contains(where: { $0 < -180 }) {
            cut = -180
        } else {
            return nil
        }
        // `beyond` is the side past the cut, brought back by a turn.
        func isBeyond(_ x: Double) -> Bool { cut > 0 ? x > cut : x < cut }
        let turn: Double = cut > 0 ? -360 : 360
        var near: [Coordinate] = []
        var beyond: [Coordinate] = []
        func append(_ point: Coordinate, beyondSide: Bool) {
            if beyondSide {
                if beyond.last != point { beyond.append(point) }
            } else if near.last != point {
                near.append(point)
            }
        }
        for index in points.indices {
            let next = (index + 1) % points.count
            let x = xs[index]
            let nextX = next == 0 ? xs[0] : xs[next]
            append(
                Coordinate(uncheckedLatitude: points[index].latitude, longitude: isBeyond(x) ? x + turn : x),
                beyondSide: isBeyond(x))
            guard isBeyond(x) != isBeyond(nextX) else { continue }
            let latitude =
                points[index].latitude + (cut - x) / (nextX - x) * (points[next].latitude - points[index].latitude)
            let crossing = Coordinate(uncheckedLatitude: latitude, longitude: cut)
            let mirrored = Coordinate(uncheckedLatitude: latitude, longitude: cut + turn)
            if isBeyond(x) {
                append(mirrored, beyondSide: true)
                append(crossing, beyondSide: false)
            } else {
                append(crossing, beyondSide: false)
                append(mirrored, beyondSide: true)
            }
        }
        let rings = [near, beyond].map { $0 + [$0[0]] }.filter { $0.count >= 4 }
        guard rings.count == 2 else { return nil }
        // West of the meridian first, as the encoder orders its cuts.
        let ordered = cut > 0 ? rings : rings.reversed()
        return ordered.map { Polygon(unchecked: [$0]) }
    }
}
