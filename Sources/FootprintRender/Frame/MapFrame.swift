import FootprintGeo
import Foundation

/// The window of a map on the Web Mercator plane: which pixels of the world at a zoom the SVG
/// shows, and how far beyond its edges geometry is still drawn.
///
/// Positions are "world pixels": the square world is `256 × 2^zoom × scale` pixels wide, x from
/// 180° W eastward and y from 85.0511° N southward (EPSG:3857, the scheme of XYZ tiles). A
/// tile's origin is a whole number of pixels, so the same point has the same fractional part
/// on every tile and coordinates written at 0.1 px line up across tile seams.
public struct MapFrame: Hashable, Sendable {
    /// The sides a static map may have, in pixels.
    public static let sizes: ClosedRange<Int> = 16...8192
    /// The tile side in pixels at scale 1.
    public static let tileSide = 256
    /// The buffer around a tile at scale 1: markers and strokes crossing an edge are drawn on
    /// both tiles.
    public static let tileBuffer = 64

    /// The zoom; fractional for a static map fitted to an area.
    public let zoom: Double
    /// Pixels per CSS pixel: 1, or 2 for `@2x` tiles.
    public let scale: Int
    /// The world's side in pixels at this zoom and scale.
    public let worldSize: Double
    /// The world pixel at the map's top-left corner.
    public let originX: Double
    /// The world pixel at the map's top-left corner.
    public let originY: Double
    /// The map's width in pixels.
    public let width: Int
    /// The map's height in pixels.
    public let height: Int
    /// How far beyond each edge geometry is drawn, in pixels.
    public let buffer: Double
    /// The tile the frame shows, or `nil` for a static map.
    public let tile: Tile?

    /// The frame of an XYZ tile: 256 pixels (512 at scale 2) with a buffer of 64 (128).
    ///
    /// - Throws: ``FootprintRenderError/invalidScale(_:)`` for a scale other than 1 or 2.
    public init(tile: Tile, scale: Int = 1) throws(FootprintRenderError) {
        guard scale == 1 || scale == 2 else { throw .invalidScale(scale) }
        let side = Self.tileSide * scale
        self.init(
            zoom: Double(tile.z), scale: scale, originX: Double(tile.x * side), originY: Double(tile.y * side),
            width: side, height: side, buffer: Double(Self.tileBuffer * scale), tile: tile)
    }

    /// A static map of `width × height` pixels centred on `center` at `zoom`.
    ///
    /// - Throws: ``FootprintRenderError/invalidSize(width:height:)`` for a side outside
    ///   ``sizes``, ``FootprintRenderError/invalidZoom(_:)`` for a zoom outside 0…22.
    public init(center: Coordinate, zoom: Double, width: Int, height: Int) throws(FootprintRenderError) {
        try Self.check(width: width, height: height)
        guard zoom.isFinite, zoom >= 0, zoom <= Double(Tile.maximumZoom) else { throw .invalidZoom(zoom) }
        let world = Self.worldSize(zoom: zoom, scale: 1)
        let unit = UnitPoint(center)
        self.init(
            zoom: zoom, scale: 1, originX: unit.x * world - Double(width) / 2,
            originY: unit.y * world - Double(height) / 2, width: width, height: height, buffer: 8, tile: nil)
    }

    init(
        zoom: Double, scale: Int, originX: Double, originY: Double, width: Int, height: Int, buffer: Double,
        tile: Tile?
    ) {
        self.zoom = zoom
        self.scale = scale
        self.worldSize = Self.worldSize(zoom: zoom, scale: scale)
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
        self.buffer = buffer
        self.tile = tile
    }

    static func worldSize(zoom: Double, scale: Int) -> Double {
        Double(tileSide * scale) * pow(2, zoom)
    }

    /// Throws ``FootprintRenderError/invalidSize(width:height:)`` for a side outside ``sizes``.
    public static func checkSize(width: Int, height: Int) throws(FootprintRenderError) {
        try check(width: width, height: height)
    }

    static func check(width: Int, height: Int) throws(FootprintRenderError) {
        guard sizes.contains(width), sizes.contains(height) else { throw .invalidSize(width: width, height: height) }
    }

    /// The whole zoom level whose rules (clustering, labels) apply: the zoom rounded down.
    public var zoomLevel: Int { Int(zoom.rounded(.down)) }

    /// The drawing area: the map plus its buffer, in map pixels.
    var drawnArea: PixelRect {
        PixelRect(minX: -buffer, minY: -buffer, maxX: Double(width) + buffer, maxY: Double(height) + buffer)
    }

    /// The map itself, in map pixels.
    var visibleArea: PixelRect { PixelRect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)) }

    /// The map pixel of a position on the unit world square.
    ///
    /// A static map takes the copy of the point (east or west by a world) nearest its centre, so
    /// a map across the antimeridian draws both sides; a tile never wraps, so that neighbouring
    /// tiles agree.
    @inline(__always)
    func pixel(_ point: UnitPoint) -> (x: Double, y: Double) {
        var x = point.x * worldSize - originX
        if tile == nil {
            let offset = x - Double(width) / 2
            if offset > worldSize / 2 { x -= worldSize } else if offset < -worldSize / 2 { x += worldSize }
        }
        return (x, point.y * worldSize - originY)
    }

    /// Pixels per metre on the ground at a latitude (the Mercator scale factor 1 / cos φ).
    func pixelsPerMeter(latitude: Double) -> Double {
        worldSize / (2 * Double.pi * WebMercator.radiusMeters * cos(latitude * Double.pi / 180))
    }
}

/// A position on the Web Mercator world as a unit square: x from 0 (180° W) to 1 (180° E), y
/// from 0 (85.0511° N) to 1 (85.0511° S). Latitudes beyond are clamped to the square's edge.
struct UnitPoint: Hashable, Sendable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// mercantile's normalised x and y (the formulas of ``Tile/init(containing:zoom:)``).
    @inline(__always)
    init(_ coordinate: Coordinate) {
        let latitude = min(max(coordinate.latitude, -WebMercator.maximumLatitude), WebMercator.maximumLatitude)
        let sinLatitude = sin(latitude * (Double.pi / 180))
        x = coordinate.longitude / 360.0 + 0.5
        y = 0.5 - 0.25 * log((1.0 + sinLatitude) / (1.0 - sinLatitude)) / Double.pi
    }
}

/// An axis-aligned rectangle in map pixels.
struct PixelRect: Hashable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool { x >= minX && x <= maxX && y >= minY && y <= maxY }

    func intersects(_ other: PixelRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ other: PixelRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
