import FootprintGeo
import Foundation
import Testing

@testable import FootprintStore

/// The noise filter on hand-made tracks: each rule, and what it must leave alone.
@Suite struct TrackNoiseFilterTests {
    /// The verdicts in point order, and whether the track's times stalled.
    static func verdicts(_ samples: [TrackSample], maximumHDOP: Double = 20) -> ([TrackNoise], Bool) {
        var filter = TrackNoiseFilter<Int>(maximumHDOP: maximumHDOP)
        var result = [TrackNoise?](repeating: nil, count: samples.count)
        for (index, sample) in samples.enumerated() {
            filter.add(sample, index) { index, noise in
                #expect(result[index] == nil, "point \(index) judged twice")
                result[index] = noise
            }
        }
        let stalled = filter.finish { index, noise in result[index] = noise }
        return (result.map { $0 ?? .kept }, stalled)
    }

    /// A walk north from 서울광장 at 1.4 m/s, a fix every 10 s.
    static func walk(_ count: Int, segment: Int = 0, start: Double = 1_715_992_800) -> [TrackSample] {
        (0..<count).map { index in
            TrackSample(
                latitude: 37.5658 + Double(index) * 14 / 111_000, longitude: 126.9779,
                epoch: start + Double(index) * 10,
                segment: segment)
        }
    }

    @Test func pointsAboveTheHDOPLimitAreNoise() {
        var samples = Self.walk(5)
        samples[1].hdop = 20
        samples[2].hdop = 20.5
        samples[3].hdop = 3
        #expect(Self.verdicts(samples).0 == [.kept, .kept, .hdop, .kept, .kept])
        #expect(Self.verdicts(samples, maximumHDOP: 2).0 == [.kept, .hdop, .hdop, .hdop, .kept])
    }

    @Test func aLoneFarPointIsASpikeAndItsNeighboursStay() {
        var samples = Self.walk(7)
        // 1.5 km east within 10 s: 540 km/h there and back, while its neighbours are 28 m apart.
        samples[3].longitude += 1_500 / (111_320 * cos(37.57 * .pi / 180))
        #expect(Self.verdicts(samples).0 == [.kept, .kept, .kept, .speedSpike, .kept, .kept, .kept])
    }

    @Test func aStraightFastStretchStays() {
        // A train at 100 m/s (360 km/h) along a straight line: every step is fast, no point is alone.
        let samples = (0..<8).map { index in
            TrackSample(latitude: 37 + Double(index) * 1_000 / 111_000, longitude: 127, epoch: Double(index) * 10)
        }
        #expect(Self.verdicts(samples).0 == [TrackNoise](repeating: .kept, count: 8))
    }

    @Test func aPointJustUnderTheSpeedLimitStays() {
        var samples = Self.walk(5)
        // 800 m off in 10 s: 288 km/h, under 300.
        samples[2].latitude += 800 / 111_195.0
        #expect(Self.verdicts(samples).0 == [TrackNoise](repeating: .kept, count: 5))
    }

    @Test func aRepeatedTimeIsADuplicate() {
        var samples = Self.walk(5)
        samples[2].epoch = samples[1].epoch
        samples[3].epoch = samples[1].epoch
        #expect(Self.verdicts(samples).0 == [.kept, .kept, .duplicateTime, .duplicateTime, .kept])
    }

    @Test func segmentsAreJudgedApart() {
        // The first segment ends 5 km from where the second starts, 10 s later (a gap in recording):
        // neither end is a spike, and the second segment's first time may repeat the first's last.
        var samples = Self.walk(3)
        var second = Self.walk(3, segment: 1, start: samples[2].epoch!)
        for index in second.indices { second[index].latitude += 5_000 / 111_195.0 }
        samples += second
        #expect(Self.verdicts(samples).0 == [TrackNoise](repeating: .kept, count: 6))
    }

    @Test func untimedPointsMeetOnlyTheHDOPRule() {
        var samples = Self.walk(4)
        for index in samples.indices { samples[index].epoch = nil }
        samples[2].latitude += 1  // 111 km off, but with no time there is no speed
        samples[3].hdop = 30
        #expect(Self.verdicts(samples) == ([.kept, .kept, .kept, .hdop], false))
    }

    @Test func aTrackWhoseTimesDoNotAdvanceIsKeptWhole() {
        // As gpxpy's Mojstrovka.gpx: 184 points 10 m apart, all within 1 ms.
        var samples = (0..<184).map { index in
            TrackSample(
                latitude: 46.4 + Double(index) * 10 / 111_195, longitude: 13.8,
                epoch: -2_147_483_647.792 + Double(index % 3) * 0.0004)
        }
        samples[5].hdop = 50
        let (verdicts, stalled) = Self.verdicts(samples)
        #expect(stalled)
        #expect(verdicts.filter { $0 != .kept } == [.hdop])
        #expect(verdicts[5] == .hdop)
    }

    @Test func timesThatAdvanceLateStillFilterTheEarlyPoints() {
        // Two points at one time, then the track moves on: the repeat is a duplicate after all.
        var samples = Self.walk(4)
        samples[1].epoch = samples[0].epoch
        let (verdicts, stalled) = Self.verdicts(samples)
        #expect(verdicts == [.kept, .duplicateTime, .kept, .kept])
        #expect(!stalled)
    }
}
