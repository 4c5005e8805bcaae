/// A position in some CRS, in PROJ's visualization order: `x` is the easting or the longitude,
/// `y` the northing or the latitude.
///
/// Metres for projected CRSs (EPSG:3857, 5179, 5181, 5186, 5174, TM128), degrees for geographic
/// ones (EPSG:4326), whatever order the EPSG definition gives its axes in.
public struct CRSCoordinate: Hashable, Sendable {
    /// Easting in metres, or longitude in degrees.
    public var x: Double
    /// Northing in metres, or latitude in degrees.
    public var y: Double

    /// Creates a position from its x (easting or longitude) and y (northing or latitude).
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension CRSCoordinate: CustomStringConvertible {
    /// `X,Y` at full double precision.
    public var description: String { "\(x),\(y)" }
}
