import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

/// Fixed scenes compared byte for byte with checked-in SVG files, each of which rsvg-convert
/// opens without a warning. `FOOTPRINT_UPDATE_GOLDEN=1` rewrites them (then look at them).
@Suite struct GoldenSVGTests {
    static func cases() throws -> [(name: String, bytes: [UInt8])] {
        let day = MapScene(overlays: try Scenes.day(), title: "2024-05-04 성수동", attribution: "© Footprint")
        let dayFrame = try MapFrame(fitting: try #require(day.contentBox), width: 640, height: 480)
        let hostile = MapScene(overlays: try Scenes.hostile(), title: "<title>&")
        let hostileFrame = try MapFrame(center: Scenes.coordinate(37.5668, 126.9784), zoom: 17, width: 400, height: 300)
        let crowd = MapScene(overlays: try Scenes.crowd())
        let tile = try Tile(containing: Scenes.coordinate(37.57, 126.985), zoom: 14)
        let crowdTile = try MapFrame(tile: tile, scale: 1)
        let crowdTile2x = try MapFrame(tile: tile, scale: 2)
        let dayTile = try MapFrame(tile: try Tile(containing: Scenes.coordinate(37.5447, 127.0412), zoom: 16))
        return [
            ("day-map", MapRenderer.svg(day, frame: dayFrame)),
            ("hostile-names", MapRenderer.svg(hostile, frame: hostileFrame)),
            ("crowd-tile-z14", MapRenderer.svg(crowd, frame: crowdTile)),
            ("crowd-tile-z14@2x", MapRenderer.svg(crowd, frame: crowdTile2x)),
            ("day-tile-z16", MapRenderer.svg(day, frame: dayTile)),
        ]
    }

    @Test func matchesTheGoldenFiles() throws {
        let update = ProcessInfo.processInfo.environment["FOOTPRINT_UPDATE_GOLDEN"] == "1"
        for (name, bytes) in try Self.cases() {
            let url = SVGCheck.goldenFolder.appendingPathComponent(name + ".svg")
            if update { try Data(bytes).write(to: url) }
            let golden = try [UInt8](Data(contentsOf: url))
            #expect(bytes == golden, "\(name).svg differs from the golden file")
        }
    }

    @Test func rendersWithRsvgConvertWithoutWarnings() throws {
        for (name, bytes) in try Self.cases() {
            let result = try SVGCheck.rsvgConvert(bytes)
            #expect(result.status == 0, "\(name): rsvg-convert failed")
            #expect(result.stderr == "", "\(name): \(result.stderr)")
        }
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let first = try Self.cases().map(\.bytes)
        let second = try Self.cases().map(\.bytes)
        #expect(first == second)
    }
}
