/// Geodesics on the WGS84 ellipsoid (EPSG:7030: a = 6 378 137 m, f = 1/298.257223563): the
/// shortest path between two points and the point a given distance along a bearing.
///
/// ``inverse(from:to:)`` and ``destination(from:bearingDegrees:distanceMeters:)`` implement
/// Karney, "Algorithms for geodesics", J. Geodesy 87 (2013) 43–55, doi:10.1007/s00190-012-0578-z,
/// with its series to order 6 — the method and accuracy of GeographicLib (and of PROJ's
/// `geod`, pyproj's `Geod`, PostGIS geography): about 15 nanometres in distance for any pair of
/// points, nearly antipodal ones included, and they agree with GeographicLib 2.1 to round-off.
/// They allocate nothing; an inverse solution takes well under a microsecond.
///
/// Bearings are degrees clockwise from true north in 0..<360. GeographicLib reports azimuths in
/// (−180, 180]; a negative azimuth α is the bearing α + 360 here, and its 180 is our 180.
///
/// ``haversineDistance(from:to:)`` is the fast spherical approximation (mean radius 6 371 008.8 m,
/// off by up to 0.56 %); ``distanceBounds(from:to:)`` brackets the exact distance from it.
public enum Geodesic {
    /// Equatorial radius of WGS84 in metres, EPSG:7030.
    public static let equatorialRadiusMeters = WGS84.a
    /// Flattening of WGS84, EPSG:7030.
    public static let flattening = WGS84.f
    /// Polar radius of WGS84 in metres, a(1 − f).
    public static let polarRadiusMeters = WGS84.b
    /// The IUGG mean radius R₁ = (2a + b)/3 of WGS84 in metres, rounded to 0.1 m: the sphere of
    /// ``haversineDistance(from:to:)`` (as in pyproj's and Turf's haversine helpers).
    public static let meanRadiusMeters = 6_371_008.8

    /// The geodesic (shortest path) between two points: its length and its bearings at both ends.
    ///
    /// Coincident points give 0 m and, as in GeographicLib, bearings of 180°. For antipodal
    /// points, where many shortest paths exist, the bearings are GeographicLib's choice: for
    /// points on the equator the path over the north pole (0° then 180°).
    public static func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        let solution = solveInverse(
            lat1: start.latitude, lon1: start.longitude, lat2: end.latitude, lon2: end.longitude)
        return GeodesicInverse(
            distanceMeters: solution.distance,
            initialBearingDegrees: DegreeMath.bearing(
                fromAzimuth: DegreeMath.atan2Degrees(solution.salp1, solution.calp1)),
            finalBearingDegrees: DegreeMath.bearing(
                fromAzimuth: DegreeMath.atan2Degrees(solution.salp2, solution.calp2)))
    }

    /// The length in metres of the geodesic between two points: ``inverse(from:to:)`` without
    /// the bearings (GeographicLib's `Inverse` with `outmask = DISTANCE`).
    public static func distance(from start: Coordinate, to end: Coordinate) -> Double {
        solveInverse(lat1: start.latitude, lon1: start.longitude, lat2: end.latitude, lon2: end.longitude)
            .distance
    }

    /// The point reached by following the geodesic that leaves `start` at `bearingDegrees`
    /// (clockwise from north; any finite value, taken modulo 360) for `distanceMeters`, and the
    /// bearing of travel on arrival — GeographicLib's `Direct`.
    ///
    /// A negative distance travels backwards along the same geodesic; distances beyond half
    /// the circumference keep going round the Earth. The longitude is reduced to −180…180. NaN or
    /// infinite input gives a NaN coordinate: callers that take user input check it first.
    public static func destination(
        from start: Coordinate, bearingDegrees: Double, distanceMeters: Double
    ) -> GeodesicDirect {
        let solution = solveDirect(
            lat1: start.latitude, lon1: start.longitude, azi1: bearingDegrees, s12: distanceMeters)
        return GeodesicDirect(
            coordinate: Coordinate(uncheckedLatitude: solution.latitude, longitude: solution.longitude),
            finalBearingDegrees: DegreeMath.bearing(fromAzimuth: solution.azimuth))
    }
}

extension Geodesic {
    /// The longest distance, either way, that ``checkedDestination(from:bearingDegrees:distanceMeters:)``
    /// travels: 10⁸ m (100 000 km, about two and a half times round the Earth).
    ///
    /// GeographicLib states an accuracy of 15 nm for WGS84. Below 2²⁷ m (134 217 728 m) adjacent
    /// doubles are at most 2⁻²⁶ m ≈ 15 nm apart and the rounding of s/(b·A₁), the arc the solution
    /// starts from, moves the end point by about |s|·2⁻⁵³ ≈ 11 nm at 10⁸ m; beyond, the number
    /// given no longer determines the end point to that accuracy, and at 10²⁰ m one unit in the
    /// last place of the distance is 16 km: the answer (GeographicLib's too) is noise.
    public static let maximumDestinationDistanceMeters = 1e8

    /// ``destination(from:bearingDegrees:distanceMeters:)`` for input a person typed: the same
    /// answer, after checking that the bearing is a finite number (any value, taken modulo 360, as
    /// GeographicLib's `GeodSolve` takes it) and the distance a finite number within
    /// ±``maximumDestinationDistanceMeters`` (negative: backwards along the same geodesic).
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` naming `bearing` or
    ///   `distance`.
    public static func checkedDestination(
        from start: Coordinate, bearingDegrees: Double, distanceMeters: Double
    ) throws(FootprintGeoError) -> GeodesicDirect {
        guard bearingDegrees.isFinite else {
            throw .invalidArgument(
                name: "bearing", value: formatted(bearingDegrees), reason: "give degrees clockwise from north")
        }
        guard distanceMeters.isFinite else {
            throw .invalidArgument(
                name: "distance", value: formatted(distanceMeters), reason: "give a finite number of metres")
        }
        guard distanceMeters.magnitude <= maximumDestinationDistanceMeters else {
            throw .invalidArgument(
                name: "distance", value: formatted(distanceMeters),
                reason: "give at most 100000000 metres (100 000 km) either way, "
                    + "as beyond that a double cannot hold a distance to GeographicLib's 15 nm accuracy")
        }
        return destination(from: start, bearingDegrees: bearingDegrees, distanceMeters: distanceMeters)
    }
}

/// The answer to the inverse geodesic problem (``Geodesic/inverse(from:to:)``).
public struct GeodesicInverse: Hashable, Sendable {
    /// Length of the geodesic in metres.
    public var distanceMeters: Double
    /// Bearing of the geodesic as it leaves the start, degrees clockwise from north, 0..<360.
    public var initialBearingDegrees: Double
    /// Bearing of the geodesic as it arrives at the end (the direction of travel, not the way
    /// back), degrees clockwise from north, 0..<360.
    public var finalBearingDegrees: Double

    /// Creates a result from its parts.
    public init(distanceMeters: Double, initialBearingDegrees: Double, finalBearingDegrees: Double) {
        self.distanceMeters = distanceMeters
        self.initialBearingDegrees = initialBearingDegrees
        self.finalBearingDegrees = finalBearingDegrees
    }
}

/// The answer to the direct geodesic problem
/// (``Geodesic/destination(from:bearingDegrees:distanceMeters:)``).
public struct GeodesicDirect: Hashable, Sendable {
    /// The point reached; longitude in −180…180.
    public var coordinate: Coordinate
    /// Bearing of travel on arrival, degrees clockwise from north, 0..<360.
    public var finalBearingDegrees: Double

    /// Creates a result from its parts.
    public init(coordinate: Coordinate, finalBearingDegrees: Double) {
        self.coordinate = coordinate
        self.finalBearingDegrees = finalBearingDegrees
    }
}
