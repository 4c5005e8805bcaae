import FootprintGeo
import Testing

/// RFC 7946's own examples (Appendix A, §1.5) and what the RFC allows, each a fixture under
/// `Fixtures/geojson/valid`: accepted by the strict check with neither error nor warning.
@Suite struct GeoJSONValidTests {
    static let fixtures = GeoJSONFixtures.names("valid")

    @Test func theValidSetIsThere() {
        #expect(Self.fixtures.count == 22)
    }

    @Test(arguments: fixtures)
    func strictCheckAcceptsWithoutWarnings(fixture: String) throws {
        let data = try GeoJSONFixtures.data("valid", fixture)
        let validation = GeoJSONDecoder().validate(data)
        #expect(validation.errors == [])
        #expect(validation.warnings == [])
        let object = try #require(validation.object)
        #expect(try GeoJSONDecoder(mode: .strict).decode(data) == object)
        #expect(try GeoJSONDecoder().decode(data) == object)
    }

    func coordinate(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test func polygonWithHoleKeepsBothRings() throws {
        let object = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "rfc7946-a3-polygon-with-hole"))
        let expected = Polygon(unchecked: [
            [coordinate(100, 0), coordinate(101, 0), coordinate(101, 1), coordinate(100, 1), coordinate(100, 0)],
            [
                coordinate(100.8, 0.8), coordinate(100.8, 0.2), coordinate(100.2, 0.2), coordinate(100.2, 0.8),
                coordinate(100.8, 0.8),
            ],
        ])
        #expect(object == .geometry(.polygon(expected)))
    }

    @Test func featureCollectionOfSection1Point5() throws {
        guard
            case .featureCollection(let collection) = try GeoJSONDecoder().decode(
                GeoJSONFixtures.data("valid", "rfc7946-1-5-featurecollection"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(collection.features.map { $0.geometry?.geoJSONTypeName } == ["Point", "LineString", "Polygon"])
        #expect(collection.features[1].properties?.map(\.key) == ["prop0", "prop1"])
        #expect(collection.features[1].property("prop1") == .number(0))
        #expect(collection.features[2].property("prop1") == .object([(key: "this", value: .string("that"))]))
    }

    @Test func geometryCollectionOfAppendixA7() throws {
        let object = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "rfc7946-a7-geometrycollection"))
        #expect(
            object
                == .geometry(
                    .geometryCollection([
                        .point(Point(coordinate(100, 0))),
                        .lineString(LineString(unchecked: [coordinate(101, 0), coordinate(102, 1)])),
                    ])))
    }

    @Test func altitudeIsAcceptedAndLongitudeLatitudeKept() throws {
        let line = try GeoJSONDecoder().decodeLineString(GeoJSONFixtures.data("valid", "altitude"))
        #expect(line.coordinates == [coordinate(126.978, 37.5665), coordinate(126.9784, 37.5668)])
    }

    @Test func foreignMembersAreKeptInOrder() throws {
        guard case .feature(let feature) = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "foreign-members"))
        else {
            Issue.record("expected a Feature"); return
        }
        #expect(feature.foreignMembers.map(\.key) == ["title", "extra"])
        #expect(feature.foreignMembers[0].value == .string("산책"))
    }

    @Test func nullGeometryAndEmptyPointAreNil() throws {
        guard case .feature(let feature) = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "null-geometry"))
        else {
            Issue.record("expected a Feature"); return
        }
        #expect(feature.geometry == nil)
        #expect(feature.id == .string("note-1"))
        guard
            case .featureCollection(let collection) = try GeoJSONDecoder().decode(
                GeoJSONFixtures.data("valid", "empty-coordinates"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(
            collection.features.map(\.geometry) == [
                nil, .lineString(LineString(unchecked: [])), .polygon(Polygon(unchecked: [])),
                .multiPolygon(MultiPolygon([])),
            ])
    }

    /// 12345678901234567890 is above 2⁵³: it stays a number, the nearest double
    /// (12345678901234567168, as Python's `float()` gives).
    @Test func idsAreStringsOrNumbersAndBigIntegersStayNumbers() throws {
        guard
            case .featureCollection(let collection) = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "ids"))
        else {
            Issue.record("expected a FeatureCollection"); return
        }
        #expect(
            collection.features.map(\.id) == [
                .string("a"), .number(7), .number(12_345_678_901_234_567_168), .number(-1.5),
            ])
    }

    @Test func hangulPropertiesAndEscapesDecodeToTheSameText() throws {
        guard
            case .feature(let feature) = try GeoJSONDecoder().decode(GeoJSONFixtures.data("valid", "hangul-properties"))
        else {
            Issue.record("expected a Feature"); return
        }
        #expect(feature.property("name") == .string("경복궁"))
        #expect(feature.property("escaped") == .string("경복궁"))
        #expect(feature.property("tags") == .array([.string("역사"), .string("사진명소")]))
    }

    @Test func boundingBoxesAreKept() throws {
        guard
            case .featureCollection(let collection) = try GeoJSONDecoder().decode(
                GeoJSONFixtures.data("valid", "bbox-antimeridian"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(collection.bbox == [177, -20, -178, -16])
    }
}
