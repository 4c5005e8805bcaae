extension DouglasPeucker {
    /// `nil` when no inner point of section (first, last) is farther than `limit` from the
    /// great-circle arc between its ends, else the farthest point, the first one on ties.
    /// Distances are squared chords (2 − 2 cos θ of the central angle θ, growing with the
    /// distance in metres; see ``MeanEarth/chordSquared(ofArc:)``).
    ///
    /// The distance from P to the arc AB is the cross-track distance when P's foot on the great
    /// circle of A and B falls between them, and the distance to the nearer end otherwise, as on a
    /// plane; the arc is the shorter one. With N = A × B, the foot falls between the ends when
    /// (N × A)·P ≥ 0 and (B × N)·P ≥ 0, and then sin θ = |N·P| / |N|.
    @inline(__always)
    static func splitSpherical(_ vectors: UnsafeBufferPointer<NVector>, _ first: Int, _ last: Int, limit: Double)
        -> Int?
    {
        let a = vectors[first]
        let b = vectors[last]
        let normal = a.cross(b)
        let normalSquared = normal.dot(normal)
        var maxDistance = -1.0
        var maxIndex = first
        // Ends closer than ~1e-9 rad (6 mm) or antipodal have no usable great circle: measure to
        // the ends only.
        let hasArc = normalSquared > 1e-18
        let inverseNormalSquared = hasArc ? 1 / normalSquared : 0
        let towardB = normal.cross(a)
        let towardA = b.cross(normal)
        for k in (first + 1)..<last {
            let p = vectors[k]
            let distance: Double
            if hasArc, towardB.dot(p) >= 0, towardA.dot(p) >= 0 {
                let along = normal.dot(p)
                // sin²θ, then 2 − 2 cos θ written without cancellation for small θ.
                let sinSquared = min(1, along * along * inverseNormalSquared)
                distance = 2 * sinSquared / (1 + (1 - sinSquared).squareRoot())
            } else {
                distance = min(p.chordSquared(to: a), p.chordSquared(to: b))
            }
            if distance > maxDistance {
                maxDistance = distance
                maxIndex = k
            }
        }
        return maxDistance <= limit ? nil : maxIndex
    }
}
