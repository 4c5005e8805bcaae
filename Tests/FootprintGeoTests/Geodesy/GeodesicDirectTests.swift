import Foundation
import Testing

@testable import FootprintGeo

/// The direct problem against GeographicLib 2.1 (geodesic.csv) and Karney's exact test set.
@Suite struct GeodesicDirectTests {
    @Test(arguments: GeodesicFixtures.direct)
    func matchesGeographicLib(_ row: GeodesicCase) {
        let result = Geodesic.destination(from: row.start, bearingDegrees: row.azi1, distanceMeters: row.s12)
        expectSamePosition(result.coordinate, row.end)
        #expect(angleDifference(result.finalBearingDegrees, row.azi2) <= 1e-9)
        #expect((0..<360).contains(result.finalBearingDegrees))
        #expect((-180...180).contains(result.coordinate.longitude))
    }

    @Test(arguments: GeodesicFixtures.karneyTestSet)
    func solvesKarneysTestSet(_ row: GeodesicCase) {
        let result = Geodesic.destination(from: row.start, bearingDegrees: row.azi1, distanceMeters: row.s12)
        expectSamePosition(result.coordinate, row.end)
        #expect(angleDifference(result.finalBearingDegrees, row.azi2) <= bearingTolerance(nearLatitude: row.lat2))
    }

    @Test func zeroDistanceStaysPut() {
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)
        let result = Geodesic.destination(from: seoul, bearingDegrees: 123, distanceMeters: 0)
        #expect(result.coordinate == seoul)
        #expect(abs(result.finalBearingDegrees - 123) < 1e-12)
    }

    @Test func aNegativeDistanceGoesBackwards() {
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)
        let back = Geodesic.destination(from: seoul, bearingDegrees: 45, distanceMeters: -10_000)
        let reverse = Geodesic.destination(from: seoul, bearingDegrees: 225, distanceMeters: 10_000)
        #expect(Geodesic.distance(from: back.coordinate, to: reverse.coordinate) < 1e-6)
    }

    @Test func nonFiniteInputGivesNaN() {
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)
        #expect(seoul.destination(bearingDegrees: 10, distanceMeters: .infinity).latitude.isNaN)
        #expect(seoul.destination(bearingDegrees: .nan, distanceMeters: 10).latitude.isNaN)
    }

    /// 1e-9°, or near a pole the angle that GeographicLib's own accuracy (15 nm of position)
    /// subtends there: 122 m from the south pole, as on line 54 of GeodTest-100, the exact azimuth
    /// and GeographicLib's differ by 1.2e-9° (ours is GeographicLib's to the last bit).
    private func bearingTolerance(nearLatitude latitude: Double) -> Double {
        let metresFromPole = (90 - abs(latitude)) * 111_700
        return max(1e-9, 15e-9 / metresFromPole * 180 / .pi)
    }

    /// Latitude within 1e-9° and longitude within 1e-9° of arc on the parallel (≈ 0.1 mm).
    private func expectSamePosition(
        _ actual: Coordinate, _ expected: Coordinate, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(actual.latitude - expected.latitude) <= 1e-9, sourceLocation: sourceLocation)
        let parallelScale = cos(expected.latitude * .pi / 180)
        #expect(
            angleDifference(actual.longitude, expected.longitude) * parallelScale <= 1e-9,
            sourceLocation: sourceLocation)
    }
}
