import FootprintGeo
import Foundation

/// Latitude/longitude boxes that together hold every point within a geodesic radius of a centre.
///
/// The bounds are conservative on the WGS84 ellipsoid: moving north–south by a distance `s`
/// changes latitude by at most `s / (a(1 − e²))` (the smallest meridional radius, at the
/// equator), and moving east–west changes longitude by at most `s / (a cos φ)` at the highest
/// latitude `φ` the circle reaches (the parallel radius `N cos φ` is never below `a cos φ`). A
/// circle over a pole spans every longitude; one across the antimeridian gives two boxes.
struct SearchBox: Hashable, Sendable {
    var west: Double
    var south: Double
    var east: Double
    var north: Double

    // WGS84, EPSG:7030.
    static let equatorialRadius = 6_378_137.0
    static let flattening = 1 / 298.257223563
    static let minimumMeridionalRadius = equatorialRadius * (1 - flattening) * (1 - flattening)
    /// Half the meridian's length rounded up: no two points are further apart on the ellipsoid.
    static let halfCircumference = 20_004_000.0

    /// The boxes covering the circle of `radiusMeters` around `center`.
    static func covering(center: Coordinate, radiusMeters: Double) -> [SearchBox] {
        // A hair of slack for floating point in the degree conversions.
        let radius = radiusMeters * (1 + 1e-9) + 1e-6
        let latitudeSpan = radius / minimumMeridionalRadius * 180 / .pi
        let south = max(-90, center.latitude - latitudeSpan)
        let north = min(90, center.latitude + latitudeSpan)
        let highest = max(abs(south), abs(north))
        if north >= 90 || south <= -90 || highest >= 90 - 1e-9 {
            return [SearchBox(west: -180, south: south, east: 180, north: north)]
        }
        let longitudeSpan = radius / (equatorialRadius * cos(highest * .pi / 180)) * 180 / .pi
        if longitudeSpan >= 180 {
            return [SearchBox(west: -180, south: south, east: 180, north: north)]
        }
        let west = center.longitude - longitudeSpan
        let east = center.longitude + longitudeSpan
        if west < -180 {
            return [
                SearchBox(west: -180, south: south, east: east, north: north),
                SearchBox(west: west + 360, south: south, east: 180, north: north),
            ]
        }
        if east > 180 {
            return [
                SearchBox(west: west, south: south, east: 180, north: north),
                SearchBox(west: -180, south: south, east: east - 360, north: north),
            ]
        }
        return [SearchBox(west: west, south: south, east: east, north: north)]
    }
}
