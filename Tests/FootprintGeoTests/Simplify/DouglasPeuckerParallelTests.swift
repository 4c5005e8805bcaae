import Foundation
import Testing

@testable import FootprintGeo

/// Lines of 65,536 points or more are simplified on every core; the points kept must be the
/// serial section loop's, on lines whose splits are balanced and on lines where they are not.
@Suite struct DouglasPeuckerParallelTests {
    /// A seeded GPS-like random walk of `count` points (steps of ~1e-5°, slowly turning).
    static func walk(count: Int, seed: UInt64) -> [Coordinate] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var heading = 0.0
        var latitude = 37.5
        var longitude = 127.0
        return (0..<count).map { _ in
            heading += (next() - 0.5) * 0.6
            latitude += 1e-5 * (sin(heading) + (next() - 0.5))
            longitude += 1e-5 * (cos(heading) + (next() - 0.5))
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
    }

    static func serial(_ points: [Coordinate], toleranceDegrees: Double) -> [Coordinate] {
        points.withUnsafeBufferPointer { buffer in
            let kept = DouglasPeucker.keptMask(count: buffer.count) {
                DouglasPeucker.splitPlanar(buffer, $0, $1, tolerance: toleranceDegrees)
            }
            return DouglasPeucker.select(buffer, kept: kept)
        }
    }

    @Test(arguments: [(200_000, 1e-5), (70_000, 0.0), (150_000, 1e-3)])
    func keepsTheSerialLoopsPoints(count: Int, tolerance: Double) throws {
        let points = Self.walk(count: count, seed: UInt64(count))
        let parallel = try LineString(unchecked: points).simplified(toleranceDegrees: tolerance).coordinates
        #expect(parallel == Self.serial(points, toleranceDegrees: tolerance))
        #expect(parallel.count > 2)
    }

    /// A convex arc splits one point off a section's end each time: the first sections are as
    /// unbalanced as they can be, and the shares still add up to every point.
    @Test func anUnbalancedLineKeepsEveryPoint() throws {
        let count = 70_000
        let arc = (0..<count).map { index -> Coordinate in
            let x = Double(index) / Double(count)
            return Coordinate(uncheckedLatitude: x * x * x * 10, longitude: x * 10)
        }
        #expect(try LineString(unchecked: arc).simplified(toleranceDegrees: 0).coordinates == arc)
    }

    /// A section of 100,000 points split on every core, whose two farthest points lie in
    /// different shares at the same distance, and one share all on the chord: the merged keys
    /// must pick GEOS's point (the first of the tie), as one core does.
    @Test(arguments: [2, 3, 4])
    func keysComputedOnSeveralCoresSplitAsOnOne(cores: Int) throws {
        let count = 100_000
        let points = (0..<count).map { index -> Coordinate in
            let bump = index == 30_000 || index == 70_000 ? 0.01 : (index < 50_000 ? 1e-7 * Double(index % 7) : 0)
            return Coordinate(uncheckedLatitude: 37 + bump, longitude: 127 + Double(index) * 1e-5)
        }
        let (one, several) = points.withUnsafeBufferPointer { buffer in
            (
                DouglasPeucker.splitPlanar(buffer, 0, count - 1, tolerance: 1e-5),
                DouglasPeucker.splitPlanar(buffer, 0, count - 1, tolerance: 1e-5, cores: cores)
            )
        }
        #expect(one == 30_000)
        #expect(several == one)
        let line = Self.walk(count: count, seed: 11)
        line.withUnsafeBufferPointer { buffer in
            for (first, last) in [(0, count - 1), (10, 60_000), (5, 9), (0, 3)] {
                #expect(
                    DouglasPeucker.splitPlanar(buffer, first, last, tolerance: 1e-6, cores: cores)
                        == DouglasPeucker.splitPlanar(buffer, first, last, tolerance: 1e-6))
            }
        }
    }

    @Test func metresKeepTheSerialLoopsPointsToo() throws {
        let points = Self.walk(count: 100_000, seed: 7)
        let parallel = try LineString(unchecked: points).simplified(tolerance: 2).coordinates
        let serial = points.withUnsafeBufferPointer { buffer in
            let vectors = NVector.of(buffer)
            return vectors.withUnsafeBufferPointer { vectors in
                DouglasPeucker.select(
                    buffer,
                    kept: DouglasPeucker.keptMask(count: buffer.count) {
                        DouglasPeucker.splitSpherical(vectors, $0, $1, limit: MeanEarth.chordSquared(ofArc: 2))
                    })
            }
        }
        #expect(parallel == serial)
    }
}
