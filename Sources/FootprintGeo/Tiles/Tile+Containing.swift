import Foundation

extension Tile {
    /// The tile at `zoom` that contains `coordinate`, as mercantile 1.2.1's `tile(lng, lat, zoom)`.
    ///
    /// Same arithmetic, same edges: the normalised x = lon/360 + 0.5 and
    /// y = 0.5 − ¼·ln((1 + sin φ)/(1 − sin φ))/π, then ⌊(v + 1e-14)·2^z⌋, where the 1e-14 puts a
    /// point within a rounding error of a tile's east or south edge into the next tile, so that
    /// the corner given by ``bounds`` maps back to its own tile. Longitude 180 falls in the last
    /// column and −180 in the first. Latitudes beyond ±``WebMercator/maximumLatitude`` (85.0511°),
    /// the poles included, clamp to the top or bottom row, where mercantile raises for the poles
    /// and gives a row of 2^z (outside the grid) for a point within 1e-14 of the east or south
    /// edge of the world: here that point stays in the last column or row.
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a zoom outside
    /// ``zooms``.
    public init(containing coordinate: Coordinate, zoom: Int) throws(FootprintGeoError) {
        try Self.checkZoom(zoom)
        self = Self.containing(coordinate, zoom: zoom, side: Double(1 << zoom))
    }

    /// The tiles at `zoom` that contain each coordinate, in order; see ``init(containing:zoom:)``.
    public static func tiles(containing coordinates: [Coordinate], zoom: Int) throws(FootprintGeoError) -> [Tile] {
        try checkZoom(zoom)
        let side = Double(1 << zoom)
        return coordinates.map { containing($0, zoom: zoom, side: side) }
    }

    /// mercantile's `tile` for a valid zoom; `side` is 2^zoom.
    @inline(__always)
    static func containing(_ coordinate: Coordinate, zoom: Int, side: Double) -> Tile {
        // mercantile's EPSILON.
        let epsilon = 1e-14
        let x = coordinate.longitude / 360.0 + 0.5
        let sinLatitude = sin(coordinate.latitude * (Double.pi / 180))
        // At the poles the quotient is 0 or infinite and y is ±infinity: clamped below.
        let y = 0.5 - 0.25 * log((1.0 + sinLatitude) / (1.0 - sinLatitude)) / Double.pi
        let last = (1 << zoom) - 1
        let column = x <= 0 ? 0 : x >= 1 ? last : min(last, Int(((x + epsilon) * side).rounded(.down)))
        let row = y <= 0 ? 0 : y >= 1 ? last : min(last, Int(((y + epsilon) * side).rounded(.down)))
        return Tile(uncheckedZ: zoom, x: column, y: row)
    }
}
