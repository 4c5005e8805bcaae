import Foundation
import Testing

@testable import FootprintGeo

/// The nearest point of a line against a bisection on GeographicLib 2.1 (line_measures.csv), and
/// the screening against an exhaustive search.
@Suite struct LineStringClosestCoordinateTests {
    @Test(arguments: LineMeasuresFixture.closest.indices)
    func matchesGeographicLib(_ index: Int) throws {
        let row = LineMeasuresFixture.closest[index]
        let line = try #require(LineMeasuresFixture.lines[row.line])
        let found = try #require(line.closestCoordinate(to: row.query))
        #expect(abs(found.distanceMeters - row.distance) <= 1e-6, "\(row.line) \(row.query)")
        #expect(Geodesic.distance(from: found.coordinate, to: row.expected) <= 1e-4, "\(row.line) \(row.query)")
        #expect(found.segmentIndex == row.segment, "\(row.line) \(row.query)")
        #expect(abs(found.distanceAlongMeters - row.along) <= 1e-4, "\(row.line) \(row.query)")
    }

    @Test func aPointOnTheLineIsZeroAway() throws {
        let line = try #require(LineMeasuresFixture.lines["korea-trip"])
        let onLine = try #require(line.coordinate(atDistance: 250_000))
        let found = try #require(line.closestCoordinate(to: onLine))
        #expect(found.distanceMeters < 1e-6)
        #expect(abs(found.distanceAlongMeters - 250_000) < 1e-6)
        #expect(found.segmentIndex == 1)
    }

    @Test func aLineOfOnePositionAnswersThatPosition() throws {
        let busan = Coordinate(uncheckedLatitude: 35.1796, longitude: 129.0756)
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        let found = try #require(LineString(unchecked: [busan]).closestCoordinate(to: seoul))
        #expect(found.coordinate == busan)
        #expect(found.distanceMeters == Geodesic.distance(from: seoul, to: busan))
        #expect(found.segmentIndex == 0 && found.distanceAlongMeters == 0)
    }

    /// A wandering 3,000-position walk in Seoul and queries around it: the screened search must
    /// find what refining every segment finds.
    @Test func screeningNeverMissesTheNearestSegment() throws {
        var generator = SplitMix64(seed: 20_240_501)
        var coordinates: [Coordinate] = []
        var latitude = 37.55
        var longitude = 126.98
        var heading = 0.0
        for _ in 0..<3000 {
            heading += Double.random(in: -0.6...0.6, using: &generator)
            latitude += 0.0004 * cos(heading)
            longitude += 0.0005 * sin(heading)
            coordinates.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        }
        let line = LineString(unchecked: coordinates)
        for _ in 0..<40 {
            let query = Coordinate(
                uncheckedLatitude: Double.random(in: 37.4...37.7, using: &generator),
                longitude: Double.random(in: 126.8...127.2, using: &generator))
            let found = try #require(line.closestCoordinate(to: query))
            var best = Double.infinity
            for index in coordinates.indices.dropLast() {
                best = min(
                    best,
                    LineString.closestPoint(
                        onGeodesicFrom: coordinates[index], to: coordinates[index + 1], nearest: query
                    )
                    .distance)
            }
            #expect(found.distanceMeters == best)
        }
    }
}

/// A small deterministic generator for reproducible test data.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
