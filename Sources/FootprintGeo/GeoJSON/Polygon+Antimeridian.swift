extension Polygon {
    /// The polygon cut where it crosses the antimeridian (RFC 7946 §3.1.9): the pieces west of
    /// it (edges at 180°) and east of it (edges at −180°), each oriented by the right-hand rule,
    /// holes kept in the piece that holds them; one piece when it does not cross. Longitudes
    /// beyond ±180° are first wrapped into range.
    ///
    /// The cut follows the meridian exactly: each ring is unwrapped into continuous longitudes,
    /// its crossings with 180° are paired in order of latitude (the stretches of the meridian
    /// inside the polygon), and each side's boundary arcs are joined through those pairs. A
    /// polygon that encircles a pole (its exterior crosses an odd number of times) cannot be cut
    /// this way and is returned with wrapped longitudes only.
    public func splitAtAntimeridian() -> [Polygon] {
        guard rings.contains(where: Antimeridian.needsWork) else { return [self] }
        let wrapped = Polygon(unchecked: rings.map(Antimeridian.wrapped))
        return AntimeridianCut(wrapped)?.pieces() ?? [wrapped]
    }
}

/// The work of cutting one polygon: rings in unwrapped longitudes, the meridian at x = 180.
private struct AntimeridianCut {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    struct Crossing {
        var y: Double
        var towardEast: Bool
    }

    /// A stretch of a ring between two crossings, wholly on one side.
    struct Arc {
        var points: [Point]
        var east: Bool
        var startCrossing: Int
        var endCrossing: Int
    }

    static let cut = 180.0
    var rings: [[Point]]

    /// Unwraps and orients the rings; `nil` when the polygon cannot be cut (no exterior, a ring
    /// around a pole, a span of 360° or more, an exterior that does not reach the meridian).
    init?(_ polygon: Polygon) {
        var rings: [[Point]] = []
        for ring in polygon.rings {
            guard ring.count >= 4 else { return nil }
            var points = [Point(x: ring[0].longitude, y: ring[0].latitude)]
            points.reserveCapacity(ring.count)
            for index in 1..<ring.count {
                var step = ring[index].longitude - ring[index - 1].longitude
                if step > 180 { step -= 360 } else if step < -180 { step += 360 }
                points.append(Point(x: points[index - 1].x + step, y: ring[index].latitude))
            }
            // A ring whose unwrapped ends differ by a turn goes round a pole. Ends that differ by
            // the rounding of summing the steps (a circle of 64 vertices around 179.999°E drifts
            // by ~1e-13°) are the same point: the ring is closed exactly again.
            let last = points.count - 1
            guard abs(points[last].x - points[0].x) < 1e-9, points[last].y == points[0].y else { return nil }
            points[last] = points[0]
            rings.append(points)
        }
        guard let exterior = rings.first else { return nil }
        var minimum = exterior.map(\.x).min()!
        var maximum = exterior.map(\.x).max()!
        guard maximum - minimum < 360 else { return nil }
        if maximum <= Self.cut {
            guard minimum < -Self.cut else { return nil }
            // Crossing at −180: move everything east by a turn so that the cut is at 180.
            rings[0] = rings[0].map { Point(x: $0.x + 360, y: $0.y) }
            minimum += 360
            maximum += 360
        }
        // Bring each hole into the exterior's turn.
        let middle = (minimum + maximum) / 2
        for index in rings.indices.dropFirst() {
            let turns = ((middle - rings[index][0].x) / 360).rounded()
            if turns != 0 { rings[index] = rings[index].map { Point(x: $0.x + turns * 360, y: $0.y) } }
        }
        for index in rings.indices {
            let area = Self.signedArea(rings[index])
            if index == 0 ? area < 0 : area > 0 { rings[index].reverse() }
        }
        self.rings = rings
    }

    static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        for index in 1..<ring.count {
            sum +=
                (ring[index - 1].x - ring[0].x) * (ring[index].y - ring[0].y)
                - (ring[index].x - ring[0].x) * (ring[index - 1].y - ring[0].y)
        }
        return sum
    }

    @inline(__always) static func isEast(_ point: Point) -> Bool { point.x > cut }

    /// The pieces, or `nil` when the rings do not pair up as a simple polygon's do.
    func pieces() -> [Polygon]? {
        var crossings: [Crossing] = []
        var arcs: [Arc] = []
        var wholeHoles: [[Point]] = []
        for (ringIndex, ring) in rings.enumerated() {
            let vertexCount = ring.count - 1  // the last repeats the first
            var crossingSegments: [(segment: Int, point: Point, id: Int)] = []
            for segment in 0..<vertexCount {
                let start = ring[segment]
                let end = ring[segment + 1]
                guard Self.isEast(start) != Self.isEast(end) else { continue }
                let fraction = (Self.cut - start.x) / (end.x - start.x)
                let y = start.y + fraction * (end.y - start.y)
                crossingSegments.append((segment, Point(x: Self.cut, y: y), crossings.count))
                crossings.append(Crossing(y: y, towardEast: !Self.isEast(start)))
            }
            if crossingSegments.isEmpty {
                if ringIndex == 0 { return nil }
                wholeHoles.append(ring)
                continue
            }
            for (order, start) in crossingSegments.enumerated() {
                let end = crossingSegments[(order + 1) % crossingSegments.count]
                var points = [start.point]
                var vertex = (start.segment + 1) % vertexCount
                while true {
                    Self.appendDistinct(ring[vertex], to: &points)
                    if vertex == end.segment { break }
                    vertex = (vertex + 1) % vertexCount
                }
                Self.appendDistinct(end.point, to: &points)
                arcs.append(
                    Arc(
                        points: points, east: Self.isEast(ring[(start.segment + 1) % vertexCount]),
                        startCrossing: start.id, endCrossing: end.id))
            }
        }
        guard crossings.count % 2 == 0 else { return nil }
        // The meridian enters and leaves the polygon in turn going north: pair neighbours.
        let sorted = crossings.indices.sorted {
            crossings[$0].y < crossings[$1].y || (crossings[$0].y == crossings[$1].y && $0 < $1)
        }
        var partner = [Int](repeating: 0, count: crossings.count)
        for pair in stride(from: 0, to: sorted.count, by: 2) {
            partner[sorted[pair]] = sorted[pair + 1]
            partner[sorted[pair + 1]] = sorted[pair]
        }
        var result: [Polygon] = []
        for east in [false, true] {
            guard var outlines = joinArcs(arcs, partner: partner, east: east) else { return nil }
            outlines.removeAll { Self.signedArea($0) <= 0 }
            var holes = [[[Point]]](repeating: [], count: outlines.count)
            for hole in wholeHoles where Self.isEast(hole[0]) == east {
                let owner = outlines.firstIndex { Self.contains($0, hole[0]) } ?? 0
                if !outlines.isEmpty { holes[owner].append(hole) }
            }
            let shift = east ? -360.0 : 0
            for (index, outline) in outlines.enumerated() {
                let polygonRings = ([outline] + holes[index]).map { ring in
                    ring.map { Coordinate(uncheckedLatitude: $0.y, longitude: $0.x + shift) }
                }
                result.append(Polygon(unchecked: polygonRings))
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Closed outlines of one side: arc, jump along the meridian to the partner crossing, the
    /// arc that starts there, … back to the first arc.
    func joinArcs(_ arcs: [Arc], partner: [Int], east: Bool) -> [[Point]]? {
        var arcStartingAt: [Int: Int] = [:]
        for (index, arc) in arcs.enumerated() where arc.east == east { arcStartingAt[arc.startCrossing] = index }
        var used = Set<Int>()
        var outlines: [[Point]] = []
        for (first, arc) in arcs.enumerated() where arc.east == east && !used.contains(first) {
            var outline: [Point] = []
            var current = first
            while true {
                used.insert(current)
                for point in arcs[current].points { Self.appendDistinct(point, to: &outline) }
                guard let next = arcStartingAt[partner[arcs[current].endCrossing]] else { return nil }
                if next == first { break }
                guard !used.contains(next) else { return nil }
                current = next
            }
            if outline.first != outline.last { outline.append(outline[0]) }
            if outline.count >= 4 { outlines.append(outline) }
        }
        return outlines
    }

    static func appendDistinct(_ point: Point, to points: inout [Point]) {
        if points.last != point { points.append(point) }
    }

    /// Even–odd ray casting.
    static func contains(_ ring: [Point], _ point: Point) -> Bool {
        var inside = false
        for index in 1..<ring.count {
            let a = ring[index - 1]
            let b = ring[index]
            if (a.y > point.y) != (b.y > point.y), point.x < a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                inside.toggle()
            }
        }
        return inside
    }
}
