import Foundation
import Testing

@testable import FootprintGeo

/// `simplify_shapely.json`: lines simplified by shapely 2.2 / GEOS 3.14 (see Fixtures/README.md).
private struct ShapelyFixture: Decodable {
    struct Case: Decodable {
        var line: String
        var tolerance: Double
        var kept: [Int]
    }
    var lines: [String: [[Double]]]
    var cases: [Case]

    static let shared: ShapelyFixture = {
        let url = Bundle.module.url(forResource: "simplify_shapely", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(ShapelyFixture.self, from: Data(contentsOf: url))
    }()

    /// A fixture line ([lon, lat] pairs) as a LineString.
    func line(_ name: String) throws -> LineString {
        try LineString(lines[name]!.map { try Coordinate(latitude: $0[1], longitude: $0[0]) })
    }
}

@Suite struct DouglasPeuckerDegreesTests {
    @Test(arguments: 0..<40)
    func keepsExactlyWhatShapelyKeeps(index: Int) throws {
        let fixture = ShapelyFixture.shared
        let testCase = fixture.cases[index]
        let line = try fixture.line(testCase.line)
        let simplified = try line.simplified(toleranceDegrees: testCase.tolerance)
        let expected = testCase.kept.map { line.coordinates[$0] }
        #expect(simplified.coordinates == expected, "\(testCase.line) at \(testCase.tolerance)°")
    }

    @Test func fixtureHasEveryCase() {
        #expect(ShapelyFixture.shared.cases.count == 40)
    }

    @Test func shortLinesComeBackAsTheyAre() throws {
        let a = try Coordinate(latitude: 37.5, longitude: 127)
        let b = try Coordinate(latitude: 37.6, longitude: 127.1)
        for coordinates in [[], [a], [a, b]] {
            let line = LineString(unchecked: coordinates)
            #expect(try line.simplified(toleranceDegrees: 10) == line)
            #expect(try line.simplified(tolerance: 1e7) == line)
        }
    }

    @Test func rejectsNegativeAndNaNTolerances() {
        let line = LineString(unchecked: [])
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "tolerance", value: "-1 degrees", reason: "it must be zero or a positive number")
        ) {
            try line.simplified(toleranceDegrees: -1)
        }
        #expect(throws: FootprintGeoError.self) { try line.simplified(toleranceDegrees: .nan) }
        #expect(throws: FootprintGeoError.self) { try line.simplified(tolerance: -5) }
    }

    /// A convex arc keeps every point at tolerance 0, and each split peels one point off a
    /// section's end: a recursive Douglas–Peucker goes as deep as the line is long.
    @Test func deepSplitsNeedNoRecursion() throws {
        let count = 3_000
        let arc = try (0..<count).map { index -> Coordinate in
            let x = Double(index) / Double(count)
            return try Coordinate(latitude: x * x * x * 10, longitude: x * 10)
        }
        #expect(try LineString(arc).simplified(toleranceDegrees: 0).coordinates.count == count)
    }

    /// The peer benchmark's check: 27,507 points kept of the 100,000-point track
    /// (shapely and PostGIS ST_Simplify), here on the 3,000-point sample at 1e-5°.
    @Test func peerTrackSample() throws {
        let line = try ShapelyFixture.shared.line("peer track 3000")
        #expect(try line.simplified(toleranceDegrees: 1e-5).coordinates.count == 786)
    }
}

@Suite struct DouglasPeuckerMetresTests {
    /// An independent reference: recursive Douglas–Peucker with the aviation formulary's
    /// cross-track and along-track distances (haversine, same sphere), written plainly.
    static func reference(_ points: [Coordinate], tolerance: Double) -> [Coordinate] {
        let radius = 6_371_008.8
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        func angle(_ a: Coordinate, _ b: Coordinate) -> Double {
            let dLat = radians(b.latitude - a.latitude)
            let dLon = radians(b.longitude - a.longitude)
            let h =
                sin(dLat / 2) * sin(dLat / 2)
                + cos(radians(a.latitude)) * cos(radians(b.latitude)) * sin(dLon / 2) * sin(dLon / 2)
            return 2 * asin(min(1, h.squareRoot()))
        }
        func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
            let dLon = radians(b.longitude - a.longitude)
            return atan2(
                sin(dLon) * cos(radians(b.latitude)),
                cos(radians(a.latitude)) * sin(radians(b.latitude))
                    - sin(radians(a.latitude)) * cos(radians(b.latitude)) * cos(dLon))
        }
        func distance(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
            let d13 = angle(a, p)
            let d12 = angle(a, b)
            let crossTrack = asin(sin(d13) * sin(bearing(a, p) - bearing(a, b)))
            let alongTrack = acos(max(-1, min(1, cos(d13) / cos(crossTrack))))
            let ahead = cos(bearing(a, p) - bearing(a, b)) > 0
            if d12 == 0 || !ahead || alongTrack > d12 { return min(d13, angle(b, p)) * radius }
            return abs(crossTrack) * radius
        }
        var kept = [Bool](repeating: false, count: points.count)
        kept[0] = true
        kept[points.count - 1] = true
        func section(_ first: Int, _ last: Int) {
            guard last - first > 1 else { return }
            var farthest = first
            var farthestDistance = -1.0
            for k in (first + 1)..<last {
                let d = distance(points[k], points[first], points[last])
                if d > farthestDistance {
                    farthestDistance = d
                    farthest = k
                }
            }
            guard farthestDistance > tolerance else { return }
            kept[farthest] = true
            section(first, farthest)
            section(farthest, last)
        }
        section(0, points.count - 1)
        return points.indices.filter { kept[$0] }.map { points[$0] }
    }

    static func walk(count: Int, from start: Coordinate, stepDegrees: Double, seed: UInt64, heading: Double = 0)
        -> [Coordinate]
    {
        var generator = WalkGenerator(seed: seed)
        var latitude = start.latitude
        var longitude = start.longitude
        var heading = heading
        return (0..<count).map { _ in
            heading += (generator.nextUnit() - 0.5) * 0.8
            latitude += cos(heading) * stepDegrees
            longitude += sin(heading) * stepDegrees / cos(latitude * .pi / 180)
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
    }

    @Test(arguments: [1.0, 5.0, 20.0, 100.0])
    func matchesTheCrossTrackReferenceInSeoul(tolerance: Double) throws {
        let line = Self.walk(
            count: 600, from: try Coordinate(latitude: 37.5665, longitude: 126.978), stepDegrees: 0.0001, seed: 1)
        let simplified = try LineString(line).simplified(tolerance: tolerance).coordinates
        #expect(simplified == Self.reference(line, tolerance: tolerance))
        #expect(simplified.count > 2 && simplified.count < line.count)
    }

    @Test(arguments: [10.0, 1_000.0])
    func matchesTheReferenceAcrossTheAntimeridianAndNearThePole(tolerance: Double) throws {
        let fiji = Self.walk(
            count: 300, from: try Coordinate(latitude: -16.5, longitude: 179.95), stepDegrees: 0.001, seed: 2,
            heading: .pi / 2)
        #expect(fiji.contains { $0.longitude < 0 } && fiji.contains { $0.longitude > 0 })
        #expect(
            try LineString(fiji).simplified(tolerance: tolerance).coordinates
                == Self.reference(fiji, tolerance: tolerance))
        let svalbard = Self.walk(
            count: 300, from: try Coordinate(latitude: 88.5, longitude: 15), stepDegrees: 0.001, seed: 3)
        #expect(
            try LineString(svalbard).simplified(tolerance: tolerance).coordinates
                == Self.reference(svalbard, tolerance: tolerance))
    }

    /// A point 10 m off a 22 km arc that crosses the antimeridian: planar degrees would see a
    /// 359.8° segment; on the sphere the point goes at 20 m and stays at 5 m.
    @Test func toleranceInMetresAcrossTheAntimeridian() throws {
        let offset = 10 / 6_371_008.8 * 180 / .pi
        let line = try LineString([
            Coordinate(latitude: 0, longitude: 179.9),
            Coordinate(latitude: offset, longitude: 180),
            Coordinate(latitude: 0, longitude: -179.9),
        ])
        #expect(try line.simplified(tolerance: 20).coordinates.count == 2)
        #expect(try line.simplified(tolerance: 5).coordinates.count == 3)
    }

    @Test func closedLineStaysClosed() throws {
        let square = try LineString([
            Coordinate(latitude: 37.5, longitude: 127), Coordinate(latitude: 37.5001, longitude: 127.0000001),
            Coordinate(latitude: 37.5002, longitude: 127), Coordinate(latitude: 37.5002, longitude: 127.001),
            Coordinate(latitude: 37.5, longitude: 127.001), Coordinate(latitude: 37.5, longitude: 127),
        ])
        let simplified = try square.simplified(tolerance: 1).coordinates
        #expect(simplified.first == simplified.last)
        #expect(simplified.count == 5)
    }
}

/// A small deterministic generator for test lines (SplitMix64, Steele et al. 2014).
private struct WalkGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A double in [0, 1).
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
