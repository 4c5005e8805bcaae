/// An area drawn on the map: an exterior ring and holes, filled and stroked (simplestyle-spec's
/// `fill`, `fill-opacity`, `stroke`, `stroke-opacity`, `stroke-width`).
public struct PolygonOverlay: Hashable, Sendable {
    /// The area; its rings are closed and have four or more positions (``Polygon``'s checks),
    /// and it has an exterior.
    public private(set) var polygon: Polygon
    /// The fill colour and opacity, or `nil` for no fill.
    public var fill: OverlayColor?
    /// The outline, or `nil` for none.
    public var stroke: StrokeStyle?
    /// A title.
    public var title: String?
    /// A longer text.
    public var description: String?

    /// Creates a polygon overlay from its exterior ring and holes, each closed (first position
    /// repeated last). Orientation does not matter: the GeoJSON conversion applies the
    /// right-hand rule.
    ///
    /// - Throws: ``FootprintGeoError/invalidRing(index:reason:)`` for a ring that is not closed
    ///   or has fewer than four positions.
    public init(
        exterior: [Coordinate], holes: [[Coordinate]] = [], fill: OverlayColor? = nil, stroke: StrokeStyle? = nil,
        title: String? = nil, description: String? = nil
    ) throws(FootprintGeoError) {
        self.polygon = try Polygon([exterior] + holes)
        self.fill = fill
        self.stroke = stroke
        self.title = title
        self.description = description
    }
}

/// A circle of a radius in metres on the ground (a privacy zone, a stay's radius), filled and
/// stroked; exported as a geodesic polygon (``geodesicPolygon()``).
public struct CircleOverlay: Hashable, Sendable {
    /// The largest radius, 1 000 km: beyond it a circle is a continent and no longer what an
    /// overlay of a day's map means; it also keeps the circle well away from covering a
    /// hemisphere, where a ring in longitude and latitude stops describing it.
    public static let maximumRadiusMeters = 1_000_000.0

    /// The centre.
    public var center: Coordinate
    /// The radius in metres along the WGS84 ellipsoid, above 0 and at most
    /// ``maximumRadiusMeters``.
    public private(set) var radiusMeters: Double
    /// The fill colour and opacity, or `nil` for no fill.
    public var fill: OverlayColor?
    /// The outline, or `nil` for none.
    public var stroke: StrokeStyle?
    /// A title.
    public var title: String?
    /// A longer text.
    public var description: String?

    /// Creates a circle.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a radius that is
    ///   not a finite number above 0 and at most ``maximumRadiusMeters``.
    public init(
        center: Coordinate, radiusMeters: Double, fill: OverlayColor? = nil, stroke: StrokeStyle? = nil,
        title: String? = nil, description: String? = nil
    ) throws(FootprintGeoError) {
        guard radiusMeters.isFinite, radiusMeters > 0, radiusMeters <= Self.maximumRadiusMeters else {
            throw .invalidArgument(
                name: "circle radius", value: "\(formatted(radiusMeters)) m",
                reason: "a radius is a number of metres above 0 and at most 1000000 (1000 km)")
        }
        self.center = center
        self.radiusMeters = radiusMeters
        self.fill = fill
        self.stroke = stroke
        self.title = title
        self.description = description
    }
}
