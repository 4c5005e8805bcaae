/// The Douglas–Peucker section loop (Douglas & Peucker 1973), shared by the planar-degree and
/// the metre variants.
///
/// GEOS `DouglasPeuckerLineSimplifier::simplifySection` recurses; this loop keeps the sections
/// still to look at on an explicit stack, so a line of millions of points cannot overflow the
/// call stack. Each section's decision depends only on the points inside it, so the order in
/// which sections are taken does not change which points are kept.
enum DouglasPeucker {
    /// Which of `count` points are kept: the two ends, and recursively the farthest point of
    /// every section whose farthest distance is beyond the tolerance.
    ///
    /// - Parameters:
    ///   - farthest: for a section `(first, last)` with at least one point between them, the
    ///     index of the point between them farthest from the segment first–last (the first such
    ///     point on ties, as GEOS's strict `>` picks it) and its distance, in whatever measure the
    ///     caller uses.
    ///   - isRemovable: whether a section whose farthest distance is this one loses all its inner
    ///     points (GEOS: `maxDistance <= distanceTolerance`).
    @inline(__always)
    static func keptMask(
        count: Int, farthest: (Int, Int) -> (index: Int, distance: Double), isRemovable: (Double) -> Bool
    ) -> [Bool] {
        var kept = [Bool](repeating: false, count: count)
        guard count > 0 else { return kept }
        kept[0] = true
        kept[count - 1] = true
        guard count > 2 else { return kept }
        // Pairs (first, last), flattened; a section of a balanced split pushes two, so the stack
        // stays near log2(count) pairs for real lines and is bounded by count in the worst case.
        var stack: [Int] = [0, count - 1]
        stack.reserveCapacity(128)
        while let last = stack.popLast() {
            let first = stack.removeLast()
            guard last - first > 1 else { continue }
            let (index, distance) = farthest(first, last)
            if isRemovable(distance) { continue }
            kept[index] = true
            stack.append(index)
            stack.append(last)
            stack.append(first)
            stack.append(index)
        }
        return kept
    }

    /// The points whose flag is set, in order.
    static func select(_ points: UnsafeBufferPointer<Coordinate>, kept: [Bool]) -> [Coordinate] {
        var result: [Coordinate] = []
        result.reserveCapacity(kept.reduce(0) { $0 + ($1 ? 1 : 0) })
        for index in points.indices where kept[index] { result.append(points[index]) }
        return result
    }
}
