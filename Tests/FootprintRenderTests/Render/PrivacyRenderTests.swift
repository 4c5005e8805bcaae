import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

/// With privacy zones, no drawn vertex and no marker lies inside a zone.
@Suite struct PrivacyRenderTests {
    static let home = Coordinate(uncheckedLatitude: 37.5446, longitude: 127.0560)

    static func overlays() throws -> [Overlay] {
        var route: [Coordinate] = []
        for step in 0...400 {
            let t = Double(step) / 400
            route.append(
                Coordinate(uncheckedLatitude: 37.540 + 0.009 * t, longitude: 127.050 + 0.012 * t + 0.001 * sin(t * 30)))
        }
        let path = try PathOverlay(
            parts: [route], stroke: StrokeStyle(color: try OverlayColor(hex: "#ff0000"), width: 3))
        var overlays: [Overlay] = [.path(path)]
        for index in 0..<40 {
            let angle = Double(index) * 0.7
            let distance = 0.0002 * Double(index % 10)
            overlays.append(
                .marker(
                    try Marker(
                        coordinate: Coordinate(
                            uncheckedLatitude: home.latitude + distance * sin(angle),
                            longitude: home.longitude + distance * cos(angle)), title: "p\(index)")))
        }
        overlays.append(
            .photo(try PhotoMarker(coordinate: home, file: "home.jpg", takenAt: Date(timeIntervalSince1970: 0))))
        return overlays
    }

    /// The coordinate of a map pixel.
    static func coordinate(_ x: Double, _ y: Double, frame: MapFrame) -> Coordinate {
        let unitX = (x + frame.originX) / frame.worldSize
        let unitY = (y + frame.originY) / frame.worldSize
        let latitude = atan(sinh(Double.pi * (1 - 2 * unitY))) * 180 / Double.pi
        return Coordinate(uncheckedLatitude: latitude, longitude: unitX * 360 - 180)
    }

    @Test func nothingDrawnLiesInAZone() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 150)
        let mask = PrivacyMask(zones: [zone])
        let scene = MapScene(overlays: try Self.overlays(), privacy: mask)
        let unmasked = MapScene(overlays: try Self.overlays())
        var vertices = 0
        for zoom in [15, 16, 17] {
            let frame = try MapFrame(tile: try Tile(containing: Self.home, zoom: zoom))
            let parsed = try #require(SVGCheck.parse(MapRenderer.svg(scene, frame: frame)))
            for element in parsed.elements where element.name == "path" && element.attributes["stroke"] == "#ff0000" {
                for point in SVGCheck.points(inPathData: element.attributes["d"] ?? "") {
                    vertices += 1
                    #expect(!zone.contains(Self.coordinate(point.x, point.y, frame: frame)), "zoom \(zoom)")
                }
            }
            let markers = parsed.elements.filter { $0.name == "use" }
            for marker in markers {
                let x = try #require(Double(marker.attributes["x"] ?? ""))
                let y = try #require(Double(marker.attributes["y"] ?? ""))
                #expect(!zone.contains(Self.coordinate(x, y, frame: frame)))
            }
            // Without the mask the same tile does draw inside the zone.
            let open = try #require(SVGCheck.parse(MapRenderer.svg(unmasked, frame: frame)))
            #expect(open.elements.filter { $0.name == "use" || $0.name == "circle" }.count > markers.count)
        }
        // The route is drawn where it is outside the zone.
        #expect(vertices > 0)
    }

    /// A polygon's vertices in a zone are not drawn; a polygon wholly inside is not drawn at all.
    @Test func polygonVerticesInAZoneAreNotDrawn() throws {
        let zone = try PrivacyZone(center: Self.home, radiusMeters: 200)
        let mask = PrivacyMask(zones: [zone])
        func square(_ half: Double) throws -> Overlay {
            let (y, x) = (Self.home.latitude, Self.home.longitude)
            let ring = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (-1, -1)].map {
                Coordinate(uncheckedLatitude: y + $0.1 * half, longitude: x + $0.0 * half)
            }
            return .polygon(try PolygonOverlay(exterior: ring, fill: try OverlayColor(hex: "#00ff00")))
        }
        // 0.001° ≈ 90–110 m: every vertex inside; 0.003°: every vertex outside.
        for (half, drawn) in [(0.001, false), (0.003, true)] {
            let scene = MapScene(overlays: [try square(half)], privacy: mask)
            let frame = try MapFrame(tile: try Tile(containing: Self.home, zoom: 16))
            let svg = String(decoding: MapRenderer.svg(scene, frame: frame), as: UTF8.self)
            #expect(svg.contains("#00ff00") == drawn, "half side \(half)")
            let open = String(
                decoding: MapRenderer.svg(MapScene(overlays: [try square(half)]), frame: frame), as: UTF8.self)
            #expect(open.contains("#00ff00"))
        }
    }
}
