import Foundation

/// Spherical Web Mercator, EPSG:3857 ("WGS 84 / Pseudo-Mercator"): WGS84 degrees to metres on a
/// sphere of the WGS84 semi-major axis, the plane of web map tiles.
///
/// The formulas and their order of operations are mercantile 1.2.1's (`xy`, `lnglat`), so the
/// doubles are the same as that package's on the same C library.
public enum WebMercator {
    /// The sphere's radius: the WGS84 semi-major axis a = 6,378,137 m (EPSG:7030).
    public static let radiusMeters = 6_378_137.0

    /// The latitude of the top edge of the square world, atan(sinh π) in degrees,
    /// 85.0511287798066°; the bottom edge is its negative. Tiles clamp latitudes beyond it.
    public static let maximumLatitude = atan(sinh(Double.pi)) * (180 / Double.pi)

    /// Half the side of the square world in metres, π·a = 20,037,508.342789244 m.
    public static let halfWorldMeters = Double.pi * radiusMeters

    /// The EPSG:3857 position of a coordinate, in metres east and north of (0°, 0°).
    ///
    /// Latitudes beyond ±``maximumLatitude`` project beyond the square world, as in mercantile;
    /// the poles themselves give ±infinity for `y`.
    public static func point(of coordinate: Coordinate) -> WebMercatorPoint {
        let x = radiusMeters * (coordinate.longitude * (Double.pi / 180))
        let y: Double
        if coordinate.latitude <= -90 {
            y = -.infinity
        } else if coordinate.latitude >= 90 {
            y = .infinity
        } else {
            y = radiusMeters * log(tan((Double.pi * 0.25) + (0.5 * (coordinate.latitude * (Double.pi / 180)))))
        }
        return WebMercatorPoint(x: x, y: y)
    }

    /// The coordinate of an EPSG:3857 position (mercantile `lnglat`), or `nil` when it is not
    /// finite or its longitude falls outside ±180° (x beyond ±``halfWorldMeters``).
    public static func coordinate(of point: WebMercatorPoint) -> Coordinate? {
        let longitude = point.x * (180 / Double.pi) / radiusMeters
        let latitude = ((Double.pi * 0.5) - 2.0 * atan(exp(-point.y / radiusMeters))) * (180 / Double.pi)
        guard longitude.isFinite, latitude.isFinite, abs(longitude) <= 180, abs(latitude) <= 90 else { return nil }
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }
}

/// A position in EPSG:3857 metres.
public struct WebMercatorPoint: Hashable, Sendable {
    /// Metres east of the prime meridian.
    public var x: Double
    /// Metres north of the equator.
    public var y: Double

    /// A position from its metres.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
