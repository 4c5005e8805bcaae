import FootprintGeo
import Testing

/// What RFC 7946 discourages is valid, with a warning (fixtures under `Fixtures/geojson/warning`).
@Suite struct GeoJSONWarningTests {
    @Test(arguments: [
        (
            "clockwise-exterior",
            [
                "coordinates[0]: Warning: the exterior ring is clockwise; RFC 7946 §3.1.6 asks for counterclockwise exteriors (right-hand rule)."
            ]
        ),
        (
            "counterclockwise-hole",
            [
                "geometry.coordinates[1]: Warning: the hole is counterclockwise; RFC 7946 §3.1.6 asks for clockwise holes (right-hand rule)."
            ]
        ),
        (
            "crs",
            [
                "crs: Warning: the “crs” member was removed from GeoJSON (RFC 7946 §4); coordinates are always WGS84 longitude, latitude."
            ]
        ),
        (
            "longitude-beyond-180",
            ["coordinates[1]: Warning: the longitude 181 is beyond ±180° (and 1 more in this geometry)."]
        ),
        (
            "extra-position-elements",
            [
                "coordinates: Warning: a position of 4 numbers; RFC 7946 §3.1.1 advises against more than 3 (longitude, latitude, altitude)."
            ]
        ),
        (
            "duplicate-keys",
            [
                "properties.name: Warning: the member “name” appears more than once in its object; the last value is used (RFC 8259 §4).",
                "type: Warning: the member “type” appears more than once in its object; the last value is used (RFC 8259 §4).",
            ]
        ),
        (
            "nested-geometrycollection",
            [
                "geometries[0]: Warning: a GeometryCollection inside another; RFC 7946 §3.1.8 advises against nesting them."
            ]
        ),
        (
            "antimeridian-unsplit",
            [
                "coordinates[1]: Warning: the geometry jumps more than 180° of longitude here, crossing the antimeridian; RFC 7946 §3.1.9 asks to cut it there."
            ]
        ),
        (
            "byte-order-mark",
            [
                "(root): Warning: the text starts with a byte order mark, which JSON texts must not carry (RFC 8259 §8.1)."
            ]
        ),
    ])
    func warnsWithoutFailing(fixture: String, expected: [String]) throws {
        let validation = GeoJSONDecoder().validate(try GeoJSONFixtures.data("warning", fixture))
        #expect(validation.errors == [])
        #expect(validation.isValid)
        #expect(validation.object != nil)
        #expect(validation.warnings.map(\.description) == expected)
    }

    @Test func everyWarningFixtureIsCovered() {
        #expect(GeoJSONFixtures.names("warning").count == 9)
    }

    @Test func duplicateMemberNamesKeepTheLastValue() throws {
        guard
            case .feature(let feature) = try GeoJSONDecoder().decode(GeoJSONFixtures.data("warning", "duplicate-keys"))
        else {
            Issue.record("expected a Feature"); return
        }
        #expect(feature.property("name") == .string("b"))
        #expect(feature.properties?.count == 1)
    }

    @Test func warningsCarryTheirPlaceInTheText() throws {
        let text =
            "{\n  \"type\": \"Polygon\",\n  \"coordinates\": [\n    [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]\n  ]\n}"
        let warning = try #require(GeoJSONDecoder().validate(text).warnings.first)
        #expect(warning.path == "coordinates[0]")
        #expect(warning.position == GeoJSONTextPosition(line: 4, column: 5))
    }
}
