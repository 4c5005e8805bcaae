/// An XYZ web map tile ("slippy map" tile, OpenStreetMap and Google scheme): zoom `z`, column
/// `x` from the antimeridian eastward, row `y` from the top (north) down, each 0..<2^z.
///
/// Matches mercantile 1.2.1's `Tile`, except that the initializers reject what mercantile only
/// warns about (an x or y outside 0..<2^z).
public struct Tile: Hashable, Sendable {
    /// The zoom level, 0…``maximumZoom``.
    public let z: Int
    /// The column, 0..<2^z, from 180° W eastward.
    public let x: Int
    /// The row, 0..<2^z, from 85.0511° N southward.
    public let y: Int

    /// The zooms accepted: 0 (one tile for the world) to 22 (about 10 m tiles at the equator, the
    /// deepest zoom of common web map styles).
    public static let zooms: ClosedRange<Int> = 0...22

    /// The deepest zoom accepted, 22.
    public static var maximumZoom: Int { zooms.upperBound }

    /// The tile `z/x/y`; throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a zoom
    /// outside ``zooms`` or a column or row outside 0..<2^z.
    public init(z: Int, x: Int, y: Int) throws(FootprintGeoError) {
        try Self.checkZoom(z)
        let side = 1 << z
        guard (0..<side).contains(x) else {
            throw .invalidArgument(
                name: "tile column x", value: "\(x)", reason: "at zoom \(z) it must be 0 to \(side - 1)")
        }
        guard (0..<side).contains(y) else {
            throw .invalidArgument(
                name: "tile row y", value: "\(y)", reason: "at zoom \(z) it must be 0 to \(side - 1)")
        }
        self.init(uncheckedZ: z, x: x, y: y)
    }

    /// A tile whose numbers are known to be in range.
    init(uncheckedZ z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    static func checkZoom(_ zoom: Int) throws(FootprintGeoError) {
        guard zooms.contains(zoom) else {
            throw .invalidArgument(
                name: "zoom", value: "\(zoom)",
                reason: "it must be a whole number from \(zooms.lowerBound) to \(zooms.upperBound)")
        }
    }
}

extension Tile: CustomStringConvertible {
    /// `Z/X/Y`, the path of the tile in an XYZ tile URL.
    public var description: String { "\(z)/\(x)/\(y)" }
}
