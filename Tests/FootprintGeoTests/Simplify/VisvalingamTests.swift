import Foundation
import Testing

@testable import FootprintGeo

@Suite struct VisvalingamTests {
    /// A plain O(n²) Visvalingam–Whyatt: recompute every area each round, drop the smallest
    /// (first on ties), never let an area fall below the last one removed.
    static func reference(_ points: [Coordinate], isDone: (Double, Int) -> Bool) -> [Coordinate] {
        var remaining = Array(points.indices)
        var floor = 0.0
        while remaining.count > 2 {
            var smallest = -1
            var smallestArea = Double.infinity
            for position in 1..<(remaining.count - 1) {
                let area = max(
                    floor,
                    Visvalingam.triangleArea(
                        NVector(points[remaining[position - 1]]), NVector(points[remaining[position]]),
                        NVector(points[remaining[position + 1]])))
                if area < smallestArea || (area == smallestArea && remaining[position] < remaining[smallest]) {
                    smallestArea = area
                    smallest = position
                }
            }
            if isDone(smallestArea, remaining.count) { break }
            floor = smallestArea
            remaining.remove(at: smallest)
        }
        return remaining.map { points[$0] }
    }

    static let seoulWalk = DouglasPeuckerMetresTests.walk(
        count: 400, from: Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978), stepDegrees: 0.0001, seed: 5)

    @Test(arguments: [10.0, 100.0, 1_000.0, 10_000.0])
    func minimumAreaMatchesThePlainAlgorithm(area: Double) throws {
        let simplified = try LineString(Self.seoulWalk).simplifiedVisvalingam(minimumArea: area).coordinates
        #expect(simplified == Self.reference(Self.seoulWalk) { next, _ in next >= area })
        #expect(simplified.first == Self.seoulWalk.first && simplified.last == Self.seoulWalk.last)
    }

    @Test(arguments: [2, 3, 10, 100, 399, 400, 1_000])
    func keepingCountMatchesThePlainAlgorithm(count: Int) throws {
        let simplified = try LineString(Self.seoulWalk).simplifiedVisvalingam(keeping: count).coordinates
        #expect(simplified.count == min(count, Self.seoulWalk.count))
        #expect(simplified == Self.reference(Self.seoulWalk) { _, remaining in remaining <= count })
    }

    /// 0.001° × 0.001° right triangle at the equator: legs of 111.195 m on the mean sphere,
    /// so ½ · 111.195² = 6,182.2 m² (the sphere's excess differs by far less than 1e-6).
    @Test func triangleAreaInSquareMetres() {
        let area = Visvalingam.triangleArea(
            NVector(Coordinate(uncheckedLatitude: 0, longitude: 0)),
            NVector(Coordinate(uncheckedLatitude: 0, longitude: 0.001)),
            NVector(Coordinate(uncheckedLatitude: 0.001, longitude: 0)))
        let leg = 6_371_008.8 * 0.001 * .pi / 180
        #expect(abs(area - leg * leg / 2) < 1e-3)
    }

    @Test func rejectsBadArguments() {
        let line = LineString(unchecked: [])
        #expect(throws: FootprintGeoError.self) { try line.simplifiedVisvalingam(minimumArea: -1) }
        #expect(throws: FootprintGeoError.self) { try line.simplifiedVisvalingam(minimumArea: .nan) }
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "point count", value: "1", reason: "a line keeps at least its 2 ends")
        ) {
            try line.simplifiedVisvalingam(keeping: 1)
        }
    }

    @Test func shortLinesComeBackAsTheyAre() throws {
        let two = LineString(unchecked: [
            Coordinate(uncheckedLatitude: 1, longitude: 2), Coordinate(uncheckedLatitude: 3, longitude: 4),
        ])
        #expect(try two.simplifiedVisvalingam(minimumArea: 1e12) == two)
        #expect(try LineString(unchecked: []).simplifiedVisvalingam(keeping: 2).isEmpty)
    }
}
