import Foundation
import Testing

@testable import FootprintGeo

/// One row of `tiles.csv`: mercantile 1.2.1's answers (see Fixtures/README.md).
private struct MercantileRow: Sendable, CustomStringConvertible {
    var longitude, latitude: Double
    var zoom, x, y: Int
    var quadkey: String
    var west, south, east, north, mercatorX, mercatorY: Double

    var description: String { "\(latitude),\(longitude) at z\(zoom)" }

    static let all: [MercantileRow] = {
        let url = Bundle.module.url(forResource: "tiles", withExtension: "csv", subdirectory: "Fixtures")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return MercantileRow(
                longitude: Double(f[0])!, latitude: Double(f[1])!, zoom: Int(f[2])!, x: Int(f[3])!, y: Int(f[4])!,
                quadkey: f[5], west: Double(f[6])!, south: Double(f[7])!, east: Double(f[8])!, north: Double(f[9])!,
                mercatorX: Double(f[10])!, mercatorY: Double(f[11])!)
        }
    }()
}

@Suite struct TileTests {
    @Test func matchesMercantileOnEveryFixtureRow() throws {
        let rows = MercantileRow.all
        #expect(rows.count == 907)
        var mismatches: [String] = []
        for row in rows {
            let coordinate = try Coordinate(latitude: row.latitude, longitude: row.longitude)
            let tile = try Tile(containing: coordinate, zoom: row.zoom)
            if (tile.z, tile.x, tile.y) != (row.zoom, row.x, row.y) { mismatches.append("tile of \(row): \(tile)") }
            let bounds = tile.bounds
            if [bounds.west, bounds.south, bounds.east, bounds.north] != [row.west, row.south, row.east, row.north] {
                mismatches.append("bounds of \(tile): \(bounds)")
            }
            if tile.quadkey != row.quadkey { mismatches.append("quadkey of \(tile): \(tile.quadkey)") }
            if try Tile(quadkey: row.quadkey) != tile { mismatches.append("tile of quadkey \(row.quadkey)") }
            let point = WebMercator.point(of: coordinate)
            if point != WebMercatorPoint(x: row.mercatorX, y: row.mercatorY) {
                mismatches.append("xy of \(row): \(point)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func bulkTilesMatchOneByOne() throws {
        let rows = MercantileRow.all.filter { $0.zoom == 14 }
        let coordinates = try rows.map { try Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let tiles = try Tile.tiles(containing: coordinates, zoom: 14)
        #expect(tiles == (try coordinates.map { try Tile(containing: $0, zoom: 14) }))
    }

    /// Seoul City Hall is in the peers' render tile 14/13970/6344 (gen_data.py's meta.json).
    @Test func seoulCityHall() throws {
        let tile = try Tile(containing: Coordinate(latitude: 37.5663, longitude: 126.9779), zoom: 14)
        #expect(tile.description == "14/13970/6344")
        #expect(
            tile.bounds
                == BoundingBox(
                    uncheckedWest: 126.9580078125, south: 37.56199695314352, east: 126.97998046875,
                    north: 37.57941251343839))
    }

    @Test(arguments: [0, 1, 14, 22])
    func edgesOfTheWorld(zoom: Int) throws {
        let last = (1 << zoom) - 1
        #expect(
            try Tile(containing: Coordinate(latitude: 90, longitude: 180), zoom: zoom) == Tile(z: zoom, x: last, y: 0))
        #expect(
            try Tile(containing: Coordinate(latitude: -90, longitude: -180), zoom: zoom) == Tile(z: zoom, x: 0, y: last)
        )
        #expect(try Tile(containing: Coordinate(latitude: 89.99, longitude: 0), zoom: zoom).y == 0)
        // mercantile answers x = 2^z here (1e-14 from the east edge); the grid ends at 2^z − 1.
        #expect(try Tile(containing: Coordinate(latitude: 0, longitude: 179.999999999999), zoom: zoom).x == last)
    }

    @Test func topEdgeIsTheMercatorLimit() throws {
        #expect(WebMercator.maximumLatitude == 85.0511287798066)
        #expect(try Tile(z: 0, x: 0, y: 0).bounds.north == WebMercator.maximumLatitude)
        #expect(try Tile(z: 3, x: 0, y: 7).bounds.south == -WebMercator.maximumLatitude)
    }

    @Test func rejectsZoomsAndNumbersOutOfRange() throws {
        let seoul = try Coordinate(latitude: 37.5665, longitude: 126.978)
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "zoom", value: "23", reason: "it must be a whole number from 0 to 22")
        ) {
            try Tile(containing: seoul, zoom: 23)
        }
        #expect(throws: FootprintGeoError.self) { try Tile(containing: seoul, zoom: -1) }
        #expect(throws: FootprintGeoError.self) { try Tile.tiles(containing: [seoul], zoom: 99) }
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "tile column x", value: "2", reason: "at zoom 1 it must be 0 to 1")
        ) {
            try Tile(z: 1, x: 2, y: 0)
        }
        #expect(throws: FootprintGeoError.self) { try Tile(z: 1, x: 0, y: -1) }
    }

    @Test func quadkeys() throws {
        #expect(try Tile(quadkey: "") == Tile(z: 0, x: 0, y: 0))
        #expect(try Tile(z: 0, x: 0, y: 0).quadkey == "")
        // Bing Maps Tile System's example: tile (3, 5) at level 3 is quadkey "213".
        #expect(try Tile(z: 3, x: 3, y: 5).quadkey == "213")
        #expect(try Tile(quadkey: "213") == Tile(z: 3, x: 3, y: 5))
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "quadkey", value: "124", reason: "its digits must each be 0, 1, 2 or 3")
        ) {
            try Tile(quadkey: "124")
        }
        #expect(throws: FootprintGeoError.self) { try Tile(quadkey: String(repeating: "0", count: 23)) }
    }

    @Test func mercatorBoundsOfTheWorld() throws {
        let world = try Tile(z: 0, x: 0, y: 0).mercatorBounds
        #expect(world.minX == -20_037_508.342789244 && world.maxX == 20_037_508.342789244)
        #expect(world.minY == -20_037_508.342789244 && world.maxY == 20_037_508.342789244)
    }

    @Test func mercatorRoundTrip() throws {
        let seoul = try Coordinate(latitude: 37.5665, longitude: 126.978)
        let point = WebMercator.point(of: seoul)
        let back = try #require(WebMercator.coordinate(of: point))
        #expect(abs(back.latitude - seoul.latitude) < 1e-12 && abs(back.longitude - seoul.longitude) < 1e-12)
        #expect(WebMercator.point(of: Coordinate(uncheckedLatitude: 90, longitude: 0)).y == .infinity)
        #expect(WebMercator.coordinate(of: WebMercatorPoint(x: 3e7, y: 0)) == nil)
    }
}
