import Testing

@testable import FootprintGeo

/// The spherical fast path against the peers' numpy haversine (R = 6 371 008.8 m, values from
/// the same formula in Python), and the distance bounds against GeographicLib's distances.
@Suite struct HaversineTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780)

    @Test(arguments: [
        (Coordinate(uncheckedLatitude: 35.1796, longitude: 129.0756), 325_111.707_912_558_9),
        (Coordinate(uncheckedLatitude: -33.87, longitude: 151.21), 8_329_414.572_202_109),
    ])
    func matchesTheNumpyFormula(_ end: Coordinate, _ expected: Double) {
        #expect(abs(Geodesic.haversineDistance(from: Self.seoul, to: end) - expected) < 1e-6)
        #expect(abs(Self.seoul.haversineDistance(to: end) - expected) < 1e-6)
    }

    @Test func crossesTheAntimeridianTheShortWay() {
        let west = Coordinate(uncheckedLatitude: 0, longitude: -179.5)
        let east = Coordinate(uncheckedLatitude: 0, longitude: 179.5)
        #expect(abs(Geodesic.haversineDistance(from: west, to: east) - 111_195.080_233_533_21) < 1e-6)
    }

    @Test func antipodesAreHalfACircumferenceApart() {
        let antipode = Coordinate(uncheckedLatitude: -37.5665, longitude: -53.022)
        #expect(abs(Geodesic.haversineDistance(from: Self.seoul, to: antipode) - .pi * 6_371_008.8) < 1e-3)
    }

    @Test(arguments: GeodesicFixtures.inverse + GeodesicFixtures.karneyTestSet)
    func boundsContainTheGeodesicDistance(_ row: GeodesicCase) {
        let bounds = Geodesic.distanceBounds(from: row.start, to: row.end)
        #expect(bounds.contains(row.s12))
        // About 1 % wide: a(1 − e²) to a²/b.
        #expect(bounds.upperBound - bounds.lowerBound <= 0.0102 * row.s12 + 2.1)
    }
}
