import FootprintGeo
import Foundation
import Testing

/// The encoder: RFC 7946 output that strict consumers accept, byte for byte deterministic.
@Suite struct GeoJSONEncoderTests {
    func coordinate(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test(arguments: GeoJSONFixtures.names("valid"))
    func roundTripsEveryValidFixture(fixture: String) throws {
        let object = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", fixture))
        let text = GeoJSONEncoder().encode(object)
        let validation = GeoJSONDecoder().validate(text)
        #expect(validation.errors == [])
        #expect(validation.warnings == [])
        #expect(validation.object == object)
        // Deterministic: the same value, the same bytes, again and after another round.
        #expect(GeoJSONEncoder().encode(object) == text)
        #expect(GeoJSONEncoder().encode(try #require(validation.object)) == text)
    }

    @Test func writesTheSection1Point5ExampleCompactly() throws {
        let object = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "rfc7946-1-5-featurecollection"))
        #expect(
            GeoJSONEncoder().encode(object)
                == #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[102,0.5]},"properties":{"prop0":"value0"}},{"type":"Feature","geometry":{"type":"LineString","coordinates":[[102,0],[103,1],[104,0],[105,1]]},"properties":{"prop0":"value0","prop1":0}},{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1],[100,0]]]},"properties":{"prop0":"value0","prop1":{"this":"that"}}}]}"#
        )
    }

    @Test func membersComeInAFixedOrderWithoutCrs() {
        let feature = Feature(
            id: .number(7), geometry: .point(Point(coordinate(126.9769, 37.5796))),
            properties: [(key: "name", value: .string("경복궁")), (key: "likes", value: .number(1.25))],
            bbox: [126.9769, 37.5796, 126.9769, 37.5796],
            foreignMembers: [
                (key: "crs", value: .null), (key: "title", value: .string("궁")), (key: "coordinates", value: .null),
            ])
        #expect(
            GeoJSONEncoder().encode(feature)
                == #"{"type":"Feature","id":7,"bbox":[126.9769,37.5796,126.9769,37.5796],"geometry":{"type":"Point","coordinates":[126.9769,37.5796]},"properties":{"name":"경복궁","likes":1.25},"title":"궁"}"#
        )
        let collection = FeatureCollection(
            features: [], bbox: nil, foreignMembers: [(key: "name", value: .string("하루")), (key: "crs", value: .null)])
        #expect(
            GeoJSONEncoder(includesBoundingBox: true).encode(collection)
                == #"{"type":"FeatureCollection","features":[],"name":"하루"}"#)
        #expect(
            GeoJSONEncoder().encode(Feature(id: .string("a"), geometry: nil, properties: nil))
                == #"{"type":"Feature","id":"a","geometry":null,"properties":null}"#)
    }

    @Test func hangulIsWrittenAsUTF8NotEscaped() {
        let text = GeoJSONEncoder().encode(
            Feature(geometry: nil, properties: [(key: "이름", value: .string("스타벅스 \"강남\""))]))
        #expect(text == #"{"type":"Feature","geometry":null,"properties":{"이름":"스타벅스 \"강남\""}}"#)
        #expect(!text.contains("\\u"))
    }

    /// Six decimals by default, half away from zero on the number as written.
    @Test(arguments: [
        (0.0000005, "0.000001"), (-0.0000005, "-0.000001"), (0.0000015, "0.000002"), (0.0000025, "0.000003"),
        (1.0000005, "1.000001"), (126.9780325, "126.978033"), (-126.9780325, "-126.978033"), (0.00000049, "0"),
        (-0.0000001, "0"), (126.978032449, "126.978032"), (37.5, "37.5"), (180, "180"), (-0.0, "0"),
        (1e-7, "0"), (123456.1234565, "123456.123457"),
    ])
    func roundsToSixDecimalsHalfAwayFromZero(value: Double, expected: String) {
        #expect(JSONValue.text(of: value, decimals: 6) == expected)
        #expect(
            GeoJSONEncoder().encode(.point(Point(coordinate(0, value))))
                == #"{"type":"Point","coordinates":[0,\#(expected)]}"#)
    }

    @Test func decimalsAreConfigurable() {
        let point = Geometry.point(Point(coordinate(126.97803212345679, 37.5)))
        #expect(GeoJSONEncoder(decimals: 2).encode(point) == #"{"type":"Point","coordinates":[126.98,37.5]}"#)
        #expect(
            GeoJSONEncoder(decimals: 0).encode(.point(Point(coordinate(2.5, -2.5))))
                == #"{"type":"Point","coordinates":[3,-3]}"#)
        #expect(
            GeoJSONEncoder(decimals: nil).encode(point) == #"{"type":"Point","coordinates":[126.97803212345679,37.5]}"#)
    }

    @Test func fullPrecisionNumbersKeepEveryDigit() {
        #expect(JSONValue.text(of: 0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONValue.text(of: 9_007_199_254_740_991) == "9007199254740991")
        #expect(JSONValue.text(of: 12_345_678_901_234_567_168) == "1.2345678901234567e+19")
        #expect(JSONValue.text(of: .nan) == "null")
    }

    @Test func polygonsAreWrittenByTheRightHandRule() throws {
        let clockwise = try GeoJSONDecoder().decode(GeoJSONFixtures.data("warning", "clockwise-exterior"))
        #expect(
            GeoJSONEncoder().encode(clockwise)
                == #"{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1],[100,0]]]}"#)
        let hole = try GeoJSONDecoder().decode(GeoJSONFixtures.data("warning", "counterclockwise-hole"))
        #expect(
            GeoJSONEncoder().encode(hole)
                == #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1],[100,0]],[[100.2,0.2],[100.2,0.8],[100.8,0.8],[100.8,0.2],[100.2,0.2]]]},"properties":{}}"#
        )
        #expect(GeoJSONDecoder().validate(GeoJSONEncoder().encode(hole)).warnings == [])
    }

    @Test func boundingBoxesAreComputedWhenAsked() throws {
        let encoder = GeoJSONEncoder(includesBoundingBox: true)
        let line = Geometry.lineString(LineString(unchecked: [coordinate(126.9, 37.6), coordinate(127.1, 37.4)]))
        #expect(
            encoder.encode(line)
                == #"{"type":"LineString","bbox":[126.9,37.4,127.1,37.6],"coordinates":[[126.9,37.6],[127.1,37.4]]}"#)
        let collection = FeatureCollection(features: [
            Feature(geometry: .point(Point(coordinate(177, -20)))),
            Feature(geometry: .point(Point(coordinate(-178, -16)))),
            Feature(geometry: nil),
        ])
        // RFC 7946 §5.2: features straddling the antimeridian.
        #expect(
            encoder.encode(collection)
                == #"{"type":"FeatureCollection","bbox":[177,-20,-178,-16],"features":[{"type":"Feature","bbox":[177,-20,177,-20],"geometry":{"type":"Point","coordinates":[177,-20]},"properties":{}},{"type":"Feature","bbox":[-178,-16,-178,-16],"geometry":{"type":"Point","coordinates":[-178,-16]},"properties":{}},{"type":"Feature","geometry":null,"properties":{}}]}"#
        )
    }

    @Test func outputOfTheBenchmarkTrackIsStable() throws {
        // 1,000 positions of a walk in Seoul written and read back exactly at 6 decimals.
        var coordinates: [Coordinate] = []
        for index in 0..<1000 {
            coordinates.append(
                coordinate(126.978032 + Double(index) * 0.000_047, 37.566496 + Double(index % 17) * 0.000_013))
        }
        let text = GeoJSONEncoder().encode(.lineString(LineString(unchecked: coordinates)))
        let line = try GeoJSONDecoder().decodeLineString(text)
        #expect(line.coordinates.count == 1000)
        for (read, written) in zip(line.coordinates, coordinates) {
            #expect(read.longitude == Double(JSONValue.text(of: written.longitude, decimals: 6)))
            #expect(read.latitude == Double(JSONValue.text(of: written.latitude, decimals: 6)))
        }
    }
}
