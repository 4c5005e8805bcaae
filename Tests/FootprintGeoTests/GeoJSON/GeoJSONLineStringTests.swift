import FootprintGeo
import Testing

/// The helpers `geo polyline` and `geo simplify` use: one line from a text, geometries mapped.
@Suite struct GeoJSONLineStringTests {
    func coordinate(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test(arguments: [
        #"{"type":"LineString","coordinates":[[126.9,37.5],[127,37.6]]}"#,
        #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[126.9,37.5],[127,37.6]]},"properties":null}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{}},{"type":"Feature","geometry":{"type":"LineString","coordinates":[[126.9,37.5],[127,37.6]]},"properties":{}}]}"#,
        #"{"type":"MultiLineString","coordinates":[[[126.9,37.5],[127,37.6]]]}"#,
    ])
    func findsTheLine(text: String) throws {
        #expect(
            try GeoJSONDecoder().decodeLineString(text).coordinates == [coordinate(126.9, 37.5), coordinate(127, 37.6)])
    }

    @Test func linesOfAnyLengthAreAccepted() throws {
        #expect(try GeoJSONDecoder().decodeLineString(#"{"type":"LineString","coordinates":[]}"#).coordinates == [])
        #expect(
            try GeoJSONDecoder(mode: .strict).decodeLineString(#"{"type":"LineString","coordinates":[[1,2]]}"#)
                .coordinates == [coordinate(1, 2)])
    }

    @Test(arguments: [
        (
            #"{"type":"Polygon","coordinates":[]}"#,
            GeoJSONError.unexpectedContent(path: "", reason: "expected a LineString, got a Polygon")
        ),
        (
            #"{"type":"Feature","geometry":null,"properties":null}"#,
            GeoJSONError.unexpectedContent(
                path: "geometry", reason: "the Feature has no geometry; expected a LineString")
        ),
        (
            #"{"type":"FeatureCollection","features":[]}"#,
            GeoJSONError.unexpectedContent(path: "features", reason: "the FeatureCollection holds no LineString")
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[]},"properties":null},{"type":"Feature","geometry":{"type":"LineString","coordinates":[]},"properties":null}]}"#,
            GeoJSONError.unexpectedContent(
                path: "features",
                reason: "the FeatureCollection holds 2 LineStrings (features[0], features[1]…); give one")
        ),
        (
            #"{"type":"LineString","coordinates":[[1,"2"]]}"#,
            GeoJSONError.invalidValue(path: "coordinates[0][1]", reason: "expected a number, got a string")
        ),
    ])
    func saysWhyThereIsNoLine(text: String, error: GeoJSONError) {
        #expect(throws: error) { try GeoJSONDecoder().decodeLineString(text) }
    }

    @Test func mappingGeometriesKeepsEverythingElse() throws {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":3,"geometry":{"type":"LineString","coordinates":[[0,0],[1,1],[2,2]]},"properties":{"이름":"길"}},{"type":"Feature","geometry":null,"properties":null}],"note":"x"}"#
        let mapped = try GeoJSONDecoder().decode(text).mappingGeometries { geometry in
            guard case .lineString(let line) = geometry else { return geometry }
            return .lineString(LineString(unchecked: [line.coordinates[0], line.coordinates[2]]))
        }
        #expect(
            GeoJSONEncoder().encode(mapped)
                == #"{"type":"FeatureCollection","features":[{"type":"Feature","id":3,"geometry":{"type":"LineString","coordinates":[[0,0],[2,2]]},"properties":{"이름":"길"}},{"type":"Feature","geometry":null,"properties":null}],"note":"x"}"#
        )
    }
}
