import FootprintGeo
import Testing

/// Lenient decoding (what commands other than `geo validate` use) takes what it can use.
@Suite struct GeoJSONLenientTests {
    let lenient = GeoJSONDecoder()

    @Test func readsATypeNameInTheWrongCase() throws {
        let object = try lenient.decode(GeoJSONFixtures.data("invalid", "type-lowercase"))
        #expect(object == .geometry(.point(Point(Coordinate(uncheckedLatitude: 0, longitude: 100)))))
    }

    @Test func givesAFeatureWithoutGeometryOrPropertiesNil() throws {
        guard
            case .featureCollection(let collection) = try lenient.decode(
                GeoJSONFixtures.data("invalid", "feature-without-geometry"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(collection.features.count == 2)
        #expect(collection.features[1].geometry == nil)
        guard
            case .featureCollection(let other) = try lenient.decode(
                GeoJSONFixtures.data("invalid", "feature-without-properties"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(other.features[0].properties == nil)
    }

    @Test func closesAnOpenRing() throws {
        guard case .feature(let feature) = try lenient.decode(GeoJSONFixtures.data("invalid", "ring-not-closed")),
            case .polygon(let polygon)? = feature.geometry
        else { Issue.record("expected a Feature with a Polygon"); return }
        #expect(polygon.rings[1].count == 5)
        #expect(polygon.rings[1].first == polygon.rings[1].last)
    }

    @Test func keepsAOnePositionLine() throws {
        let object = try lenient.decode(GeoJSONFixtures.data("invalid", "linestring-one-position"))
        #expect(
            object == .geometry(.lineString(LineString(unchecked: [Coordinate(uncheckedLatitude: 0, longitude: 100)]))))
    }

    @Test func dropsBadBoundingBoxesIdsAndForbiddenMembers() throws {
        guard case .geometry = try lenient.decode(GeoJSONFixtures.data("invalid", "bbox-wrong-length")) else {
            Issue.record("expected a geometry"); return
        }
        guard case .feature(let feature) = try lenient.decode(GeoJSONFixtures.data("invalid", "id-object")) else {
            Issue.record("expected a Feature"); return
        }
        #expect(feature.id == nil)
        guard
            case .featureCollection(let collection) = try lenient.decode(
                GeoJSONFixtures.data("invalid", "feature-with-coordinates"))
        else { Issue.record("expected a FeatureCollection"); return }
        #expect(collection.features[2].foreignMembers.isEmpty)
    }

    @Test(arguments: [
        "type-unknown", "type-missing", "position-one-number", "position-string", "position-latitude-swapped",
        "not-an-object", "geometry-in-features", "coordinates-missing",
    ])
    func stillRefusesWhatCannotBeUsed(fixture: String) throws {
        let data = try GeoJSONFixtures.data("invalid", fixture)
        let strictError = try #require(GeoJSONDecoder().validate(data).errors.first)
        #expect(throws: strictError) { try lenient.decode(data) }
    }
}
