import Foundation
import Testing

@testable import FootprintGeo

/// `simplify_topology_shapely.json`: polygons that ring-by-ring Douglas–Peucker makes invalid,
/// with shapely 2.1.2 / GEOS 3.13.1 `simplify(tolerance, preserve_topology=True)`'s output
/// (tools/fixtures/topology_simplify_cases.py).
private struct TopologyFixture: Decodable {
    struct Shape: Decodable {
        var type: String
        var coordinates: AnyRings
    }
    struct Case: Decodable {
        var name: String
        var tolerance: Double
        var geometry: Shape
        var expected: Shape
        var naive_valid: Bool
    }
    var cases: [Case]

    static let shared: TopologyFixture = {
        let url = Bundle.module.url(
            forResource: "simplify_topology_shapely", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(TopologyFixture.self, from: Data(contentsOf: url))
    }()
}

/// A Polygon's rings or a MultiPolygon's polygons, as [[[[lon, lat]]]] (one polygon for a Polygon).
private struct AnyRings: Decodable {
    var polygons: [[[[Double]]]]
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let multi = try? container.decode([[[[Double]]]].self) {
            polygons = multi
        } else {
            polygons = [try container.decode([[[Double]]].self)]
        }
    }
}

extension TopologyFixture.Shape {
    var polygons: [Polygon] {
        coordinates.polygons.map { rings in
            Polygon(
                unchecked: rings.map { ring in ring.map { Coordinate(uncheckedLatitude: $0[1], longitude: $0[0]) } })
        }
    }
    var geometry: Geometry {
        type == "Polygon" ? .polygon(polygons[0]) : .multiPolygon(MultiPolygon(polygons))
    }
}

/// What makes polygons invalid in the plane, found by brute force with the test's own arithmetic:
/// a ring under 4 positions or open, two segments that meet other than consecutive ones at
/// their shared end (within a ring or across rings and polygons), a hole with a position
/// outside its shell, a polygon whose shell starts inside another's.
enum PlanarValidity {
    static func problems(_ polygons: [Polygon]) -> [String] {
        var problems: [String] = []
        var segments: [(polygon: Int, ring: Int, index: Int, count: Int, a: Coordinate, b: Coordinate)] = []
        for (p, polygon) in polygons.enumerated() {
            for (r, ring) in polygon.rings.enumerated() {
                if ring.count < 4 || ring.first != ring.last {
                    problems.append("ring \(p).\(r) has \(ring.count) positions")
                }
                for k in 0..<(ring.count - 1) { segments.append((p, r, k, ring.count - 1, ring[k], ring[k + 1])) }
            }
            for (r, hole) in polygon.rings.enumerated().dropFirst() {
                for point in hole.dropLast() where !inside(point, polygon.rings[0]) {
                    problems.append("hole \(p).\(r) has \(point) outside its shell")
                }
            }
            for (q, other) in polygons.enumerated() where q != p {
                if inside(polygon.rings[0][0], other.rings[0]) { problems.append("polygon \(p) starts inside \(q)") }
            }
        }
        for i in segments.indices {
            for j in segments.indices where j > i {
                let s = segments[i]
                let t = segments[j]
                let sameRing = s.polygon == t.polygon && s.ring == t.ring
                let adjacent =
                    sameRing
                    && (abs(s.index - t.index) == 1
                        || (min(s.index, t.index) == 0 && max(s.index, t.index) == s.count - 1))
                if adjacent {
                    if collinearOverlap(s.a, s.b, t.a, t.b) {
                        problems.append("segments \(s.index),\(t.index) of ring \(s.polygon).\(s.ring) fold back")
                    }
                } else if meet(s.a, s.b, t.a, t.b) {
                    problems.append("segment \(s.polygon).\(s.ring).\(s.index) meets \(t.polygon).\(t.ring).\(t.index)")
                }
            }
        }
        return problems
    }

    static func cross(_ o: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        (a.longitude - o.longitude) * (b.latitude - o.latitude) - (a.latitude - o.latitude)
            * (b.longitude - o.longitude)
    }

    static func onSegment(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        cross(a, b, p) == 0 && min(a.longitude, b.longitude) <= p.longitude
            && p.longitude <= max(a.longitude, b.longitude)
            && min(a.latitude, b.latitude) <= p.latitude && p.latitude <= max(a.latitude, b.latitude)
    }

    /// Any common point at all.
    static func meet(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, _ d: Coordinate) -> Bool {
        let d1 = cross(c, d, a)
        let d2 = cross(c, d, b)
        let d3 = cross(a, b, c)
        let d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b)
    }

    /// Consecutive segments a→b, b→c (in either order) that run back over each other.
    static func collinearOverlap(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, _ d: Coordinate) -> Bool {
        guard cross(a, b, c) == 0, cross(a, b, d) == 0 else { return false }
        let shared = (b == c || b == d) ? b : a
        let far1 = shared == a ? b : a
        let far2 = shared == c ? d : c
        let dot =
            (far1.longitude - shared.longitude) * (far2.longitude - shared.longitude)
            + (far1.latitude - shared.latitude) * (far2.latitude - shared.latitude)
        return dot > 0
    }

    static func inside(_ point: Coordinate, _ ring: [Coordinate]) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i]
            let b = ring[j]
            if (a.latitude > point.latitude) != (b.latitude > point.latitude),
                point.longitude < (b.longitude - a.longitude) * (point.latitude - a.latitude)
                    / (b.latitude - a.latitude) + a.longitude
            {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    static func polygons(_ geometry: Geometry) -> [Polygon] {
        switch geometry {
        case .polygon(let polygon): return [polygon]
        case .multiPolygon(let multi): return multi.polygons
        default: return []
        }
    }
}

@Suite struct TopologyPreservingSimplifyTests {
    @Test func fixtureHasEveryCase() {
        #expect(TopologyFixture.shared.cases.count == 4)
        #expect(TopologyFixture.shared.cases.allSatisfy { !$0.naive_valid })
    }

    /// Valid where ring-by-ring Douglas–Peucker is not; as many rings as shapely's, each with at
    /// least as many positions as shapely keeps and no more than the input has (GEOS may flatten a
    /// second-level section that is refused here; the positions themselves are not compared).
    @Test(arguments: 0..<4)
    func degreesGiveValidPolygonsAsShapelyDoes(index: Int) throws {
        let testCase = TopologyFixture.shared.cases[index]
        #expect(PlanarValidity.problems(testCase.expected.polygons) == [], "shapely, \(testCase.name)")
        #expect(PlanarValidity.problems(testCase.geometry.polygons) == [], "input, \(testCase.name)")
        let simplified = try testCase.geometry.geometry.simplified(toleranceDegrees: testCase.tolerance)
        let polygons = PlanarValidity.polygons(simplified)
        #expect(PlanarValidity.problems(polygons) == [], "\(testCase.name)")
        let ours = polygons.map { $0.rings.map(\.count) }
        let shapely = testCase.expected.polygons.map { $0.rings.map(\.count) }
        let input = testCase.geometry.polygons.map { $0.rings.map(\.count) }
        try #require(ours.map(\.count) == shapely.map(\.count), "\(testCase.name): \(ours) vs shapely \(shapely)")
        for (p, rings) in ours.enumerated() {
            for (r, count) in rings.enumerated() {
                #expect(
                    count >= shapely[p][r] && count <= input[p][r], "\(testCase.name): \(ours) vs shapely \(shapely)")
            }
        }
        // Something was simplified: the test would pass trivially on the input itself.
        #expect(ours.joined().reduce(0, +) < input.joined().reduce(0, +), "\(testCase.name)")
    }

    /// The metre tolerance keeps polygons valid the same way (1° of latitude ≈ 111 km).
    @Test(arguments: 0..<4)
    func metresGiveValidPolygons(index: Int) throws {
        let testCase = TopologyFixture.shared.cases[index]
        let simplified = try testCase.geometry.geometry.simplified(tolerance: testCase.tolerance * 111_000)
        #expect(PlanarValidity.problems(PlanarValidity.polygons(simplified)) == [], "\(testCase.name)")
    }

    /// Ring-by-ring Douglas–Peucker (the line simplifier on each ring) does break these, so the
    /// validator sees what the rules prevent.
    @Test(arguments: 0..<4)
    func theValidatorCatchesRingByRingSimplification(index: Int) throws {
        let testCase = TopologyFixture.shared.cases[index]
        let naive = testCase.geometry.polygons.map { polygon in
            Polygon(
                unchecked: polygon.rings.map { ring in
                    let line = try! LineString(unchecked: ring).simplified(toleranceDegrees: testCase.tolerance)
                        .coordinates
                    return line.count >= 4 ? line : ring  // a collapse aside: kept whole, as the rules do
                })
        }
        #expect(!PlanarValidity.problems(naive).isEmpty, "\(testCase.name)")
    }

    @Test func linesKeepWhatTheLineSimplifierKeeps() throws {
        let line = LineString(
            unchecked: (0..<50).map {
                Coordinate(uncheckedLatitude: 37.5 + Double($0 % 7) * 0.001, longitude: 127 + Double($0) * 0.001)
            })
        #expect(
            try Geometry.lineString(line).simplified(toleranceDegrees: 0.002)
                == .lineString(try line.simplified(toleranceDegrees: 0.002)))
    }

    @Test func aRingIsNeverDropped() throws {
        let polygon = Polygon(unchecked: [
            [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]].map { Coordinate(uncheckedLatitude: $0[1], longitude: $0[0]) },
            [[0.5, 0.5], [0.5000001, 0.5], [0.5, 0.5000001], [0.5, 0.5]].map {
                Coordinate(uncheckedLatitude: $0[1], longitude: $0[0])
            },
        ])
        #expect(try Geometry.polygon(polygon).simplified(toleranceDegrees: 10) == .polygon(polygon))
    }

    /// Seeded jagged stars: a shell with a hole and, in a MultiPolygon, a neighbour a few
    /// hundredths of a degree away. Star-shaped rings are simple by construction.
    static func jaggedPolygons(seed: Int) -> [Polygon] {
        var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        func star(centerX: Double, radius: Double, jag: Double, count: Int, clockwise: Bool) -> [Coordinate] {
            var ring = (0..<count).map { index -> Coordinate in
                let angle = 2 * Double.pi * Double(index) / Double(count) * (clockwise ? -1 : 1)
                let r = radius * (1 - jag * random())
                return Coordinate(uncheckedLatitude: 37.5 + r * sin(angle), longitude: centerX + r * cos(angle))
            }
            ring.append(ring[0])
            return ring
        }
        let shell = star(centerX: 127, radius: 0.1, jag: 0.6, count: 80, clockwise: false)
        let hole = star(centerX: 127, radius: 0.038, jag: 0.5, count: 30, clockwise: true)
        let island = star(centerX: 127.155, radius: 0.05, jag: 0.5, count: 40, clockwise: false)
        return [Polygon(unchecked: [shell, hole]), Polygon(unchecked: [island])]
    }

    static let tolerances = [0.001, 0.005, 0.01, 0.03, 0.1]

    /// Every valid input stays valid, at tolerances from below the jaggedness to beyond the
    /// hole's size, in degrees and in metres.
    @Test(arguments: 0..<30)
    func randomJaggedPolygonsStayValid(seed: Int) throws {
        let polygons = Self.jaggedPolygons(seed: seed)
        try #require(PlanarValidity.problems(polygons) == [])
        for tolerance in Self.tolerances {
            let simplified = try Geometry.multiPolygon(MultiPolygon(polygons)).simplified(toleranceDegrees: tolerance)
            #expect(PlanarValidity.problems(PlanarValidity.polygons(simplified)) == [], "seed \(seed) at \(tolerance)°")
            let metres = try Geometry.multiPolygon(MultiPolygon(polygons)).simplified(tolerance: tolerance * 111_000)
            #expect(
                PlanarValidity.problems(PlanarValidity.polygons(metres)) == [], "seed \(seed) at \(tolerance) × 111 km")
            if tolerance == 0.03 {
                #expect(PlanarValidity.polygons(simplified).flatMap(\.rings).joined().count < 80 + 31 + 41 + 1)
            }
        }
    }

    /// The rules matter on these inputs: ring-by-ring Douglas–Peucker breaks many of them.
    @Test func ringByRingBreaksManyOfTheRandomPolygons() throws {
        var broken = 0
        for seed in 0..<30 {
            let polygons = Self.jaggedPolygons(seed: seed)
            for tolerance in Self.tolerances {
                let naive = polygons.map { polygon in
                    Polygon(
                        unchecked: polygon.rings.map { ring in
                            let line = try! LineString(unchecked: ring).simplified(toleranceDegrees: tolerance)
                                .coordinates
                            return line.count >= 4 ? line : ring
                        })
                }
                if !PlanarValidity.problems(naive).isEmpty { broken += 1 }
            }
        }
        #expect(broken >= 10, "\(broken) of 150 broken")
    }
}
