/// Distances from a coordinate, in metres on WGS84.
extension Coordinate {
    /// The geodesic distance in metres to `other` on the WGS84 ellipsoid (Karney 2013, as
    /// GeographicLib): ``Geodesic/distance(from:to:)``.
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        Geodesic.distance(from: self, to: other)
    }

    /// The fast spherical distance in metres to `other` (haversine, mean radius 6 371 008.8 m;
    /// off by up to 0.56 %): ``Geodesic/haversineDistance(from:to:)``.
    @inlinable
    public func haversineDistance(to other: Coordinate) -> Double {
        Geodesic.haversineDistance(from: self, to: other)
    }

    /// The point `distanceMeters` away along the geodesic that leaves here at `bearingDegrees`
    /// (clockwise from north): ``Geodesic/destination(from:bearingDegrees:distanceMeters:)``.
    @inlinable
    public func destination(bearingDegrees: Double, distanceMeters: Double) -> Coordinate {
        Geodesic.destination(from: self, bearingDegrees: bearingDegrees, distanceMeters: distanceMeters).coordinate
    }
}
