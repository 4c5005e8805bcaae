import Foundation
import Testing

@testable import FootprintGeo

/// Random routes and zones from a seeded generator (the test's own, so a failure replays): the
/// mask's guarantees must hold for every case, not only for hand-picked ones.
@Suite("PrivacyMask properties")
struct PrivacyMaskPropertyTests {
    /// xorshift64* (Vigna 2016): independent of the SplitMix64 under test.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_f491_4f6c_dd1d
        }

        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }

        mutating func integer(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
    }

    struct Case {
        var zones: [PrivacyZone]
        var parts: [[Coordinate]]
    }

    /// Zones around a random spot (lat −60…60), and parts wandering near them: random walks of
    /// 5–150 m steps with a drifting bearing, starting within three radii of the first zone.
    static func randomCase(seed: UInt64, zoneCount: Int) throws -> Case {
        var random = Generator(state: seed | 1)
        let spot = Coordinate(
            uncheckedLatitude: random.uniform(-60...60), longitude: random.uniform(-179.9...179.9))
        var zones: [PrivacyZone] = []
        for index in 0..<zoneCount {
            let radius = random.uniform(40...3_000)
            let center =
                index == 0
                ? spot
                : spot.destination(bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...4_000))
            if random.integer(0...3) == 0 {
                // A square-ish polygon of about the same size, a quarter of the time.
                let corners = (0..<4).map {
                    center.destination(bearingDegrees: Double($0) * 90 + 45, distanceMeters: radius)
                }
                zones.append(try PrivacyZone(polygon: Polygon([corners + [corners[0]]])))
            } else {
                zones.append(try PrivacyZone(center: center, radiusMeters: radius))
            }
        }
        var parts: [[Coordinate]] = []
        for _ in 0..<random.integer(1...4) {
            var point = spot.destination(
                bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...9_000))
            var bearing = random.uniform(0...360)
            var part: [Coordinate] = []
            for _ in 0..<random.integer(0...600) {
                part.append(point)
                bearing += random.uniform(-30...30)
                point = point.destination(bearingDegrees: bearing, distanceMeters: random.uniform(5...150))
            }
            parts.append(part)
        }
        return Case(zones: zones, parts: parts)
    }

    @Test(arguments: 1...60)
    func noKeptPointIsInAZoneAndRunsAreNeverJoined(seed: Int) throws {
        let test = try Self.randomCase(seed: UInt64(seed) &* 0x9e37_79b9, zoneCount: 1 + seed % 3)
        let mask = PrivacyMask(zones: test.zones)
        let runs = mask.keptRuns(in: test.parts)
        for run in runs {
            for point in test.parts[run.part][run.range] {
                #expect(!test.zones.contains { $0.contains(point) }, "seed \(seed): kept \(point)")
            }
        }
        // Runs are ordered, disjoint, and two runs of one part always have a dropped point
        // between them, so no output part joins across a zone.
        for (first, second) in zip(runs, runs.dropFirst()) {
            #expect(
                first.part < second.part
                    || (first.part == second.part && first.range.upperBound < second.range.lowerBound))
        }
        // Every point between two runs, or cut off at a part's end, was dropped for a reason:
        // it lies in a zone or within half a zone's radius (at least 30 m) of one.
        var kept = test.parts.map { [Bool](repeating: false, count: $0.count) }
        for run in runs { for position in run.range { kept[run.part][position] = true } }
        for (part, flags) in kept.enumerated() {
            for (position, isKept) in flags.enumerated() where !isKept {
                let point = test.parts[part][position]
                #expect(test.zones.contains { $0.distanceMeters(from: point) <= $0.maximumCutMarginMeters })
            }
        }
        #expect(mask.masked(test.parts) == runs.map { Array(test.parts[$0.part][$0.range]) })
    }

    /// With one zone, a kept point next to a dropped one is beyond the minimum margin of 30 m,
    /// and the dropped one is within the maximum (half the radius): the cut lies in that band.
    @Test(arguments: 100...160)
    func cutsLieBetweenThirtyMetresAndHalfTheRadius(seed: Int) throws {
        let test = try Self.randomCase(seed: UInt64(seed) &* 0x9e37_79b9, zoneCount: 1)
        let zone = test.zones[0]
        let runs = PrivacyMask(zones: test.zones).keptRuns(in: test.parts)
        for run in runs {
            let part = test.parts[run.part]
            if run.range.lowerBound > 0 {
                #expect(zone.distanceMeters(from: part[run.range.lowerBound]) > 30)
                #expect(zone.distanceMeters(from: part[run.range.lowerBound - 1]) <= zone.maximumCutMarginMeters)
            }
            if run.range.upperBound < part.count {
                #expect(zone.distanceMeters(from: part[run.range.upperBound - 1]) > 30)
                #expect(zone.distanceMeters(from: part[run.range.upperBound]) <= zone.maximumCutMarginMeters)
            }
        }
    }

    @Test(arguments: 200...230)
    func sameInputSameOutput(seed: Int) throws {
        let first = try Self.randomCase(seed: UInt64(seed), zoneCount: 2)
        let second = try Self.randomCase(seed: UInt64(seed), zoneCount: 2)
        let a = PrivacyMask(zones: first.zones).masked(first.parts)
        let b = PrivacyMask(zones: second.zones).masked(second.parts)
        #expect(a == b)
        let bits = { (parts: [[Coordinate]]) in
            parts.flatMap { $0.flatMap { [$0.latitude.bitPattern, $0.longitude.bitPattern] } }
        }
        #expect(bits(a) == bits(b))
    }

    /// A route with no point in a zone comes back exactly as it was: the same routes moved
    /// 300 km north (beyond the cases' reach of about 100 km), and any random case that misses.
    @Test(arguments: 300...320)
    func routesOutsideAreUnchanged(seed: Int) throws {
        let test = try Self.randomCase(seed: UInt64(seed), zoneCount: 2)
        let mask = PrivacyMask(zones: test.zones)
        let moved = test.parts.map { part in
            part.map { $0.destination(bearingDegrees: 0, distanceMeters: 300_000) }
        }
        #expect(mask.masked(moved) == moved)
        let misses = test.parts.allSatisfy { $0.allSatisfy { !mask.isMasked($0) } }
        if misses { #expect(mask.masked(test.parts) == test.parts) }
    }
}
