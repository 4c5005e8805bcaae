import Foundation

extension LineString {
    /// The line simplified by Visvalingam–Whyatt, dropping every point whose effective area is
    /// below `minimumArea` square metres.
    ///
    /// A point's effective area is the area of the triangle it makes with its two current
    /// neighbours, taken on the sphere of the WGS84 mean radius (6,371,008.8 m; spherical excess,
    /// Eriksson 1990), so it means the same at every latitude. The point of smallest area goes
    /// first, and the areas of its two neighbours are recomputed; as in Visvalingam & Whyatt
    /// (1993) and mapshaper, a recomputed area never falls below the area of a point already
    /// removed, so the order of removal is the order of importance. Ties go to the earlier point.
    /// The ends are always kept. Throws ``FootprintGeoError/invalidArgument(name:value:reason:)``
    /// for a negative or NaN area.
    public func simplifiedVisvalingam(minimumArea: Double) throws(FootprintGeoError) -> LineString {
        guard minimumArea >= 0 else {
            throw .invalidArgument(
                name: "minimum area", value: "\(formatted(minimumArea)) m²",
                reason: "it must be zero or a positive number")
        }
        return Visvalingam.simplify(self) { effectiveArea, _ in effectiveArea >= minimumArea }
    }

    /// The line simplified by Visvalingam–Whyatt down to its `count` most important points (the
    /// ends and the points of largest effective area; see ``simplifiedVisvalingam(minimumArea:)``).
    ///
    /// A line with `count` or fewer points comes back as it is. Throws
    /// ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a count below 2, which could
    /// not keep both ends.
    public func simplifiedVisvalingam(keeping count: Int) throws(FootprintGeoError) -> LineString {
        guard count >= 2 else {
            throw .invalidArgument(name: "point count", value: "\(count)", reason: "a line keeps at least its 2 ends")
        }
        return Visvalingam.simplify(self) { _, remaining in remaining <= count }
    }
}

/// Visvalingam–Whyatt line simplification (Visvalingam & Whyatt 1993) on the sphere.
enum Visvalingam {
    /// Removes points by increasing effective area until `isDone(nextEffectiveArea, remaining)`.
    static func simplify(_ line: LineString, isDone: (Double, Int) -> Bool) -> LineString {
        let count = line.coordinates.count
        guard count > 2 else { return line }
        let kept = line.coordinates.withUnsafeBufferPointer { points -> [Coordinate] in
            let vectors = NVector.of(points)
            var previous = (0..<count).map { Int32($0 - 1) }
            var next = (0..<count).map { Int32($0 + 1) }
            var areas = [Double](repeating: .infinity, count: count)
            for index in 1..<(count - 1) {
                areas[index] = triangleArea(vectors[index - 1], vectors[index], vectors[index + 1])
            }
            var heap = IndexedMinHeap(keys: areas, indices: 1..<(count - 1))
            var removed = [Bool](repeating: false, count: count)
            var remaining = count
            while let index = heap.minimum {
                let effectiveArea = heap.keys[index]
                if isDone(effectiveArea, remaining) { break }
                _ = heap.popMinimum()
                removed[index] = true
                remaining -= 1
                let before = Int(previous[index])
                let after = Int(next[index])
                next[before] = Int32(after)
                previous[after] = Int32(before)
                if before > 0 {
                    let area = triangleArea(vectors[Int(previous[before])], vectors[before], vectors[after])
                    heap.update(before, key: max(area, effectiveArea))
                }
                if after < count - 1 {
                    let area = triangleArea(vectors[before], vectors[after], vectors[Int(next[after])])
                    heap.update(after, key: max(area, effectiveArea))
                }
            }
            var result: [Coordinate] = []
            result.reserveCapacity(remaining)
            for index in points.indices where !removed[index] { result.append(points[index]) }
            return result
        }
        return LineString(unchecked: kept)
    }

    /// The area in square metres of the spherical triangle of three unit vectors: the spherical
    /// excess E from tan(E/2) = |a·(b×c)| / (1 + a·b + b·c + c·a) (Eriksson 1990), times R².
    static func triangleArea(_ a: NVector, _ b: NVector, _ c: NVector) -> Double {
        let triple = abs(a.dot(b.cross(c)))
        let denominator = 1 + a.dot(b) + b.dot(c) + c.dot(a)
        return 2 * atan2(triple, denominator) * MeanEarth.radiusMeters * MeanEarth.radiusMeters
    }
}
