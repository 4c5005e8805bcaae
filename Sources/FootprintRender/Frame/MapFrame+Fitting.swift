import FootprintGeo
import Foundation

extension MapFrame {
    /// The deepest zoom a fitted map takes, so that a single place or a short walk is not shown
    /// at building scale.
    public static let maximumFitZoom = 17.0

    /// A static map of `width × height` pixels showing `box` whole, `padding` pixels inside each
    /// edge, at the deepest zoom (fractional, at most ``maximumFitZoom``) that fits it.
    ///
    /// A box whose west edge is east of its east edge crosses the antimeridian.
    ///
    /// - Throws: ``FootprintRenderError/invalidSize(width:height:)`` for a side outside ``sizes``.
    public init(fitting box: BoundingBox, width: Int, height: Int, padding: Int = 24) throws(FootprintRenderError) {
        try Self.check(width: width, height: height)
        let east = box.crossesAntimeridian ? box.east + 360 : box.east
        let northWest = UnitPoint(Coordinate(uncheckedLatitude: box.north, longitude: box.west))
        let southEast = UnitPoint(Coordinate(uncheckedLatitude: box.south, longitude: east))
        let spanX = max(southEast.x - northWest.x, 0)
        let spanY = max(southEast.y - northWest.y, 0)
        // The padding never takes more than a third of a side, so a tiny map still shows the box.
        let innerWidth = Double(width) - Double(min(padding, width / 3) * 2)
        let innerHeight = Double(height) - Double(min(padding, height / 3) * 2)
        var zoom = Self.maximumFitZoom
        let tile = Double(Self.tileSide)
        if spanX > 0 { zoom = min(zoom, log2(innerWidth / (spanX * tile))) }
        if spanY > 0 { zoom = min(zoom, log2(innerHeight / (spanY * tile))) }
        // Two decimals keep the bytes stable across platforms' last-bit differences in log2.
        zoom = (max(0, zoom) * 100).rounded(.down) / 100
        let world = Self.worldSize(zoom: zoom, scale: 1)
        let centerX = (northWest.x + southEast.x) / 2
        let centerY = (northWest.y + southEast.y) / 2
        self.init(
            zoom: zoom, scale: 1, originX: centerX * world - Double(width) / 2,
            originY: centerY * world - Double(height) / 2, width: width, height: height, buffer: 8, tile: nil)
    }
}
