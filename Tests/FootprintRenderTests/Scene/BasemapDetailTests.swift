import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

/// The finer boundaries of a basemap (시군구 in the CLI): drawn thin from their minimum zoom,
/// read only when a map that deep first needs them, and once for every map after.
@Suite struct BasemapDetailTests {
    /// Counts the loader's calls.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    static let center = Coordinate(uncheckedLatitude: 37.55, longitude: 127.0)

    static func basemap(_ calls: Calls) -> Basemap {
        let square = [(126.95, 37.5), (127.05, 37.5), (127.05, 37.6), (126.95, 37.6), (126.95, 37.5)].map {
            Coordinate(uncheckedLatitude: $0.1, longitude: $0.0)
        }
        let district = [
            Coordinate(uncheckedLatitude: 37.5, longitude: 127.0),
            Coordinate(uncheckedLatitude: 37.6, longitude: 127.0),
        ]
        return Basemap(land: [Polygon(unchecked: [square])], boundaries: [square]).addingDetailBoundaries {
            calls.add()
            return [.lineString(LineString(unchecked: district))]
        }
    }

    static func svg(_ basemap: Basemap, zoom: Double) throws -> String {
        let frame = try MapFrame(center: center, zoom: zoom, width: 256, height: 256)
        return String(decoding: MapRenderer.svg(MapScene(overlays: [], basemap: basemap), frame: frame), as: UTF8.self)
    }

    @Test func theFinerBoundariesAreDrawnThinFromZoom10AndReadOnce() throws {
        let calls = Calls()
        let basemap = Self.basemap(calls)
        let zoomedOut = try Self.svg(basemap, zoom: 9)
        #expect(!zoomedOut.contains("class=\"sd\""))
        #expect(zoomedOut.contains("class=\"bd\""))
        #expect(calls.count == 0)
        let zoomedIn = try Self.svg(basemap, zoom: 10)
        // A vertical line through the centre, under the province boundaries.
        #expect(zoomedIn.contains(##"<path class="sd" fill="none" stroke="#b7b2c8" stroke-width="0.5" d="M128 "##))
        let sd = try #require(zoomedIn.range(of: "class=\"sd\""))
        let bd = try #require(zoomedIn.range(of: "class=\"bd\""))
        #expect(sd.lowerBound < bd.lowerBound)
        _ = try Self.svg(basemap, zoom: 12)
        #expect(calls.count == 1)
    }

    @Test func withoutFinerBoundariesNothingChanges() throws {
        let square = [(126.95, 37.5), (127.05, 37.5), (127.05, 37.6), (126.95, 37.6), (126.95, 37.5)].map {
            Coordinate(uncheckedLatitude: $0.1, longitude: $0.0)
        }
        let plain = Basemap(land: [Polygon(unchecked: [square])], boundaries: [square])
        #expect(!(try Self.svg(plain, zoom: 12)).contains("class=\"sd\""))
    }
}
