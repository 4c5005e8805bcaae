import Foundation

extension Tile {
    /// The tile's edges in degrees, as mercantile 1.2.1's `bounds` computes them: west and east
    /// from the column, north and south as atan(sinh(π·(1 − 2y/2^z))). The top row's north edge
    /// is ``WebMercator/maximumLatitude`` (85.0511287798066°).
    public var bounds: BoundingBox {
        let side = Double(1 << z)
        let west = Double(x) / side * 360.0 - 180.0
        let east = Double(x + 1) / side * 360.0 - 180.0
        let north = atan(sinh(Double.pi * (1 - Double(2 * y) / side))) * (180 / Double.pi)
        let south = atan(sinh(Double.pi * (1 - Double(2 * (y + 1)) / side))) * (180 / Double.pi)
        return BoundingBox(uncheckedWest: west, south: south, east: east, north: north)
    }

    /// The tile's edges in EPSG:3857 metres, as mercantile's `xy_bounds`: the square world of side
    /// 2π·a cut into 2^z × 2^z squares.
    public var mercatorBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let world = 2 * Double.pi * WebMercator.radiusMeters
        let size = world / Double(1 << z)
        let left = Double(x) * size - world / 2
        let top = world / 2 - Double(y) * size
        return (left, top - size, left + size, top)
    }
}
