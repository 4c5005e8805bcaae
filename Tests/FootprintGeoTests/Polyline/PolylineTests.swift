import Foundation
import Testing

@testable import FootprintGeo

/// `polyline.json`: the Python `polyline` package's encodings (see Fixtures/README.md).
private struct PolylineFixture: Decodable {
    struct Case: Decodable {
        var name: String
        var precision: Int
        var positions: [[Double]]
        var encoded: String
        var decoded: [[Double]]
    }
    var cases: [Case]

    static let shared: PolylineFixture = {
        let url = Bundle.module.url(forResource: "polyline", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(PolylineFixture.self, from: Data(contentsOf: url))
    }()
}

private func coordinates(_ pairs: [[Double]]) throws -> [Coordinate] {
    try pairs.map { try Coordinate(latitude: $0[0], longitude: $0[1]) }
}

@Suite struct PolylineTests {
    /// Google's published example (developers.google.com, "Encoded Polyline Algorithm Format").
    @Test func googleSpecExample() throws {
        let line = try coordinates([[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]])
        #expect(try Polyline.encode(line) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@") == line)
    }

    @Test(arguments: 0..<22)
    func matchesThePythonPolylinePackage(index: Int) throws {
        let fixture = PolylineFixture.shared.cases[index]
        let positions = try coordinates(fixture.positions)
        #expect(
            try Polyline.encode(positions, precision: fixture.precision) == fixture.encoded,
            "\(fixture.name) at precision \(fixture.precision)")
        let decoded = try Polyline.decode(fixture.encoded, precision: fixture.precision)
        #expect(decoded == (try coordinates(fixture.decoded)), "\(fixture.name) at precision \(fixture.precision)")
    }

    @Test func fixtureHasEveryCase() {
        #expect(PolylineFixture.shared.cases.count == 22)
    }

    @Test func emptyLineIsTheEmptyString() throws {
        #expect(try Polyline.encode([]) == "")
        #expect(try Polyline.decode("") == [])
        #expect(try LineString(encodedPolyline: "").isEmpty)
        #expect(try LineString(unchecked: []).encodedPolyline(precision: 6) == "")
    }

    @Test func onePositionRoundTrips() throws {
        let seoul = try Coordinate(latitude: 37.56654, longitude: 126.97797)
        let encoded = try Polyline.encode([seoul])
        #expect(try Polyline.decode(encoded) == [seoul])
        #expect(try LineString(encodedPolyline: encoded).coordinates == [seoul])
    }

    /// PostGIS `ST_AsEncodedPolyline` rounds with C `round`: half away from zero. At precision 0
    /// the halves are exact: 2.5 → 3 (zig-zag 6, 'E'), −2.5 → −3 (zig-zag 5, 'D').
    @Test func roundsHalfAwayFromZero() throws {
        let point = try Coordinate(latitude: 2.5, longitude: -2.5)
        #expect(try Polyline.encode([point], precision: 0) == "ED")
    }

    /// A value that rounds to −0 is 0: '?' (63), never a negative zig-zag.
    @Test func negativeZeroEncodesAsZero() throws {
        let point = try Coordinate(latitude: -0.4, longitude: -0.000001)
        #expect(try Polyline.encode([point], precision: 0) == "??")
        #expect(try Polyline.encode([Coordinate(latitude: -0.0, longitude: -0.0)]) == "??")
    }

    /// Deltas are taken between rounded values: 0.000004 → 0 and 0.000008 → 1 give deltas 0 and
    /// 1; rounding the deltas (0.4, 0.4) would give 0 and 0 and drift.
    @Test func deltasBetweenRoundedValues() throws {
        let line = try coordinates([[0.000004, 0], [0.000008, 0]])
        #expect(try Polyline.encode(line) == "??A?")
    }

    @Test func largeJumpsAcrossTheAntimeridian() throws {
        let line = try coordinates([[-16.5, 179.999999], [-16.5, -179.999999], [89.999999, 180], [-90, -180]])
        for precision in [5, 6] {
            let decoded = try Polyline.decode(Polyline.encode(line, precision: precision), precision: precision)
            #expect(decoded.count == line.count)
            for (a, b) in zip(decoded, line) {
                #expect(abs(a.latitude - b.latitude) <= 0.5e-5 && abs(a.longitude - b.longitude) <= 0.5e-5)
            }
        }
    }

    @Test func rejectsCharactersOutsideTheAlphabet() {
        #expect(
            throws: FootprintGeoError.invalidPolyline(offset: 5, reason: "a space is not a polyline character (? to ~)")
        ) {
            try Polyline.decode("_p~iF ~ps|U")
        }
        #expect(
            throws: FootprintGeoError.invalidPolyline(offset: 0, reason: "“>” is not a polyline character (? to ~)")
        ) {
            try Polyline.decode(">")
        }
        #expect(
            throws: FootprintGeoError.invalidPolyline(
                offset: 2, reason: "a non-ASCII character is not a polyline character (? to ~)")
        ) {
            try Polyline.decode("??é")
        }
    }

    @Test func rejectsATruncatedValue() {
        // '|' (124) carries the continuation bit: the longitude never ends.
        #expect(throws: FootprintGeoError.invalidPolyline(offset: 9, reason: "it ends in the middle of a value")) {
            try Polyline.decode("_p~iF~ps|")
        }
    }

    @Test func rejectsALatitudeWithoutLongitude() {
        #expect(
            throws: FootprintGeoError.invalidPolyline(
                offset: 14, reason: "it ends after a latitude that has no longitude")
        ) {
            try Polyline.decode("_p~iF~ps|U_ulL")
        }
    }

    @Test func rejectsValuesOfMoreThan64Bits() {
        #expect(throws: FootprintGeoError.invalidPolyline(offset: 0, reason: "a value there needs more than 64 bits")) {
            try Polyline.decode(String(repeating: "~", count: 13) + "??")
        }
    }

    @Test func rejectsPositionsOutOfRange() throws {
        // 85° written at precision 6 reads as 850° at precision 5.
        let encoded = try Polyline.encode([Coordinate(latitude: 85, longitude: 10)], precision: 6)
        #expect(
            throws: FootprintGeoError.invalidPolyline(
                offset: 0,
                reason:
                    "the latitude 850 is outside -90…90 degrees (was the line encoded with another precision than 5?)")
        ) {
            try Polyline.decode(encoded, precision: 5)
        }
    }

    @Test func rejectsPrecisionsOutOfRange() {
        for precision in [-1, 11] {
            #expect(throws: FootprintGeoError.self) { try Polyline.encode([], precision: precision) }
            #expect(throws: FootprintGeoError.self) { try Polyline.decode("", precision: precision) }
        }
    }

    @Test func rejectsUncheckedCoordinatesOutOfRange() {
        #expect(throws: FootprintGeoError.outOfRange(axis: "longitude", value: 1e300)) {
            try Polyline.encode([Coordinate(uncheckedLatitude: 0, longitude: 1e300)])
        }
        #expect(throws: FootprintGeoError.notANumber(axis: "latitude")) {
            try Polyline.encode([Coordinate(uncheckedLatitude: .nan, longitude: 0)])
        }
    }

    @Test func errorReadsAsASentence() {
        let error = FootprintGeoError.invalidPolyline(offset: 5, reason: "a space is not a polyline character (? to ~)")
        #expect(
            error.description
                == "The encoded polyline is invalid at character 6: a space is not a polyline character (? to ~).")
    }
}
