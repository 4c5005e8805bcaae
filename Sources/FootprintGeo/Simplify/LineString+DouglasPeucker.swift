import Foundation

extension LineString {
    /// The line simplified by Douglas–Peucker with a tolerance in metres.
    ///
    /// Distances are measured on the sphere of the WGS84 mean radius (6,371,008.8 m): a point's
    /// distance to a section is its cross-track distance to the great-circle arc between the
    /// section's ends, or the distance to the nearer end when its foot falls outside the arc
    /// (the spherical form of GEOS's point-to-segment distance). No projection is involved, so
    /// the tolerance means the same everywhere: at the poles, across the antimeridian, on lines
    /// a continent long. Against geodesic distances on the ellipsoid the measure is within 0.5 %.
    ///
    /// A section loses its inner points when none is farther than `tolerance` (`<=`, as GEOS);
    /// the ends are always kept, so lines of 0, 1 or 2 positions come back as they are, and a
    /// closed line stays closed. Iterative: a line of millions of points needs no deep stack.
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a negative or NaN
    /// tolerance.
    public func simplified(tolerance: Double) throws(FootprintGeoError) -> LineString {
        try Self.checkTolerance(tolerance, name: "tolerance", unit: "metres")
        guard coordinates.count > 2 else { return self }
        let limit = MeanEarth.chordSquared(ofArc: tolerance)
        let simplified = coordinates.withUnsafeBufferPointer { points in
            let vectors = NVector.of(points)
            let kept = vectors.withUnsafeBufferPointer { vectors in
                let shared = SharedBuffer(vectors)
                return DouglasPeucker.keptMaskInParallel(count: points.count) {
                    DouglasPeucker.splitSpherical(shared.buffer, $0, $1, limit: limit)
                }
            }
            return DouglasPeucker.select(points, kept: kept)
        }
        return LineString(unchecked: simplified)
    }

    /// The line simplified by Douglas–Peucker with a tolerance in planar degrees, keeping exactly
    /// the points that GEOS 3.14 keeps for shapely's `simplify(tolerance, preserve_topology=False)`
    /// (PostGIS `ST_Simplify`, its own code, keeps as many on the peer benchmark's GPS track).
    ///
    /// Longitude and latitude are taken as plane x and y. A point's distance is GEOS's
    /// point-to-SEGMENT distance (to the nearer end when its foot falls outside the segment),
    /// computed with GEOS's own arithmetic so that ties and values on the tolerance fall the same
    /// way; a section loses its inner points when the farthest is at most `tolerance` away (`<=`).
    /// The ends are always kept, also on a closed line: GEOS moves the start of a closed ring only
    /// for polygon rings (`LinearRing`), never for a LineString. Iterative, with an explicit stack;
    /// a line of 65,536 points or more is shared out over every core (the same points are kept).
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a negative or NaN
    /// tolerance (GEOS: "Tolerance must be non-negative").
    public func simplified(toleranceDegrees: Double) throws(FootprintGeoError) -> LineString {
        try Self.checkTolerance(toleranceDegrees, name: "tolerance", unit: "degrees")
        guard coordinates.count > 2 else { return self }
        let simplified = coordinates.withUnsafeBufferPointer { points in
            let shared = SharedBuffer(points)
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let kept = DouglasPeucker.keptMaskInParallel(
                count: points.count,
                split: { DouglasPeucker.splitPlanar(shared.buffer, $0, $1, tolerance: toleranceDegrees) },
                wideSplit: {
                    DouglasPeucker.splitPlanar(shared.buffer, $0, $1, tolerance: toleranceDegrees, cores: cores)
                })
            return DouglasPeucker.select(points, kept: kept)
        }
        return LineString(unchecked: simplified)
    }

    static func checkTolerance(_ tolerance: Double, name: String, unit: String) throws(FootprintGeoError) {
        guard tolerance >= 0 else {
            throw .invalidArgument(
                name: name, value: "\(formatted(tolerance)) \(unit)", reason: "it must be zero or a positive number")
        }
    }
}

/// A buffer the cores of ``DouglasPeucker/keptMaskInParallel(count:split:)`` only read, while
/// the array behind it is alive.
struct SharedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>
    init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
}
