/// Douglas–Peucker on the rings of polygons that never makes a ring cross itself or another ring,
/// nor moves a ring to the other side of one: the idea of GEOS's `TopologyPreservingSimplifier`
/// (JTS `TaggedLineStringSimplifier`; PostGIS `ST_SimplifyPreserveTopology`, shapely
/// `simplify(preserve_topology=True)`), written anew.
///
/// Each ring is simplified by Douglas–Peucker, section by section. A section whose farthest
/// point is within the tolerance is replaced by the segment between its ends only when that
/// segment meets no other segment except at a shared end — no segment of the input outside the
/// section (of any ring), and no segment that already replaced a section — and when no other
/// ring starts inside the area between the section and the segment (a hole or a neighbouring
/// polygon would jump sides without any crossing). Otherwise the section splits at its farthest
/// point, as if it were beyond the tolerance. A ring keeps at least 4 positions: the sections of
/// the first two levels are always split (GEOS's minimum ring size; a ring is never dropped).
///
/// The decisions differ from GEOS's in what is tested, not in the guarantee: GEOS also flattens a
/// second-level section once the ring has 4 points elsewhere, and may move a ring's start; so on
/// some rings GEOS keeps a few points fewer. Planar tests use plain doubles (not robust
/// predicates). Input segments sit in a uniform grid so that a test looks at the segments near
/// the candidate, not all of them.
struct RingSimplifier {
    /// Section (first, last) of `ring`: `nil` when its farthest inner point is within the
    /// tolerance, else that point's index.
    typealias Split = (_ ring: Int, _ first: Int, _ last: Int) -> Int?
    /// The farthest inner point of section (first, last) of `ring`, whatever its distance.
    typealias Farthest = (_ ring: Int, _ first: Int, _ last: Int) -> Int

    private let rings: [[Coordinate]]
    private var grid: SegmentGrid
    /// Each ring's first position with the ring's index, by longitude, so that a section finds
    /// the rings that start within its bounds by binary search (a MultiPolygon of many islands).
    private let probes: [(point: Coordinate, ring: Int)]

    init(rings: [[Coordinate]]) {
        self.rings = rings
        grid = SegmentGrid(rings: rings)
        probes = rings.indices.filter { !rings[$0].isEmpty }.map { (rings[$0][0], $0) }
            .sorted { $0.point.longitude < $1.point.longitude }
    }

    /// The rings simplified, in the same order; a ring of fewer than 4 positions comes back as is.
    mutating func simplified(split: Split, farthest: Farthest) -> [[Coordinate]] {
        var result: [[Coordinate]] = []
        result.reserveCapacity(rings.count)
        for ring in rings.indices {
            result.append(simplifiedRing(ring, split: split, farthest: farthest))
        }
        return result
    }

    private mutating func simplifiedRing(_ ring: Int, split: Split, farthest: Farthest) -> [Coordinate] {
        let points = rings[ring]
        guard points.count >= 4 else { return points }
        var kept = [Bool](repeating: false, count: points.count)
        kept[0] = true
        kept[points.count - 1] = true
        // (first, last, depth) triples; depth 1 is the whole ring.
        var stack: [(Int, Int, Int)] = [(0, points.count - 1, 1)]
        while let (first, last, depth) = stack.popLast() {
            guard last - first > 1 else { continue }
            var index = split(ring, first, last)
            if index == nil, depth < 3 || !canFlatten(ring, first, last) {
                index = farthest(ring, first, last)
            }
            guard var index else {
                grid.insertChord(points[first], points[last])
                continue
            }
            if index <= first || index >= last { index = first + 1 }  // NaN distances only
            kept[index] = true
            stack.append((index, last, depth + 1))
            stack.append((first, index, depth + 1))
        }
        return points.indices.filter { kept[$0] }.map { points[$0] }
    }

    /// True when the section may become the one segment between its ends.
    private func canFlatten(_ ring: Int, _ first: Int, _ last: Int) -> Bool {
        let points = rings[ring]
        let start = points[first]
        let end = points[last]
        if grid.hasInteriorIntersection(start, end, excludingRing: ring, from: first, to: last) { return false }
        // Another ring wholly inside the area the section encloses with the segment would change
        // sides without crossing anything; its first position is always kept, so it is the test.
        var section = Bounds(points[first])
        for index in (first + 1)...last { section.extend(points[index]) }
        var low = 0
        var high = probes.count
        while low < high {
            let middle = (low + high) / 2
            if probes[middle].point.longitude < section.minX { low = middle + 1 } else { high = middle }
        }
        return points.withUnsafeBufferPointer { buffer in
            for (probe, other) in probes[low...] {
                if probe.longitude > section.maxX { break }
                if other != ring, section.contains(probe), PlanarSegments.contains(buffer, first, last, probe) {
                    return false
                }
            }
            return true
        }
    }
}

/// An axis-aligned box in longitude (x) and latitude (y).
struct Bounds {
    var minX, minY, maxX, maxY: Double

    init(_ point: Coordinate) {
        (minX, maxX, minY, maxY) = (point.longitude, point.longitude, point.latitude, point.latitude)
    }

    mutating func extend(_ point: Coordinate) {
        minX = min(minX, point.longitude)
        maxX = max(maxX, point.longitude)
        minY = min(minY, point.latitude)
        maxY = max(maxY, point.latitude)
    }

    func contains(_ point: Coordinate) -> Bool {
        minX <= point.longitude && point.longitude <= maxX && minY <= point.latitude && point.latitude <= maxY
    }
}
