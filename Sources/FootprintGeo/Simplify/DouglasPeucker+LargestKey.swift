extension DouglasPeucker {
    /// From this many points a section's largest keys are found by blocks
    /// (``largestKeysByBlocks(_:_:_:_:dx:dy:lengthSquared:)``); below, one pass that also tracks
    /// the index and the second largest costs less than the second look at one block.
    static let blockedMinimum = 256

    /// What ``largestKeys(_:_:_:_:dx:dy:lengthSquared:)`` returns, in two passes that cost less
    /// than its one: the points `from..<to` are cut into blocks (32 or so, of 32 points at least)
    /// and each block's largest key alone is found, four points at a time (no index, no second
    /// largest: a third of the instructions a point); then only the block holding the largest is
    /// read again for its index and its second largest. The second largest of all is the larger
    /// of that block's and the other blocks' largest, so the result is the one-pass result:
    /// the same keys (the same operations on the same doubles), the first index of the largest.
    @inline(__always)
    static func largestKeysByBlocks(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ from: Int, _ to: Int, dx: Double, dy: Double,
        lengthSquared: Double
    ) -> (largest: Double, second: Double, index: Int) {
        let count = to - from
        guard count >= blockedMinimum else {
            return largestKeys(points, first, from, to, dx: dx, dy: dy, lengthSquared: lengthSquared)
        }
        // A multiple of 8, the scan's step.
        let blockSize = max(32, (count / 32 + 7) & ~7)
        var largest = -1.0
        var largestBlock = -1
        var others = -1.0
        var start = from
        while start < to {
            let end = min(start + blockSize, to)
            let key = largestKey(points, first, start, end, dx: dx, dy: dy, lengthSquared: lengthSquared)
            if key > largest {
                others = max(others, largest)
                largest = key
                largestBlock = start
            } else {
                others = max(others, key)
            }
            start = end
        }
        // No key is a number (only possible from unchecked coordinates).
        guard largestBlock >= 0 else { return (-1, -1, first) }
        var result = largestKeys(
            points, first, largestBlock, min(largestBlock + blockSize, to), dx: dx, dy: dy,
            lengthSquared: lengthSquared)
        result.second = max(result.second, others)
        return result
    }

    /// The largest key (see ``splitPlanar(_:_:_:tolerance:cores:)``) of the points `from..<to` of
    /// section (first, …), -1 when none is a number: eight points a step in two independent
    /// SIMD4 maxima, so the loop is bound by arithmetic, not by the maximum's latency.
    @inline(__always)
    static func largestKey(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ from: Int, _ to: Int, dx: Double, dy: Double,
        lengthSquared: Double
    ) -> Double {
        let ax = points[first].longitude
        let ay = points[first].latitude
        // A Coordinate is two doubles, latitude then longitude: four of them are a SIMD8 whose
        // even lanes are y and odd lanes x.
        let raw = UnsafeRawPointer(points.baseAddress!)
        let stride = MemoryLayout<Coordinate>.stride
        let startX = SIMD4<Double>(repeating: ax)
        let startY = SIMD4<Double>(repeating: ay)
        let segmentX = SIMD4<Double>(repeating: dx)
        let segmentY = SIMD4<Double>(repeating: dy)
        let length = SIMD4<Double>(repeating: lengthSquared)
        let zero = SIMD4<Double>(repeating: 0)
        @inline(__always)
        func keys(_ four: SIMD8<Double>) -> SIMD4<Double> {
            let qx = four.oddHalf - startX
            let qy = four.evenHalf - startY
            let dot = qx * segmentX + qy * segmentY
            let cross = qx * segmentY - qy * segmentX
            let before = zero - dot
            var outside = dot - length
            outside.replace(with: before, where: before .> outside)
            outside.replace(with: zero, where: outside .< zero)
            return cross * cross + outside * outside
        }
        var largest0 = SIMD4<Double>(repeating: -1)
        var largest1 = SIMD4<Double>(repeating: -1)
        var k = from
        while k + 8 <= to {
            let key0 = keys(raw.loadUnaligned(fromByteOffset: k * stride, as: SIMD8<Double>.self))
            let key1 = keys(raw.loadUnaligned(fromByteOffset: (k + 4) * stride, as: SIMD8<Double>.self))
            // `key > largest ? key : largest`: one MAXPD, and a NaN key is passed over.
            largest0.replace(with: key0, where: key0 .> largest0)
            largest1.replace(with: key1, where: key1 .> largest1)
            k += 8
        }
        largest0.replace(with: largest1, where: largest1 .> largest0)
        var result = max(max(largest0[0], largest0[1]), max(largest0[2], largest0[3]))
        while k < to {
            let key = planarKey(
                points[k].longitude - ax, points[k].latitude - ay, dx: dx, dy: dy, lengthSquared: lengthSquared)
            if key > result { result = key }
            k += 1
        }
        return result
    }
}
