import FootprintGeo
import Foundation

/// A cheap distance estimate around a fixed centre, used only to drop candidates that are
/// clearly outside a circle before the exact geodesic runs on the rest.
///
/// It scales latitude and longitude differences by the meridional radius `M` and the parallel
/// radius `N cos φ` at the centre (an equirectangular projection fitted to the ellipsoid there).
/// Its relative error stays below ``relativeError`` for radii up to 50 km and latitudes up to 60°
/// beyond those the caller runs the exact geodesic on every candidate.
struct FlatDistance: Sendable {
    let center: Coordinate
    let metersPerDegreeLatitude: Double
    let metersPerDegreeLongitude: Double
    /// A bound on `|estimate − exact| / exact` inside the domain where ``isUsable`` holds.
    let relativeError = 0.02

    /// Whether the estimate may be trusted within `radiusMeters` of `center`.
    static func isUsable(center: Coordinate, radiusMeters: Double) -> Bool {
        radiusMeters <= 50_000 && abs(center.latitude) <= 60
    }

    init(center: Coordinate) {
        self.center = center
        let a = SearchBox.equatorialRadius
        let f = SearchBox.flattening
        let eSquared = f * (2 - f)
        let phi = center.latitude * .pi / 180
        let w = 1 - eSquared * sin(phi) * sin(phi)
        let meridional = a * (1 - eSquared) / (w * w.squareRoot())
        let normal = a / w.squareRoot()
        metersPerDegreeLatitude = meridional * .pi / 180
        metersPerDegreeLongitude = normal * cos(phi) * .pi / 180
    }

    /// The estimated distance in metres (longitude difference taken the short way round).
    @inline(__always)
    func estimate(latitude: Double, longitude: Double) -> Double {
        var deltaLongitude = longitude - center.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
        let north = (latitude - center.latitude) * metersPerDegreeLatitude
        let east = deltaLongitude * metersPerDegreeLongitude
        return (north * north + east * east).squareRoot()
    }
}
