import FootprintGeo
import Testing

@testable import FootprintRender

@Suite struct MapFrameTests {
    @Test func aTileStartsAtItsCorner() throws {
        let tile = try Tile(z: 14, x: 13970, y: 6344)
        let frame = try MapFrame(tile: tile, scale: 1)
        let corner = frame.pixel(
            UnitPoint(Coordinate(uncheckedLatitude: tile.bounds.north, longitude: tile.bounds.west)))
        #expect(abs(corner.x) < 1e-6 && abs(corner.y) < 1e-6)
        let far = frame.pixel(UnitPoint(Coordinate(uncheckedLatitude: tile.bounds.south, longitude: tile.bounds.east)))
        #expect(abs(far.x - 256) < 1e-6 && abs(far.y - 256) < 1e-6)
        #expect(frame.buffer == 64)
    }

    @Test func scaleTwoDoublesEverything() throws {
        let frame = try MapFrame(tile: try Tile(z: 3, x: 1, y: 2), scale: 2)
        #expect(frame.width == 512 && frame.buffer == 128 && frame.originX == 512 && frame.originY == 1024)
    }

    @Test func otherScalesAreRefused() throws {
        #expect(throws: FootprintRenderError.invalidScale(3)) {
            try MapFrame(tile: try Tile(z: 1, x: 0, y: 0), scale: 3)
        }
    }

    @Test(arguments: [(15, 600), (800, 8193), (0, 0)])
    func sizesOutsideTheRangeAreRefused(width: Int, height: Int) {
        #expect(throws: FootprintRenderError.invalidSize(width: width, height: height)) {
            try MapFrame(center: Coordinate(uncheckedLatitude: 0, longitude: 0), zoom: 3, width: width, height: height)
        }
    }

    @Test func aFittedBoxLiesInsideThePadding() throws {
        let box = BoundingBox(uncheckedWest: 126.8, south: 37.45, east: 127.2, north: 37.7)
        let frame = try MapFrame(fitting: box, width: 800, height: 600, padding: 24)
        let northWest = frame.pixel(UnitPoint(Coordinate(uncheckedLatitude: box.north, longitude: box.west)))
        let southEast = frame.pixel(UnitPoint(Coordinate(uncheckedLatitude: box.south, longitude: box.east)))
        #expect(northWest.x >= 24 && northWest.y >= 24 && southEast.x <= 776 && southEast.y <= 576)
        // The box fills the width or the height up to the padding (zoom cut to two decimals).
        #expect(southEast.x - northWest.x > 752 * 0.98 || southEast.y - northWest.y > 552 * 0.98)
    }

    @Test func aBoxAcrossTheAntimeridianIsCentredOnIt() throws {
        let box = BoundingBox(uncheckedWest: 170, south: -20, east: -170, north: 0)
        let frame = try MapFrame(fitting: box, width: 400, height: 400)
        let west = frame.pixel(UnitPoint(Coordinate(uncheckedLatitude: -10, longitude: 170)))
        let east = frame.pixel(UnitPoint(Coordinate(uncheckedLatitude: -10, longitude: -170)))
        #expect(west.x < 200 && east.x > 200 && west.x > 0 && east.x < 400)
    }
}
