import FootprintGeo
import FootprintRender
import Foundation

/// The tile pyramid: which tiles a range holds, which of them have something to draw.
enum RenderTiles {
    /// The box of a tile widened by its buffer and a cluster cell, in degrees: every place that
    /// can change what the tile draws.
    static func drawnBox(of tile: Tile, scale: Int) -> BoundingBox {
        let margin = Double(MapFrame.tileBuffer + 24) / Double(MapFrame.tileSide)
        let side = Double(1 << tile.z)
        func longitude(_ x: Double) -> Double { min(180, max(-180, x / side * 360 - 180)) }
        func latitude(_ y: Double) -> Double {
            let clamped = min(side, max(0, y))
            return atan(sinh(Double.pi * (1 - 2 * clamped / side))) * 180 / Double.pi
        }
        return BoundingBox(
            uncheckedWest: longitude(Double(tile.x) - margin), south: latitude(Double(tile.y + 1) + margin),
            east: longitude(Double(tile.x + 1) + margin), north: latitude(Double(tile.y) - margin))
    }

    /// The columns and rows of the tiles at `zoom` that touch `box` (two column ranges across the
    /// antimeridian).
    static func ranges(of box: BoundingBox, zoom: Int) throws -> (columns: [ClosedRange<Int>], rows: ClosedRange<Int>) {
        let northWest = try Tile(containing: Coordinate(uncheckedLatitude: box.north, longitude: box.west), zoom: zoom)
        let southEast = try Tile(containing: Coordinate(uncheckedLatitude: box.south, longitude: box.east), zoom: zoom)
        let rows = northWest.y...max(northWest.y, southEast.y)
        if box.crossesAntimeridian {
            return ([northWest.x...((1 << zoom) - 1), 0...southEast.x], rows)
        }
        return ([northWest.x...max(northWest.x, southEast.x)], rows)
    }

    /// How many tiles the range holds, counted without listing them.
    static func count(of box: BoundingBox, zooms: ClosedRange<Int>) throws -> Int {
        var total = 0
        for zoom in zooms {
            let (columns, rows) = try ranges(of: box, zoom: zoom)
            total += columns.reduce(0) { $0 + $1.count } * rows.count
        }
        return total
    }

    /// Every tile of the range, by zoom, row, column.
    static func allTiles(of box: BoundingBox, zooms: ClosedRange<Int>) throws -> [Tile] {
        var tiles: [Tile] = []
        for zoom in zooms {
            let (columns, rows) = try ranges(of: box, zoom: zoom)
            for y in rows {
                for range in columns {
                    for x in range { if let tile = try? Tile(z: zoom, x: x, y: y) { tiles.append(tile) } }
                }
            }
        }
        return tiles
    }

    /// The tiles of the range that hold a place or whose buffer reaches one: the tiles of the
    /// places and their eight neighbours, kept when the renderer finds content in them.
    ///
    /// The places' tiles are found once at the deepest zoom; each shallower zoom's are their
    /// parents (a shift), so the work is one tile per place, not one per place and zoom.
    static func tilesWithContent(
        of box: BoundingBox, zooms: ClosedRange<Int>, places: [Coordinate], scene: MapScene, scale: Int
    ) throws -> [Tile] {
        var occupied = Set<Int>()
        for tile in try Tile.tiles(containing: places, zoom: zooms.upperBound) {
            occupied.insert(tile.y << 23 | tile.x)
        }
        var byZoom: [Int: Set<Int>] = [zooms.upperBound: occupied]
        for zoom in zooms.reversed().dropFirst() {
            occupied = Set(occupied.map { (($0 >> 24) << 23) | (($0 & ((1 << 23) - 1)) >> 1) })
            byZoom[zoom] = occupied
        }
        var tiles: [Tile] = []
        for zoom in zooms {
            let (columns, rows) = try ranges(of: box, zoom: zoom)
            let last = (1 << zoom) - 1
            var candidates = Set<Int>()
            for key in byZoom[zoom] ?? [] {
                let tileX = key & ((1 << 23) - 1)
                let tileY = key >> 23
                for dy in -1...1 {
                    for dx in -1...1 {
                        let x = tileX + dx
                        let y = tileY + dy
                        guard x >= 0, x <= last, y >= 0, y <= last, rows.contains(y),
                            columns.contains(where: { $0.contains(x) })
                        else { continue }
                        candidates.insert(y << 23 | x)
                    }
                }
            }
            for key in candidates.sorted() {
                guard let tile = try? Tile(z: zoom, x: key & ((1 << 23) - 1), y: key >> 23),
                    let frame = try? MapFrame(tile: tile, scale: scale), MapRenderer.hasContent(scene, frame: frame)
                else { continue }
                tiles.append(tile)
            }
        }
        return tiles
    }
}
