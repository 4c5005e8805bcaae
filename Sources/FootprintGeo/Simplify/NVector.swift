import Foundation

/// A position as a unit vector from the Earth's centre (an "n-vector", Gade 2010), for the
/// spherical measures of the metre simplifiers: great-circle distances, cross-track distances
/// and spherical triangle areas without a trigonometric call per comparison.
struct NVector {
    var x: Double
    var y: Double
    var z: Double

    /// The unit vector of a latitude/longitude on the sphere.
    @inline(__always)
    init(_ coordinate: Coordinate) {
        let latitude = coordinate.latitude * (Double.pi / 180)
        let longitude = coordinate.longitude * (Double.pi / 180)
        let cosLatitude = cos(latitude)
        x = cosLatitude * cos(longitude)
        y = cosLatitude * sin(longitude)
        z = sin(latitude)
    }

    @inline(__always)
    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unit vectors of every position, in one allocation.
    static func of(_ points: UnsafeBufferPointer<Coordinate>) -> [NVector] {
        [NVector](unsafeUninitializedCapacity: points.count) { vectors, initialized in
            for index in points.indices { (vectors.baseAddress! + index).initialize(to: NVector(points[index])) }
            initialized = points.count
        }
    }

    @inline(__always)
    func dot(_ other: NVector) -> Double { x * other.x + y * other.y + z * other.z }

    @inline(__always)
    func cross(_ other: NVector) -> NVector {
        NVector(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// The squared straight-line (chord) distance between two unit vectors: 2 − 2 cos θ for the
    /// angle θ between them, growing with θ over the whole 0…π.
    @inline(__always)
    func chordSquared(to other: NVector) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        let dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }
}

/// The sphere the metre simplifiers measure on.
enum MeanEarth {
    /// The mean radius R₁ = (2a + b) / 3 of the WGS84 ellipsoid (IUGG, Moritz 2000), 6,371,008.8 m
    /// (``Geodesic/meanRadiusMeters``): the sphere on which great-circle distances are closest to
    /// geodesic ones on average (within 0.5 %).
    static let radiusMeters = Geodesic.meanRadiusMeters

    /// The squared chord of the central angle of an arc of `meters` on the sphere; 4 (the
    /// antipode) for any arc of half the circumference or more.
    static func chordSquared(ofArc meters: Double) -> Double {
        let angle = meters / radiusMeters
        guard angle < Double.pi else { return 4 }
        let halfChord = sin(angle / 2)
        return 4 * halfChord * halfChord
    }
}
