import Foundation

/// An area whose points never leave the machine in an export or a rendering: a circle around a
/// centre, or a polygon with holes (issue #13, "Privacy zones").
///
/// A zone answers two questions: ``contains(_:)`` (is this point private?) and
/// ``distanceMeters(from:)`` (how far outside is it?), which ``PrivacyMask`` uses to cut routes a
/// little further out than the zone itself.
public struct PrivacyZone: Hashable, Sendable {
    /// The shape of a zone.
    public enum Shape: Hashable, Sendable {
        /// Every point within `radiusMeters` of `center`, measured along the WGS84 geodesic.
        case circle(center: Coordinate, radiusMeters: Double)
        /// Every point inside the exterior ring and outside the holes, tested on the plane of
        /// longitude/latitude.
        case polygon(Polygon)
    }

    /// The largest circle radius accepted, 50 km: a zone hides a home or an office, not a region.
    public static let maximumRadiusMeters = 50_000.0

    /// The zone's shape.
    public let shape: Shape
    /// The zone's own box, for the cheap first test of ``contains(_:)``.
    let box: BoundingBox
    /// A 64-bit digest of the shape, the zone's part of every cut's seed (``PrivacyZone/cutMarginMeters(anchor:side:)``).
    let seed: UInt64
    /// The radius of the circle, or of the circle with the polygon's area.
    let equivalentRadiusMeters: Double

    /// Creates a circular zone, rejecting a radius that is not a number, 0 or less, or beyond
    /// ``maximumRadiusMeters``.
    public init(center: Coordinate, radiusMeters: Double) throws(FootprintGeoError) {
        guard radiusMeters.isFinite, radiusMeters > 0, radiusMeters <= Self.maximumRadiusMeters else {
            throw .invalidArgument(
                name: "privacy zone radius", value: "\(formatted(radiusMeters)) m",
                reason: "it must be more than 0 m and at most 50 km")
        }
        shape = .circle(center: center, radiusMeters: radiusMeters)
        box = Self.circleBox(center: center, radiusMeters: radiusMeters)
        seed = Self.digest(of: shape)
        equivalentRadiusMeters = radiusMeters
    }

    /// Creates a polygonal zone, rejecting the empty polygon and one whose rings enclose no area.
    ///
    /// The polygon is taken on the plane of longitude/latitude: it must not cross the
    /// antimeridian (split it there, as RFC 7946 §3.1.9 asks) and should not hold a pole.
    public init(polygon: Polygon) throws(FootprintGeoError) {
        // Re-checked because `Polygon(unchecked:)` may hold open or short rings.
        _ = try Polygon(polygon.rings)
        guard let exterior = polygon.exterior else {
            throw .invalidArgument(
                name: "privacy zone polygon", value: "with no rings", reason: "it needs an exterior ring")
        }
        let area = Self.planarAreaSquareMeters(of: polygon)
        guard area > 0, area.isFinite else {
            throw .invalidArgument(
                name: "privacy zone polygon", value: "starting at \(exterior[0])", reason: "it encloses no area")
        }
        shape = .polygon(polygon)
        box = BoundingBox(covering: exterior)!
        seed = Self.digest(of: shape)
        equivalentRadiusMeters = (area / Double.pi).squareRoot()
    }

    /// True when the coordinate lies in the zone or on its edge.
    ///
    /// A circle measures the WGS84 geodesic distance to its centre (Karney 2013, as
    /// GeographicLib), after a box test and a haversine bracket
    /// (``Geodesic/distanceBounds(from:to:)``) that settle all but the points within about 1 % of
    /// the radius from the edge. A polygon is tested by even–odd ray casting on the plane of
    /// longitude/latitude, holes included: its edges are straight lines in degrees, as GeoJSON
    /// draws them, not geodesics.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard box.contains(coordinate) else { return false }
        switch shape {
        case .circle(let center, let radiusMeters):
            let bounds = Geodesic.distanceBounds(from: center, to: coordinate)
            if bounds.upperBound <= radiusMeters { return true }
            if bounds.lowerBound > radiusMeters { return false }
            return Geodesic.distance(from: center, to: coordinate) <= radiusMeters
        case .polygon(let polygon):
            return Self.polygon(polygon, contains: coordinate)
        }
    }

    /// Even–odd ray casting over every ring, so a point in a hole counts as outside. A point
    /// exactly on an edge may go either way, as in every ray-casting test.
    static func polygon(_ polygon: Polygon, contains coordinate: Coordinate) -> Bool {
        let x = coordinate.longitude
        let y = coordinate.latitude
        var inside = false
        for ring in polygon.rings where !ring.isEmpty {
            var previous = ring[ring.count - 1]
            for vertex in ring {
                if (vertex.latitude > y) != (previous.latitude > y) {
                    let crossing =
                        vertex.longitude + (y - vertex.latitude) / (previous.latitude - vertex.latitude)
                        * (previous.longitude - vertex.longitude)
                    if x < crossing { inside.toggle() }
                }
                previous = vertex
            }
        }
        return inside
    }
}
