import Foundation
import Testing

@testable import FootprintGeo

/// A long section's largest keys are found by blocks (each block's largest alone, then the
/// winning block read again): the largest, the second largest and the first index of the
/// largest must be those of the one-pass scan, on ties inside a block and across blocks too.
@Suite struct DouglasPeuckerLargestKeyTests {
    /// Both scans of the inner points of the whole line.
    static func bothScans(_ points: [Coordinate]) -> (
        oneshot: (largest: Double, second: Double, index: Int),
        blocks: (largest: Double, second: Double, index: Int)
    ) {
        points.withUnsafeBufferPointer { buffer in
            let last = buffer.count - 1
            let dx = buffer[last].longitude - buffer[0].longitude
            let dy = buffer[last].latitude - buffer[0].latitude
            let lengthSquared = dx * dx + dy * dy
            return (
                DouglasPeucker.largestKeys(buffer, 0, 1, last, dx: dx, dy: dy, lengthSquared: lengthSquared),
                DouglasPeucker.largestKeysByBlocks(buffer, 0, 1, last, dx: dx, dy: dy, lengthSquared: lengthSquared)
            )
        }
    }

    @Test(arguments: [257, 300, 1_000, 4_099, 100_003])
    func blocksFindTheOnePassKeysOnAWalk(count: Int) {
        let walk = DouglasPeuckerParallelTests.walk(count: count, seed: UInt64(count))
        let (oneshot, blocks) = Self.bothScans(walk)
        #expect(blocks.largest == oneshot.largest)
        #expect(blocks.second == oneshot.second)
        #expect(blocks.index == oneshot.index)
        #expect(blocks.index > 0 && blocks.index < count - 1)
    }

    /// The farthest point twice, in different blocks (and once more in the same block): the
    /// second largest equals the largest, which makes the split a tie that GEOS's own distance
    /// decides (``DouglasPeucker/exactSplit(_:_:_:tolerance:keyAtLeast:)``), and the index is one
    /// of the farthest.
    @Test(arguments: [(1_000, [100, 900]), (1_000, [700, 703, 40]), (5_000, [4_990, 4_000])])
    func tiesAcrossBlocksAreSeen(count: Int, farthest: [Int]) {
        var points = (0..<count).map { Coordinate(uncheckedLatitude: 37.5, longitude: 127 + Double($0) * 1e-5) }
        for index in farthest { points[index].latitude += 1e-3 }
        let (oneshot, blocks) = Self.bothScans(points)
        #expect(blocks.largest == oneshot.largest)
        #expect(blocks.second == blocks.largest)
        #expect(blocks.second == oneshot.second)
        #expect(farthest.contains(blocks.index))
    }

    /// Every inner point on the chord: every key is 0, one tie.
    @Test func aStraightLineIsOneTie() {
        let points = (0..<2_000).map { Coordinate(uncheckedLatitude: 37.5, longitude: 127 + Double($0) * 1e-5) }
        let (oneshot, blocks) = Self.bothScans(points)
        #expect(blocks.largest == oneshot.largest)
        #expect(blocks.second == blocks.largest)
        #expect(blocks.second == oneshot.second)
    }

    /// Long lines simplify to GEOS's points: the planar split equals GEOS's own distance on every
    /// section (``DouglasPeucker/exactSplit(_:_:_:tolerance:keyAtLeast:)``).
    @Test(arguments: [1e-5, 3e-5, 1e-4])
    func longSectionsSplitAsGEOSDoes(tolerance: Double) {
        let walk = DouglasPeuckerParallelTests.walk(count: 20_000, seed: 7)
        walk.withUnsafeBufferPointer { buffer in
            let fast = DouglasPeucker.keptMask(count: buffer.count) {
                DouglasPeucker.splitPlanar(buffer, $0, $1, tolerance: tolerance)
            }
            let geos = DouglasPeucker.keptMask(count: buffer.count) {
                DouglasPeucker.exactSplit(buffer, $0, $1, tolerance: tolerance, keyAtLeast: -.infinity)
            }
            #expect(fast.count == geos.count)
            #expect(fast.kept == geos.kept)
        }
    }
}
