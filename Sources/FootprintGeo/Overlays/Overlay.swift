/// Anything drawn over a day's map, for the GeoJSON export and the SVG renderer alike.
public enum Overlay: Hashable, Sendable {
    case marker(Marker)
    case path(PathOverlay)
    case photo(PhotoMarker)
    case polygon(PolygonOverlay)
    case circle(CircleOverlay)
    case label(Label)

    /// The overlay's geometry as GeoJSON writes it: a Point for markers, photos and labels; a
    /// LineString (MultiLineString for several parts, or a path crossing the antimeridian); a
    /// Polygon oriented by the right-hand rule (MultiPolygon when cut at the antimeridian);
    /// ``CircleOverlay/geodesicPolygon()`` for a circle.
    public var geometry: Geometry {
        switch self {
        case .marker(let marker): return .point(Point(marker.coordinate))
        case .photo(let photo): return .point(Point(photo.coordinate))
        case .label(let label): return .point(Point(label.coordinate))
        case .path(let path):
            // Each part is kept apart (never joined), then cut at the antimeridian (RFC 7946 §3.1.9).
            let lines = path.parts.flatMap { $0.splitAtAntimeridian() }
            return lines.count == 1 ? .lineString(lines[0]) : .multiLineString(MultiLineString(lines))
        case .polygon(let overlay):
            return Geometry.polygon(overlay.polygon).splitAtAntimeridian().orientedByRightHandRule()
        case .circle(let circle): return circle.geodesicPolygon()
        }
    }

    /// A GeoJSON Feature of the overlay: ``geometry`` and ``simpleStyleProperties``, with the
    /// given id.
    public func feature(id: Feature.Identifier? = nil) -> Feature {
        Feature(id: id, geometry: geometry, properties: simpleStyleProperties)
    }
}

extension FeatureCollection {
    /// A collection of one Feature per overlay, in order, without ids.
    public init(overlays: [Overlay]) {
        self.init(features: overlays.map { $0.feature() })
    }
}
