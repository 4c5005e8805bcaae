import FootprintGeo

/// A position from Kakao's Local API: the `x` and `y` strings of a document, WGS84 longitude and
/// latitude in decimal degrees (`x` "126.97794", `y` "37.56629"), the API's default `WGS84`
/// `input_coord`/`output_coord`.
///
/// Note the order: `x` is the longitude. A pair given the other way round (x 37, y 126) is
/// reported as swapped by ``Coordinate``'s check.
public struct KakaoCoordinate: Hashable, Sendable {
    /// The WGS84 position.
    public let coordinate: Coordinate

    /// Parses `x` (longitude) and `y` (latitude) as decimal numbers and checks their ranges.
    ///
    /// Throws ``FootprintProjectionError/invalidKakaoCoordinate(x:y:reason:)`` for text that is not
    /// a number and for a position out of range or swapped.
    public init(x: String, y: String) throws(FootprintProjectionError) {
        guard let longitude = decimalNumber(x) else {
            throw .invalidKakaoCoordinate(x: x, y: y, reason: "x is not a number")
        }
        guard let latitude = decimalNumber(y) else {
            throw .invalidKakaoCoordinate(x: x, y: y, reason: "y is not a number")
        }
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .invalidKakaoCoordinate(x: x, y: y, reason: error.description.dropLastPeriod())
        }
    }
}
