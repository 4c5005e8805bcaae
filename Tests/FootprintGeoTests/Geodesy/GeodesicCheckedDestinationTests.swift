import Testing

@testable import FootprintGeo

/// `Geodesic.checkedDestination`: the direct problem for typed input, bounded where a double still
/// holds the distance to GeographicLib's 15 nm.
@Suite struct GeodesicCheckedDestinationTests {
    let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// At the bound, either way, the answer is GeographicLib's (Python geographiclib 2.1:
    /// `Geodesic.WGS84.Direct(37.5665, 126.978, 10, ±1e8)`).
    @Test(arguments: [
        (1e8, -37.4203540337322, -53.469822181130496, 170.01966565660507),
        (-1e8, -37.712633463046686, -52.57405133345101, 169.98019177892547),
    ])
    func theBoundItselfIsSolvedAsGeographicLibSolvesIt(
        _ distance: Double, _ latitude: Double, _ longitude: Double, _ azimuth: Double
    ) throws {
        let result = try Geodesic.checkedDestination(from: seoul, bearingDegrees: 10, distanceMeters: distance)
        #expect(abs(result.coordinate.latitude - latitude) < 1e-11)
        #expect(abs(result.coordinate.longitude - longitude) < 1e-11)
        #expect(abs(result.finalBearingDegrees - azimuth) < 1e-9)
    }

    @Test func itIsTheUncheckedAnswerWithinTheBound() throws {
        let checked = try Geodesic.checkedDestination(from: seoul, bearingDegrees: -45, distanceMeters: 324_915.297)
        #expect(checked == Geodesic.destination(from: seoul, bearingDegrees: -45, distanceMeters: 324_915.297))
    }

    @Test(arguments: [
        (
            10.0, 1e300,
            "The distance 1e+300 is invalid: give at most 100000000 metres (100 000 km) either way, "
                + "as beyond that a double cannot hold a distance to GeographicLib's 15 nm accuracy."
        ),
        (
            10.0, -100_000_001,
            "The distance -100000001 is invalid: give at most 100000000 metres (100 000 km) either way, "
                + "as beyond that a double cannot hold a distance to GeographicLib's 15 nm accuracy."
        ),
        (10.0, .infinity, "The distance inf is invalid: give a finite number of metres."),
        (10.0, .nan, "The distance nan is invalid: give a finite number of metres."),
        (.nan, 5, "The bearing nan is invalid: give degrees clockwise from north."),
        (-.infinity, 5, "The bearing -inf is invalid: give degrees clockwise from north."),
    ])
    func refusesWhatCannotBeMeant(_ bearing: Double, _ distance: Double, _ message: String) {
        #expect(throws: FootprintGeoError.self) {
            try Geodesic.checkedDestination(from: seoul, bearingDegrees: bearing, distanceMeters: distance)
        }
        do {
            _ = try Geodesic.checkedDestination(from: seoul, bearingDegrees: bearing, distanceMeters: distance)
        } catch {
            #expect(error.description == message)
        }
    }

    /// A bearing far beyond 360 is taken modulo 360, as GeodSolve takes it.
    @Test func anyFiniteBearingIsTakenModulo360() throws {
        let turned = try Geodesic.checkedDestination(from: seoul, bearingDegrees: 10 + 360 * 1000, distanceMeters: 5e5)
        let plain = try Geodesic.checkedDestination(from: seoul, bearingDegrees: 10, distanceMeters: 5e5)
        #expect(turned == plain)
    }
}
