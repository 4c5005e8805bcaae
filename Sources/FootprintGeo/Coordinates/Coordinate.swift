/// A WGS84 position in decimal degrees.
///
/// The throwing initializer checks the ranges; ``init(uncheckedLatitude:longitude:)`` is for hot
/// loops over data already known to be valid (decoded polylines, projected output).
public struct Coordinate: Hashable, Sendable {
    /// Degrees north of the equator, −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double

    /// Creates a coordinate, rejecting NaN, out-of-range values and the latitude/longitude swap
    /// typical of Korean data (latitude 126, longitude 37).
    public init(latitude: Double, longitude: Double) throws(FootprintGeoError) {
        guard latitude.isFinite else { throw .notANumber(axis: "latitude") }
        guard longitude.isFinite else { throw .notANumber(axis: "longitude") }
        if abs(latitude) > 90 {
            if Self.looksSwapped(latitude: latitude, longitude: longitude) {
                throw .swappedLatitudeLongitude(latitude: latitude, longitude: longitude)
            }
            throw .outOfRange(axis: "latitude", value: latitude)
        }
        guard abs(longitude) <= 180 else { throw .outOfRange(axis: "longitude", value: longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate without checking it.
    @inlinable
    public init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when the pair is valid the other way round and the latitude is far beyond ±90 (100° or
    /// more, so not a slip of the finger): the pair was almost certainly written LON,LAT, as Korean
    /// data often is (latitude 126, longitude 37).
    static func looksSwapped(latitude: Double, longitude: Double) -> Bool {
        abs(latitude) >= 100 && abs(latitude) <= 180 && abs(longitude) <= 90
    }
}

extension Coordinate: CustomStringConvertible {
    /// `LAT,LON`, the order a map app copies.
    public var description: String { "\(formatted(latitude)),\(formatted(longitude))" }
}
