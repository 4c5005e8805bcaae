import Foundation
import Testing

@testable import FootprintGeo

@Suite("PrivacyMask")
struct PrivacyMaskTests {
    static let home = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// Points every `step` metres along the geodesic from `start` at `bearing`, `count` of them.
    static func line(from start: Coordinate, bearing: Double, step: Double, count: Int) -> [Coordinate] {
        (0..<count).map { start.destination(bearingDegrees: bearing, distanceMeters: Double($0) * step) }
    }

    /// A straight walk through the zone's centre, from 2 km west to 2 km east, a point per metre.
    static func eastbound(through center: Coordinate, step: Double = 1) -> [Coordinate] {
        let start = center.destination(bearingDegrees: 270, distanceMeters: 2_000)
        return line(from: start, bearing: 90, step: step, count: Int(4_000 / step) + 1)
    }

    @Test func routeOutsideIsUnchanged() throws {
        let mask = PrivacyMask(zones: [try PrivacyZone(center: Self.home, radiusMeters: 300)])
        let far = Self.home.destination(bearingDegrees: 0, distanceMeters: 5_000)
        let parts = [Self.line(from: far, bearing: 90, step: 20, count: 50), [], [far]]
        #expect(mask.masked(parts) == parts)
        #expect(
            mask.keptRuns(in: parts) == [
                .init(part: 0, range: 0..<50), .init(part: 1, range: 0..<0), .init(part: 2, range: 0..<1),
            ])
    }

    @Test func routeInsideYieldsNothing() throws {
        let mask = PrivacyMask(zones: [try PrivacyZone(center: Self.home, radiusMeters: 300)])
        let parts = [Self.line(from: Self.home, bearing: 45, step: 5, count: 50), [Self.home]]
        #expect(mask.masked(parts).isEmpty)
    }

    @Test func noZonesKeepsEverything() {
        let parts = [Self.eastbound(through: Self.home, step: 100)]
        #expect(PrivacyMask(zones: []).masked(parts) == parts)
    }

    /// One crossing: two parts, each ending (or starting) between 30 m and r/2 beyond the edge —
    /// with a point per metre, the first kept point is at most a metre beyond the margin.
    @Test func oneCrossingCutsBeyondTheEdge() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 1_000)
        let route = Self.eastbound(through: Self.home)
        let runs = PrivacyMask(zones: [zone]).keptRuns(in: [route])
        try #require(runs.count == 2)
        let beforeEntry = route[runs[0].range.upperBound - 1]
        let afterExit = route[runs[1].range.lowerBound]
        for kept in [beforeEntry, afterExit] {
            let distance = zone.distanceMeters(from: kept)
            #expect(distance > 30 && distance <= 500 + 1)
        }
        // The dropped neighbours are within the margin, so within r/2 of the edge.
        #expect(zone.distanceMeters(from: route[runs[0].range.upperBound]) <= 500)
        #expect(zone.distanceMeters(from: route[runs[1].range.lowerBound - 1]) <= 500)
        // Entry and exit are cut at different distances.
        #expect(abs(zone.distanceMeters(from: beforeEntry) - zone.distanceMeters(from: afterExit)) > 1)
    }

    @Test func zoneCrossedTwiceGivesThreeParts() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 300)
        let out = Self.eastbound(through: Self.home, step: 10)
        let back = Self.line(
            from: out.last!.destination(bearingDegrees: 0, distanceMeters: 100), bearing: 270, step: 10, count: 401)
        let parts = PrivacyMask(zones: [zone]).masked([out + back])
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { $0.allSatisfy { zone.distanceMeters(from: $0) > 30 } })
    }

    /// Many crossings of one zone: the cut distances spread over the margin's range, unlike the
    /// constant ring a fixed margin draws.
    @Test func cutsDifferBetweenCrossings() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 400)
        var route: [Coordinate] = []
        for pass in 0..<12 {
            // Chords north–south through the zone, 50 m apart, alternating direction.
            let offset = Double(pass - 6) * 50
            let west = Self.home.destination(bearingDegrees: 90, distanceMeters: offset)
            let bearing = pass.isMultiple(of: 2) ? 0.0 : 180.0
            let start = west.destination(bearingDegrees: bearing + 180, distanceMeters: 1_000)
            route += Self.line(from: start, bearing: bearing, step: 1, count: 2_001)
        }
        let runs = PrivacyMask(zones: [zone]).keptRuns(in: [route])
        var cuts: [Double] = []
        for (index, run) in runs.enumerated() {
            if index > 0 { cuts.append(zone.distanceMeters(from: route[run.range.lowerBound])) }
            if index < runs.count - 1 { cuts.append(zone.distanceMeters(from: route[run.range.upperBound - 1])) }
        }
        #expect(cuts.count == 24)
        #expect(cuts.allSatisfy { $0 > 30 && $0 <= 201 })
        #expect(cuts.max()! - cuts.min()! > 50)
        #expect(Set(cuts.map { ($0).rounded() }).count > 12)
    }

    @Test func keepsPayloadAndNeverJoinsAcrossAZone() throws {
        struct TrackPoint: Equatable {
            var coordinate: Coordinate
            var index: Int
        }
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 500)
        let route = Self.eastbound(through: Self.home, step: 25).enumerated().map {
            TrackPoint(coordinate: $0.element, index: $0.offset)
        }
        let parts = PrivacyMask(zones: [zone]).masked([route]) { $0.coordinate }
        #expect(parts.count == 2)
        for part in parts {
            #expect(zip(part, part.dropFirst()).allSatisfy { $1.index == $0.index + 1 })
            #expect(part.allSatisfy { route[$0.index] == $0 })
        }
        #expect(parts[0].first?.index == 0)
        #expect(parts[1].last?.index == route.count - 1)
    }

    @Test func polygonZoneKeepsTheHole() throws {
        let zone = try PrivacyZone(polygon: PrivacyZoneTests.donut)
        // West to east along the middle latitude: through the ring, the 350 m hole, the ring.
        let start = Coordinate(uncheckedLatitude: 37.505, longitude: 126.99)
        let route = Self.line(from: start, bearing: 90, step: 1, count: 2_700)
        let parts = PrivacyMask(zones: [zone]).masked([route])
        #expect(parts.allSatisfy { $0.allSatisfy { zone.distanceMeters(from: $0) > 30 } })
        // The zone's maximum margin (half of a ~510 m equivalent radius) exceeds half the hole's
        // width, so the hole may or may not keep points; the parts before and after always stay.
        #expect(parts.count >= 2)
        #expect(parts.first?.first == route.first)
        #expect(parts.last?.last == route.last)
    }

    @Test func lonePoints() throws {
        let mask = PrivacyMask(zones: [
            try PrivacyZone(center: Self.home, radiusMeters: 200),
            try PrivacyZone(polygon: PrivacyZoneTests.donut),
        ])
        #expect(mask.isMasked(Self.home.destination(bearingDegrees: 10, distanceMeters: 199)))
        // No margin for lone points: a photo 5 m outside the zone is kept.
        #expect(!mask.isMasked(Self.home.destination(bearingDegrees: 10, distanceMeters: 205)))
        #expect(mask.isMasked(Coordinate(uncheckedLatitude: 37.501, longitude: 127.009)))
        #expect(!mask.isMasked(Coordinate(uncheckedLatitude: 37.505, longitude: 127.005)))
    }

    /// A 100,000-point day (a point every 2 m, 200 km) with one zone on the route.
    @Test func hundredThousandPoints() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 500)
        let start = Self.home.destination(bearingDegrees: 270, distanceMeters: 1_000)
        let route = (0..<100_000).map {
            start.destination(bearingDegrees: 90, distanceMeters: Double($0 % 1_000) * 2 + Double($0 / 1_000) * 0.01)
        }
        let mask = PrivacyMask(zones: [zone])
        // Speed is the benchmarks' business (day_export_geojson masks a 100,000-point day);
        // this checks the mask is whole on a route that enters the zone a hundred times.
        let parts = mask.masked([route])
        #expect(parts.allSatisfy { $0.allSatisfy { !zone.contains($0) } })
        #expect(parts.count > 100)
    }
}
