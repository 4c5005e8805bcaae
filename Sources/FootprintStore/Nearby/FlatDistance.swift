import FootprintGeo
import Foundation

/// A cheap distance estimate with a known error bound, used to sort and classify candidates before
/// the exact geodesic runs on the few that decide the answer.
///
/// It is the ellipsoidal "flat Earth" formula: latitude and longitude differences scaled by the
/// meridional radius `M` and the parallel radius `N cos φ` at the pair's mean latitude. Its
/// relative error stays below ``relativeError`` (checked against GeographicLib in the tests) for
/// distances up to ``maximumRadius`` and latitudes up to ±``maximumLatitude``; elsewhere
/// ``isUsable(center:radiusMeters:)`` is false and the caller runs the exact geodesic instead.
struct FlatDistance: Sendable {
    let center: Coordinate
    private let centerLatitudeRadians: Double

    /// A bound on `|estimate − exact| / exact` inside the usable domain.
    static let relativeError = 1e-4
    static let maximumRadius = 20_000.0
    static let maximumLatitude = 70.0

    // WGS84, EPSG:7030.
    private static let a = 6_378_137.0
    private static let eSquared = (1 / 298.257223563) * (2 - 1 / 298.257223563)
    private static let radiansPerDegree = Double.pi / 180

    /// Whether the estimate may be trusted within `radiusMeters` of `center`.
    static func isUsable(center: Coordinate, radiusMeters: Double) -> Bool {
        radiusMeters <= maximumRadius && abs(center.latitude) <= maximumLatitude
    }

    init(center: Coordinate) {
        self.center = center
        centerLatitudeRadians = center.latitude * Self.radiansPerDegree
    }

    /// The estimated distance in metres (longitude difference taken the short way round).
    @inline(__always)
    func estimate(latitude: Double, longitude: Double) -> Double {
        var deltaLongitude = longitude - center.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
        let meanLatitude = 0.5 * (latitude * Self.radiansPerDegree + centerLatitudeRadians)
        let sine = sin(meanLatitude)
        let w = 1 - Self.eSquared * sine * sine
        let normal = Self.a / w.squareRoot()
        let meridional = normal * (1 - Self.eSquared) / w
        let north = (latitude - center.latitude) * Self.radiansPerDegree * meridional
        let east = deltaLongitude * Self.radiansPerDegree * normal * cos(meanLatitude)
        return (north * north + east * east).squareRoot()
    }
}
