import FootprintGeo

/// A privacy zone as the store keeps it: an id, a name and its area (issue #13, "Privacy zones").
///
/// Every export masks the zones' areas (``FootprintStore/privacyMask()``): route points in and
/// near a zone are dropped and the route is cut there; visits, photos and waypoints inside are
/// left out. The stored data never changes.
public struct StoredPrivacyZone: Hashable, Sendable, Identifiable {
    /// The area a zone covers.
    public enum Area: Hashable, Sendable {
        /// Every point within `radiusMeters` (0 < r ≤ 50 km) of `center`, on the WGS84 ellipsoid.
        case circle(center: Coordinate, radiusMeters: Double)
        /// Every point inside one of the polygons (a GeoJSON Polygon gives one, a MultiPolygon
        /// several), holes excluded.
        case polygons([Polygon])
    }

    /// The zone's id.
    public var id: Int64
    /// The name the user gave it (`home`, `office`).
    public var name: String
    /// What it covers.
    public var area: Area

    /// Creates a zone value.
    public init(id: Int64, name: String, area: Area) {
        self.id = id
        self.name = name
        self.area = area
    }

    /// The zones of FootprintGeo's mask: one for a circle, one per polygon.
    ///
    /// - Throws: ``FootprintGeoError`` for a radius or polygon the mask cannot use (only
    ///   possible for a row another tool wrote).
    public func maskZones() throws(FootprintGeoError) -> [PrivacyZone] {
        switch area {
        case .circle(let center, let radiusMeters):
            return [try PrivacyZone(center: center, radiusMeters: radiusMeters)]
        case .polygons(let polygons):
            var zones: [PrivacyZone] = []
            for polygon in polygons { zones.append(try PrivacyZone(polygon: polygon)) }
            return zones
        }
    }

    /// The area as a GeoJSON geometry: a Polygon or MultiPolygon; `nil` for a circle.
    public var polygonGeometry: Geometry? {
        guard case .polygons(let polygons) = area else { return nil }
        return polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(MultiPolygon(polygons))
    }
}
