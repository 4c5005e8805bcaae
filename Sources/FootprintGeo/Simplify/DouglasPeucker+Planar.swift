import Dispatch

extension DouglasPeucker {
    /// GEOS's `Distance::pointToSegment` (GEOS 3.14, `src/algorithm/Distance.cpp`), operation for
    /// operation so that the doubles are the same: x is the longitude and y the latitude in
    /// degrees, as shapely reads a GeoJSON line. (Swapping the axes would give the same doubles:
    /// every sum in it is commutative and the cross term only changes sign.)
    @inline(__always)
    static func geosPointToSegment(
        _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double
    ) -> Double {
        if ax == bx && ay == by { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
        let lengthSquared = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
        let r = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / lengthSquared
        if r <= 0 { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
        if r >= 1 { return ((px - bx) * (px - bx) + (py - by) * (py - by)).squareRoot() }
        let s = ((ay - py) * (bx - ax) - (ax - px) * (by - ay)) / lengthSquared
        return abs(s) * lengthSquared.squareRoot()
    }

    /// GEOS's decision for section (first, last) at `tolerance` degrees: `nil` when its farthest
    /// inner point is within the tolerance (`maxDistance <= distanceTolerance`: the inner points
    /// go), else GEOS's `maxIndex`, the first point of greatest GEOS distance, where it splits.
    ///
    /// GEOS computes two divisions and a square root for every point. Here one pass computes a
    /// cheap key per point instead, two points at a time: key = cross² + e², where cross is the
    /// cross product of the point and the segment, and e how far the point's projection falls
    /// before or after the segment (0 inside it). key / length² is the exact squared distance to
    /// the segment, so key differs from GEOS's distance² × length² only by rounding: a relative
    /// 1e-15 and, where GEOS's rounded projection ratio moves a point from inside onto an end, an
    /// absolute 1e-15 × length⁴. The pass keeps the largest key and the second largest. When the
    /// second is below the largest by more than 1e-12 (relative) + 1e-12 × length⁴, no other
    /// point can have a GEOS distance as large, so the largest is GEOS's `maxIndex`; the
    /// tolerance test is then decided on the key unless it lies within that same margin of the
    /// tolerance, where GEOS's own distance decides. Near-ties (rare: collinear or symmetric
    /// points) fall back to GEOS's distance for every point within the margin, first one wins.
    /// The result is GEOS's to the last point, in about 60 % of the time of GEOS's arithmetic.
    ///
    /// With `cores` above 1 (a section of hundreds of thousands of points, at the top of a long
    /// line), the keys are computed on that many cores, each over its share of the points.
    @inline(__always)
    static func splitPlanar(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ last: Int, tolerance: Double, cores: Int = 1
    ) -> Int? {
        let ax = points[first].longitude
        let ay = points[first].latitude
        let bx = points[last].longitude
        let by = points[last].latitude
        if last - first == 2 {
            let distance = geosPointToSegment(points[first + 1].longitude, points[first + 1].latitude, ax, ay, bx, by)
            return distance <= tolerance ? nil : first + 1
        }
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        // A zero or underflowing segment (a closed line's first section): GEOS's way throughout.
        guard lengthSquared.isNormal, lengthSquared.isFinite else {
            return exactSplit(points, first, last, tolerance: tolerance, keyAtLeast: -.infinity)
        }
        let (maxKey, secondKey, maxIndex) =
            cores > 1
            ? largestKeys(points, first, last, dx: dx, dy: dy, lengthSquared: lengthSquared, cores: cores)
            : largestKeysByBlocks(points, first, first + 1, last, dx: dx, dy: dy, lengthSquared: lengthSquared)
        guard maxKey >= 0, maxIndex > first, maxIndex < last else {
            // NaN keys, only possible from unchecked coordinates.
            return exactSplit(points, first, last, tolerance: tolerance, keyAtLeast: -.infinity)
        }
        let margin = lengthSquared * lengthSquared * 1e-12
        let band = maxKey * (1 - 1e-12) - margin
        if secondKey >= band {
            return exactSplit(points, first, last, tolerance: tolerance, keyAtLeast: band)
        }
        let toleranceKey = tolerance * tolerance * lengthSquared
        if maxKey * (1 + 1e-12) + margin < toleranceKey { return nil }
        if band > toleranceKey { return maxIndex }
        let distance = geosPointToSegment(points[maxIndex].longitude, points[maxIndex].latitude, ax, ay, bx, by)
        return distance <= tolerance ? nil : maxIndex
    }

    /// The key (see ``splitPlanar(_:_:_:tolerance:)``) of one point.
    @inline(__always)
    static func planarKey(_ qx: Double, _ qy: Double, dx: Double, dy: Double, lengthSquared: Double) -> Double {
        let dot = qx * dx + qy * dy
        let cross = qx * dy - qy * dx
        let outside = max(0, max(-dot, dot - lengthSquared))
        return cross * cross + outside * outside
    }

    /// The largest key of the points `from..<to` of section (first, …) (`dx`, `dy`: its end minus
    /// its start), the largest among the others (equal to it on a tie), and the first index of
    /// the largest (`first` when no key is a number). Two lanes of SIMD2<Double>, which the
    /// baseline x86-64 and arm64 targets both have.
    @inline(__always)
    static func largestKeys(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ from: Int, _ to: Int, dx: Double, dy: Double,
        lengthSquared: Double
    ) -> (largest: Double, second: Double, index: Int) {
        let last = to
        let ax = points[first].longitude
        let ay = points[first].latitude
        // A Coordinate is two doubles, latitude then longitude: read each as a SIMD2 (y, x).
        let pairs = UnsafeRawPointer(points.baseAddress!).assumingMemoryBound(to: SIMD2<Double>.self)
        let startX = SIMD2<Double>(repeating: ax)
        let startY = SIMD2<Double>(repeating: ay)
        let segmentX = SIMD2<Double>(repeating: dx)
        let segmentY = SIMD2<Double>(repeating: dy)
        let length = SIMD2<Double>(repeating: lengthSquared)
        let zero = SIMD2<Double>(repeating: 0)
        var largest = SIMD2<Double>(repeating: -1)
        var second = SIMD2<Double>(repeating: -1)
        var index = SIMD2<Double>(repeating: -1)
        var indices = SIMD2<Double>(Double(from), Double(from + 1))
        let step = SIMD2<Double>(repeating: 2)
        var k = from
        while k + 1 < last {
            let p0 = pairs[k]
            let p1 = pairs[k + 1]
            let qx = SIMD2<Double>(p0.y, p1.y) - startX
            let qy = SIMD2<Double>(p0.x, p1.x) - startY
            let dot = qx * segmentX + qy * segmentY
            let cross = qx * segmentY - qy * segmentX
            let before = zero - dot
            var outside = dot - length
            outside.replace(with: before, where: before .> outside)
            outside.replace(with: zero, where: outside .< zero)
            let key = cross * cross + outside * outside
            let isLarger = key .> largest
            // The second largest of a lane: the old largest when the key replaces it, else the key.
            let displaced = key.replacing(with: largest, where: isLarger)
            second.replace(with: displaced, where: displaced .> second)
            largest.replace(with: key, where: isLarger)
            index.replace(with: indices, where: isLarger)
            indices += step
            k += 2
        }
        var result: (largest: Double, second: Double, index: Int)
        if largest.y > largest.x {
            result = (largest.y, max(largest.x, second.x, second.y), Int(index.y))
        } else {
            // On equal lanes the second equals the largest: a tie, decided by GEOS's distance.
            result = (largest.x, max(largest.y, second.x, second.y), index.x >= 0 ? Int(index.x) : first)
        }
        if k < last {
            let key = planarKey(
                points[k].longitude - ax, points[k].latitude - ay, dx: dx, dy: dy, lengthSquared: lengthSquared)
            if key > result.largest {
                result = (key, result.largest, k)
            } else if key > result.second {
                result.second = key
            }
        }
        return result
    }

    /// ``largestKeys(_:_:_:_:dx:dy:lengthSquared:)`` of the inner points of (first, last), each of
    /// `cores` cores taking a share of them. The shares' results merge as the lanes' do: the
    /// largest of all, and as the second the largest of everything else (the other shares'
    /// largest included, so that a tie between shares is seen as one).
    static func largestKeys(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ last: Int, dx: Double, dy: Double,
        lengthSquared: Double, cores: Int
    ) -> (largest: Double, second: Double, index: Int) {
        let shares = UnsafeMutableBufferPointer<(largest: Double, second: Double, index: Int)>.allocate(
            capacity: cores)
        defer { shares.deallocate() }
        let results = SendableShares(base: shares.baseAddress!)
        let shared = SharedBuffer(points)
        let inner = last - first - 1
        DispatchQueue.concurrentPerform(iterations: cores) { share in
            let from = first + 1 + inner * share / cores
            let to = first + 1 + inner * (share + 1) / cores
            results.base[share] =
                from < to
                ? largestKeysByBlocks(shared.buffer, first, from, to, dx: dx, dy: dy, lengthSquared: lengthSquared)
                : (-1, -1, first)
        }
        var top = 0
        for share in 1..<cores where shares[share].largest > shares[top].largest { top = share }
        var result = shares[top]
        for share in 0..<cores {
            result.second = max(result.second, shares[share].second)
            if share != top { result.second = max(result.second, shares[share].largest) }
        }
        return result
    }

    /// GEOS's decision by GEOS's distance, computed for each inner point whose key is at least
    /// `keyAtLeast` (every point for -infinity); the first point of greatest distance wins.
    static func exactSplit(
        _ points: UnsafeBufferPointer<Coordinate>, _ first: Int, _ last: Int, tolerance: Double, keyAtLeast: Double
    ) -> Int? {
        let ax = points[first].longitude
        let ay = points[first].latitude
        let bx = points[last].longitude
        let by = points[last].latitude
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        var maxDistance = -1.0
        var maxIndex = first
        for k in (first + 1)..<last {
            let px = points[k].longitude
            let py = points[k].latitude
            if keyAtLeast > -.infinity,
                planarKey(px - ax, py - ay, dx: dx, dy: dy, lengthSquared: lengthSquared) < keyAtLeast
            {
                continue
            }
            let distance = geosPointToSegment(px, py, ax, ay, bx, by)
            if distance > maxDistance {
                maxDistance = distance
                maxIndex = k
            }
        }
        return maxDistance <= tolerance ? nil : maxIndex
    }
}

/// The shares' results of ``DouglasPeucker/largestKeys(_:_:_:dx:dy:lengthSquared:cores:)``, each
/// written by its own core only.
private struct SendableShares: @unchecked Sendable {
    let base: UnsafeMutablePointer<(largest: Double, second: Double, index: Int)>
}
