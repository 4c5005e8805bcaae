import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

@Suite struct PinClusterTests {
    @Test(arguments: [
        (2, "2"), (999, "999"), (1000, "1k"), (1250, "1.2k"), (9999, "9.9k"), (12345, "12k"), (150_000, "100k+"),
    ])
    func countsAreShort(count: Int, text: String) {
        #expect(DocumentBuilder.countText(count) == text)
    }

    @Test func fromZoomSixteenEveryPlaceIsItsOwnMarkerWithItsName() throws {
        let scene = MapScene(overlays: try Scenes.crowd())
        let frame = try MapFrame(tile: try Tile(containing: Scenes.coordinate(37.57, 126.985), zoom: 16))
        let parsed = try #require(SVGCheck.parse(MapRenderer.svg(scene, frame: frame)))
        let markers = parsed.elements.filter { $0.name == "use" }
        #expect(!markers.isEmpty)
        #expect(!parsed.elements.contains { $0.attributes["class"] == "cl" })
        #expect(parsed.elements.filter { $0.name == "title" }.count == markers.count + 1)
    }

    @Test func belowZoomSixteenCrowdedMarkersAreCountedOnce() throws {
        let scene = MapScene(overlays: try Scenes.crowd())
        // z11: the whole crowd lies well inside one tile, so every marker is drawn once.
        let frame = try MapFrame(tile: try Tile(containing: Scenes.coordinate(37.57, 126.985), zoom: 11))
        var builder = DocumentBuilder(scene: scene, frame: frame)
        let clusters = builder.gridClusters(cell: DocumentBuilder.clusterCell)
        #expect(clusters.reduce(0) { $0 + $1.count } == 400)
        #expect(clusters.contains { $0.count > 1 })
        builder.drawPins()
        let text = String(decoding: builder.body.bytes, as: UTF8.self)
        #expect(text.contains("<g class=\"cl\">"))
    }

    /// Two markers 4 px apart on either side of a grid line are one cluster, not two markers
    /// drawn on top of each other; a third 60 px away stays on its own.
    @Test func markersAcrossACellEdgeAreOneCluster() throws {
        let tile = try Tile(z: 12, x: 3493, y: 1586)
        let frame = try MapFrame(tile: tile)
        func marker(_ x: Double, _ y: Double) throws -> Overlay {
            let worldX = (frame.originX + x) / frame.worldSize
            let worldY = (frame.originY + y) / frame.worldSize
            let latitude = atan(sinh(Double.pi * (1 - 2 * worldY))) * 180 / Double.pi
            return .marker(
                try Marker(coordinate: Coordinate(uncheckedLatitude: latitude, longitude: worldX * 360 - 180)))
        }
        // Cell lines fall every 20 px of the world grid: the tile's origin is 894,208 px, so
        // x = 112 is one (894,320 = 20 × 44,716).
        #expect((frame.originX + 112).truncatingRemainder(dividingBy: 20) == 0)
        let scene = MapScene(overlays: [try marker(110, 100), try marker(114, 100), try marker(180, 100)])
        let builder = DocumentBuilder(scene: scene, frame: frame)
        let counts = builder.gridClusters(cell: DocumentBuilder.clusterCell).map(\.count).sorted()
        #expect(counts == [1, 2])
    }

    @Test func staticMapClustersKeepTheirFirstPinsApart() throws {
        let scene = MapScene(overlays: try Scenes.crowd())
        let frame = try MapFrame(fitting: try #require(scene.contentBox), width: 300, height: 300)
        let builder = DocumentBuilder(scene: scene, frame: frame)
        let clusters = builder.greedyClusters(cell: DocumentBuilder.clusterCell)
        #expect(clusters.reduce(0) { $0 + $1.count } == 400)
        let firsts = clusters.map { frame.pixel(scene.pins[$0.first].point) }
        for i in firsts.indices {
            for j in firsts.indices where j > i {
                let dx = firsts[i].x - firsts[j].x
                let dy = firsts[i].y - firsts[j].y
                #expect(dx * dx + dy * dy >= 400)
            }
        }
    }
}
