import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

/// A line and a marker crossing the corner where four tiles meet are drawn the same on each,
/// so the assembled tiles are continuous.
@Suite struct TileSeamTests {
    /// Tiles 16/x…x+1/y…y+1 around the corner of tile (x+1, y+1).
    static let corner = (z: 16, x: 55880, y: 25377)

    static func scene() throws -> MapScene {
        let tile = try Tile(z: corner.z, x: corner.x + 1, y: corner.y + 1)
        let meet = Coordinate(uncheckedLatitude: tile.bounds.north, longitude: tile.bounds.west)
        var route: [Coordinate] = []
        for step in 0...200 {
            let t = Double(step) / 200 - 0.5
            route.append(
                Coordinate(
                    uncheckedLatitude: meet.latitude + 0.004 * t + 0.0003 * sin(t * 40),
                    longitude: meet.longitude + 0.005 * t))
        }
        let path = try PathOverlay(
            parts: [route], stroke: StrokeStyle(color: try OverlayColor(hex: "#0000ff"), width: 3))
        let marker = try Marker(
            coordinate: Coordinate(uncheckedLatitude: meet.latitude + 0.00002, longitude: meet.longitude - 0.00003),
            title: "모서리")
        return MapScene(overlays: [.path(path), .marker(marker)])
    }

    /// Each tile's drawn line and marker positions, in world pixels.
    static func drawn(scale: Int) throws -> [(lines: [[(x: Double, y: Double)]], markers: [(x: Double, y: Double)])] {
        let scene = try scene()
        var result: [(lines: [[(x: Double, y: Double)]], markers: [(x: Double, y: Double)])] = []
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let frame = try MapFrame(tile: try Tile(z: corner.z, x: corner.x + dx, y: corner.y + dy), scale: scale)
            let parsed = try #require(SVGCheck.parse(MapRenderer.svg(scene, frame: frame)))
            let lines = parsed.elements.filter { $0.name == "path" && $0.attributes["stroke"] == "#0000ff" }
                .map {
                    SVGCheck.points(inPathData: $0.attributes["d"] ?? "").map {
                        ($0.x + frame.originX, $0.y + frame.originY)
                    }
                }
            var markers: [(x: Double, y: Double)] = []
            for element in parsed.elements where element.name == "use" {
                let x = try #require(Double(element.attributes["x"] ?? ""))
                let y = try #require(Double(element.attributes["y"] ?? ""))
                markers.append((x + frame.originX, y + frame.originY))
            }
            result.append((lines, markers))
        }
        return result
    }

    /// Where a tile's line crosses the vertical x = `at` (world pixels), sorted.
    static func crossings(_ lines: [[(x: Double, y: Double)]], verticalAt at: Double) -> [Double] {
        var ys: [Double] = []
        for line in lines {
            for index in 1..<line.count {
                let a = line[index - 1]
                let b = line[index]
                if (a.x - at) * (b.x - at) < 0 || (a.x == at && b.x != at) {
                    ys.append(a.y + (b.y - a.y) * (at - a.x) / (b.x - a.x))
                }
            }
        }
        return ys.sorted()
    }

    @Test(arguments: [1, 2])
    func theLineAndTheMarkerLineUpAcrossSeams(scale: Int) throws {
        let tiles = try Self.drawn(scale: scale)
        let side = Double(256 * scale)
        let seamX = Double(Self.corner.x + 1) * side
        // Left and right tiles of each row cross the seam at the same heights, to 0.1 px.
        for (left, right) in [(0, 1), (2, 3)] {
            let a = Self.crossings(tiles[left].lines, verticalAt: seamX)
            let b = Self.crossings(tiles[right].lines, verticalAt: seamX)
            #expect(a.count == b.count)
            for (ya, yb) in zip(a, b) { #expect(abs(ya - yb) <= 0.1) }
        }
        #expect(tiles.contains { !$0.lines.isEmpty })
        // The marker near the corner is in every tile's buffer, at one place.
        for tile in tiles {
            #expect(tile.markers.count == 1)
            #expect(abs(tile.markers[0].x - tiles[0].markers[0].x) < 0.01)
            #expect(abs(tile.markers[0].y - tiles[0].markers[0].y) < 0.01)
        }
    }
}
