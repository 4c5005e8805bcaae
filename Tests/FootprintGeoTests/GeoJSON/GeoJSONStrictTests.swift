import FootprintGeo
import Testing

/// Every case RFC 7946 forbids (and non-JSON), each a fixture under `Fixtures/geojson/invalid`,
/// refused by strict decoding with its exact JSON path and reason.
@Suite struct GeoJSONStrictTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var path: String
        var reason: String
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(
            fixture: "type-lowercase", path: "type",
            reason: #"the type “point” is not a GeoJSON type; type names are case-sensitive: “Point”"#),
        Case(fixture: "type-unknown", path: "type", reason: #"the type “Circle” is not a GeoJSON type"#),
        Case(fixture: "type-missing", path: "", reason: #"a GeoJSON object needs a “type” member"#),
        Case(
            fixture: "feature-without-geometry", path: "features[1]",
            reason: #"a Feature needs a “geometry” member (null when it has no location)"#),
        Case(
            fixture: "feature-without-properties", path: "features[0]",
            reason: #"a Feature needs a “properties” member (null when it has none)"#),
        Case(
            fixture: "feature-with-coordinates", path: "features[2].coordinates",
            reason: #"a Feature must not have a “coordinates” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "feature-with-geometries", path: "geometries",
            reason: #"a Feature must not have a “geometries” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "feature-with-features", path: "features",
            reason: #"a Feature must not have a “features” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "collection-with-coordinates", path: "coordinates",
            reason: #"a FeatureCollection must not have a “coordinates” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "collection-with-geometries", path: "geometries",
            reason: #"a FeatureCollection must not have a “geometries” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "collection-with-geometry", path: "geometry",
            reason: #"a FeatureCollection must not have a “geometry” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "collection-with-properties", path: "properties",
            reason: #"a FeatureCollection must not have a “properties” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "geometry-with-properties", path: "properties",
            reason: #"a Point must not have a “properties” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "geometry-with-geometry", path: "geometry.geometry",
            reason: #"a Point must not have a “geometry” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "geometry-with-features", path: "features",
            reason: #"a LineString must not have a “features” member (RFC 7946 §7.1)"#),
        Case(
            fixture: "ring-too-short", path: "features[3].geometry.coordinates[0]",
            reason: "a linear ring needs 4 or more positions, got 3"),
        Case(
            fixture: "ring-not-closed", path: "geometry.coordinates[1]",
            reason: "a linear ring must be closed: its last position differs from its first"),
        Case(
            fixture: "linestring-one-position", path: "coordinates",
            reason: "a LineString needs 2 or more positions (or none), got 1"),
        Case(
            fixture: "multilinestring-one-position", path: "coordinates[1]",
            reason: "a LineString needs 2 or more positions (or none), got 1"),
        Case(
            fixture: "bbox-wrong-length", path: "bbox",
            reason: "a bbox needs 2×n numbers for n dimensions (4 for longitude and latitude), got 3"),
        Case(
            fixture: "bbox-wrong-dimension", path: "bbox",
            reason: "a bbox of 6 numbers is for 3-dimensional positions, but the positions it covers have 2 numbers"),
        Case(fixture: "bbox-latitude", path: "bbox[1]", reason: "the latitude -91 is beyond ±90°"),
        Case(
            fixture: "position-one-number", path: "coordinates[1]", reason: "a position needs 2 or more numbers, got 1"),
        Case(
            fixture: "position-string", path: "features[3].geometry.coordinates[2][1]",
            reason: "expected a number, got a string"),
        Case(
            fixture: "position-latitude-swapped", path: "coordinates",
            reason:
                "the latitude 126.978 is beyond ±90°; GeoJSON positions are [longitude, latitude] and this one looks swapped"
        ),
        Case(fixture: "id-object", path: "id", reason: "an id must be a string or a number, got an object"),
        Case(
            fixture: "id-boolean", path: "features[1].id", reason: "an id must be a string or a number, got a boolean"),
        Case(fixture: "not-an-object", path: "", reason: "a GeoJSON text must be an object, got an array"),
        Case(fixture: "feature-in-geometry", path: "geometry", reason: "expected a geometry, got a Feature"),
        Case(fixture: "geometry-in-features", path: "features[0]", reason: "expected a Feature, got a Point"),
        Case(fixture: "coordinates-missing", path: "", reason: #"a Polygon needs a “coordinates” member"#),
    ]

    @Test(arguments: cases)
    func strictDecodingRefusesWithPathAndReason(_ testCase: Case) throws {
        let data = try GeoJSONFixtures.data("invalid", testCase.fixture)
        let validation = GeoJSONDecoder().validate(data)
        #expect(validation.errors.map(\.path) == [testCase.path])
        #expect(validation.errors.map(\.reason) == [testCase.reason])
        #expect(validation.object == nil)
        #expect(!validation.isValid)
        let first = try #require(validation.errors.first)
        #expect(throws: first) { try GeoJSONDecoder(mode: .strict).decode(data) }
    }

    @Test(arguments: [
        ("json-nan", 1, 35, "NaN is not a JSON number"),
        ("json-infinity", 1, 35, "Infinity is not a JSON number"),
        ("json-trailing-comma", 3, 24, "a trailing comma is not allowed in JSON"),
        (
            "json-comment", 2, 3,
            "expected a member name in double quotes, found a comment (comments are not allowed in JSON)"
        ),
        ("json-single-quotes", 1, 2, "single quotes do not delimit JSON strings; use double quotes"),
    ])
    func nonJSONIsRefusedWithLineAndColumn(fixture: String, line: Int, column: Int, reason: String) throws {
        let data = try GeoJSONFixtures.data("invalid", fixture)
        let expected = GeoJSONError.invalidJSON(line: line, column: column, reason: reason)
        #expect(GeoJSONDecoder().validate(data).errors == [expected])
        // Lenient decoding reads JSON just as strictly.
        #expect(throws: expected) { try GeoJSONDecoder().decode(data) }
    }

    @Test func everyErrorOfAFileIsReportedInDocumentOrder() throws {
        let validation = GeoJSONDecoder().validate(try GeoJSONFixtures.data("invalid", "several-errors"))
        #expect(
            validation.errors.map(\.description) == [
                "features[0].geometry.coordinates: A LineString needs 2 or more positions (or none), got 1.",
                "features[1].id: An id must be a string or a number, got null.",
                "features[1].geometry.coordinates[0]: A linear ring must be closed: its last position differs from its first.",
                #"features[1].properties: The member “properties” must be an object or null, got an array."#,
            ])
        #expect(validation.errorPositions.map { $0?.line } == [1, 1, 1, 1])
    }

    /// `PATH: Clause.`, and with the input's name, `FILE:LINE:COLUMN: PATH: Clause.`, as compilers
    /// and every other message of Footprint name a place.
    @Test func descriptionIsOneSentenceWithThePath() {
        let error = GeoJSONError.invalidShape(
            path: "features[3].geometry.coordinates[0]", reason: "a linear ring needs 4 or more positions, got 3")
        #expect(
            error.description == "features[3].geometry.coordinates[0]: A linear ring needs 4 or more positions, got 3.")
        #expect(
            error.description(in: "route.geojson", at: GeoJSONTextPosition(line: 12, column: 7))
                == "route.geojson:12:7: features[3].geometry.coordinates[0]: A linear ring needs 4 or more positions, got 3."
        )
        #expect(
            error.description(in: "<stdin>")
                == "<stdin>: features[3].geometry.coordinates[0]: A linear ring needs 4 or more positions, got 3.")
        #expect(GeoJSONError.missingMember(path: "", reason: "x").description == "(root): X.")
        let syntax = GeoJSONError.invalidJSON(line: 3, column: 24, reason: "y")
        #expect(syntax.description == "Line 3, column 24: Invalid JSON: y.")
        #expect(syntax.description(in: "<stdin>") == "<stdin>:3:24: Invalid JSON: y.")
        let warning = GeoJSONWarning(path: "crs", message: "m", position: GeoJSONTextPosition(line: 1, column: 2))
        #expect(warning.description == "crs: Warning: m.")
        #expect(warning.description(in: "a.geojson") == "a.geojson:1:2: crs: Warning: m.")
    }

    @Test func pathsQuoteNamesThatAreNotIdentifiers() throws {
        let text = #"{"type": "Feature", "geometry": null, "properties": {"이름": 1, "이름": 2, "a b": {"c": 1, "c": 2}}}"#
        let warnings = GeoJSONDecoder().validate(text).warnings
        #expect(warnings.map(\.path) == [#"properties["이름"]"#, #"properties["a b"].c"#])
    }

    /// RFC 7946 §5: a bbox has 2×n numbers for the n dimensions of the positions it covers —
    /// a feature's own, and all features' for the collection.
    @Test func boundingBoxDimensionsFollowTheirOwnPositions() {
        let text = """
            {"type": "FeatureCollection", "bbox": [0, 0, 0, 2, 2, 5], "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0, 5]}, "properties": null},
              {"type": "Feature", "bbox": [2, 2, 2, 2], "geometry": {"type": "Point", "coordinates": [2, 2]}, "properties": null},
              {"type": "Feature", "bbox": [2, 2, 0, 2, 2, 0], "geometry": {"type": "Point", "coordinates": [2, 2]}, "properties": null}
            ]}
            """
        #expect(
            GeoJSONDecoder().validate(text).errors.map(\.description) == [
                "features[2].bbox: A bbox of 6 numbers is for 3-dimensional positions, but the positions it covers have 2 numbers."
            ])
    }
}
