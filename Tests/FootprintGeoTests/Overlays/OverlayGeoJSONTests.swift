import FootprintGeo
import Foundation
import Testing

/// Overlays as GeoJSON: the geometry of each, and a FeatureCollection of all of them written by
/// our encoder and accepted by the strict reader (`footprint geo validate`) with no warning.
@Suite struct OverlayGeoJSONTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    func coordinate(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    func overlays() throws -> [Overlay] {
        let red = try OverlayColor(hex: "#e03131")
        let clockwise = [
            coordinate(126.97, 37.56), coordinate(126.97, 37.57), coordinate(126.98, 37.57),
            coordinate(126.98, 37.56), coordinate(126.97, 37.56),
        ]
        let counterclockwiseHole = [
            coordinate(126.972, 37.562), coordinate(126.978, 37.562), coordinate(126.978, 37.568),
            coordinate(126.972, 37.568), coordinate(126.972, 37.562),
        ]
        return [
            .marker(try Marker(coordinate: Self.seoul, symbol: "cafe", color: red, title: "Café")),
            .path(
                try PathOverlay(
                    parts: [
                        [coordinate(126.97, 37.56), coordinate(126.975, 37.565)],
                        [coordinate(126.976, 37.566), coordinate(126.98, 37.57), coordinate(126.99, 37.575)],
                    ],
                    stroke: StrokeStyle(color: red, width: 4), dash: DashPattern([2, 2]),
                    passedColor: OverlayColor(hex: "#868e96"), progress: .fraction(0.5))),
            .photo(
                try PhotoMarker(coordinate: Self.seoul, file: "IMG_1.jpg", takenAt: Date(timeIntervalSince1970: 1e9))),
            .polygon(
                try PolygonOverlay(
                    exterior: clockwise, holes: [counterclockwiseHole], fill: red.withOpacity(0.25))),
            .circle(try CircleOverlay(center: Self.seoul, radiusMeters: 300, fill: red.withOpacity(0.1))),
            .circle(try CircleOverlay(center: coordinate(179.999, -16.5), radiusMeters: 2_000)),
            .label(try Label(text: "서울", coordinate: Self.seoul, fontSize: 16)),
        ]
    }

    @Test func geometriesByKind() throws {
        let geometries = try overlays().map(\.geometry)
        #expect(
            geometries.map(\.geoJSONTypeName) == [
                "Point", "MultiLineString", "Point", "Polygon", "Polygon", "MultiPolygon", "Point",
            ])
        #expect(geometries[0] == .point(Point(Self.seoul)))
        // Parts stay apart: never joined across the gap.
        guard case .multiLineString(let lines) = geometries[1] else { return }
        #expect(lines.lines.map(\.coordinates.count) == [2, 3])
    }

    @Test func polygonIsOrientedByTheRightHandRule() throws {
        guard case .polygon(let polygon) = try overlays()[3].geometry else {
            Issue.record("not a polygon")
            return
        }
        // The clockwise exterior is reversed, the counterclockwise hole too.
        #expect(polygon.rings[0][1] == coordinate(126.98, 37.56))
        #expect(polygon.rings[1][1] == coordinate(126.972, 37.568))
    }

    @Test func aPathAcrossTheAntimeridianIsCut() throws {
        let path = try PathOverlay(
            parts: [[coordinate(179.5, 10), coordinate(-179.5, 11)]],
            stroke: StrokeStyle(color: OverlayColor(hex: "#000000"), width: 1))
        #expect(
            Overlay.path(path).geometry
                == .multiLineString(
                    MultiLineString([
                        LineString(unchecked: [coordinate(179.5, 10), coordinate(180, 10.5)]),
                        LineString(unchecked: [coordinate(-180, 10.5), coordinate(-179.5, 11)]),
                    ])))
    }

    @Test func markerFeatureIsWrittenExactly() throws {
        let marker = try Marker(coordinate: Self.seoul, color: OverlayColor(hex: "#E03131"), size: .small, title: "집")
        #expect(
            GeoJSONEncoder().encode(Overlay.marker(marker).feature(id: .integer(7)))
                == ##"{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[126.978,37.5665]},"properties":{"title":"집","marker-size":"small","marker-color":"#e03131"}}"##
        )
    }

    @Test func collectionOfEveryOverlayPassesTheStrictReader() throws {
        let overlays = try overlays()
        let collection = FeatureCollection(overlays: overlays)
        let text = GeoJSONEncoder().encode(collection)
        let validation = GeoJSONDecoder().validate(text)
        #expect(validation.errors == [])
        #expect(validation.warnings == [])
        guard case .featureCollection(let decoded)? = validation.object else {
            Issue.record("not a FeatureCollection")
            return
        }
        #expect(decoded.features.count == overlays.count)
        for (feature, overlay) in zip(decoded.features, overlays) {
            #expect(feature.properties.map(JSONValue.object) == .object(overlay.simpleStyleProperties))
            #expect(feature.geometry?.geoJSONTypeName == overlay.geometry.geoJSONTypeName)
        }
        // Byte-identical on every run.
        #expect(GeoJSONEncoder().encode(FeatureCollection(overlays: try self.overlays())) == text)
    }
}
