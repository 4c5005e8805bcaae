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
    /// `split(first, last)`, for a section with at least one point between its ends, returns
    /// `nil` when the farthest inner point is within the tolerance (the inner points go), else
    /// the index of the farthest inner point (the first on ties, as GEOS's strict `>` picks it),
    /// where the section splits in two.
    @inline(__always)
    static func keptMask(count: Int, split: (Int, Int) -> Int?) -> (kept: [Bool], count: Int) {
        var kept = [Bool](repeating: false, count: count)
        guard count > 0 else { return (kept, 0) }
        kept[0] = true
        kept[count - 1] = true
        var keptCount = count > 1 ? 2 : 1
        guard count > 2 else { return (kept, keptCount) }
        // Sections with inner points, as (first, last) pairs flattened. A split pushes at most two,
        // so the stack stays near log2(count) pairs on real lines and below count at worst.
        var stack: [Int] = [0, count - 1]
        stack.reserveCapacity(128)
        while let last = stack.popLast() {
            let first = stack.removeLast()
            guard let index = split(first, last) else { continue }
            kept[index] = true
            keptCount += 1
            if last - index > 1 {
                stack.append(index)
                stack.append(last)
            }
            if index - first > 1 {
                stack.append(first)
                stack.append(index)
            }
        }
        return (kept, keptCount)
    }

    /// The points whose flag is set, in order; `count` of them.
    static func select(_ points: UnsafeBufferPointer<Coordinate>, kept: (kept: [Bool], count: Int)) -> [Coordinate] {
        [Coordinate](unsafeUninitializedCapacity: kept.count) { result, initialized in
            var cursor = 0
            for index in points.indices where kept.kept[index] {
                (result.baseAddress! + cursor).initialize(to: points[index])
                cursor += 1
            }
            initialized = cursor
        }
    }
}
