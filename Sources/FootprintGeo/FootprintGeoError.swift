/// Errors thrown by FootprintGeo's throwing initializers and verbs.
///
/// Each case's ``description`` is one sentence a user can act on; the CLI prints it as it is.
public enum FootprintGeoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A latitude or longitude that is NaN or infinite.
    case notANumber(axis: String)
    /// A latitude or longitude written as text that is not a number (`lat="abc"`, `lat=""`).
    case notNumeric(axis: String, text: String)
    /// A latitude outside −90…90 or a longitude outside −180…180.
    case outOfRange(axis: String, value: Double)
    /// A latitude that looks like a Korean longitude and a longitude that looks like a Korean
    /// latitude: the pair was given in the wrong order.
    case swappedLatitudeLongitude(latitude: Double, longitude: Double)
    /// A line with exactly one position (RFC 7946 §3.1.4 asks for two or more, or none).
    case lineWithOnePosition
    /// A polygon ring with fewer than 4 positions or whose first and last positions differ.
    case invalidRing(index: Int, reason: String)
    /// An argument of a geometry verb outside its domain (a negative tolerance, a zoom of 40).
    case invalidArgument(name: String, value: String, reason: String)
    /// An encoded polyline that cannot be decoded.
    case invalidPolyline(offset: Int, reason: String)

    public var description: String {
        switch self {
        case .notANumber(let axis):
            return "The \(axis) is not a finite number."
        case .notNumeric(let axis, let text):
            return "The \(axis) “\(text)” is not a number."
        case .outOfRange(let axis, let value):
            let limit = axis == "latitude" ? 90 : 180
            return "The \(axis) \(formatted(value)) is outside -\(limit)…\(limit) degrees."
        case .swappedLatitudeLongitude(let latitude, let longitude):
            return "The latitude \(formatted(latitude)) is out of range and the longitude \(formatted(longitude)) "
                + "looks like a latitude: give the point as LAT,LON (\(formatted(longitude)),\(formatted(latitude)))."
        case .lineWithOnePosition:
            return "A line needs two or more positions (or none), not one."
        case .invalidRing(let index, let reason):
            return "Ring \(index) of the polygon is invalid: \(reason)."
        case .invalidArgument(let name, let value, let reason):
            return "The \(name) \(value) is invalid: \(reason)."
        case .invalidPolyline(let offset, let reason):
            return "The encoded polyline is invalid at character \(offset + 1): \(reason)."
        }
    }
}

/// A number as a person wrote it: no trailing `.0`, full precision otherwise; every module of
/// the package words the numbers in its errors this way.
package func formatted(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// A reason phrase (`expected a number, got a string`) as the clause of a message, which every
/// module writes as `LOCATION: Clause.`: its first letter capitalised and a full stop at its end.
package func sentence(_ phrase: String) -> String {
    guard let first = phrase.first else { return phrase }
    let capitalized = first.uppercased() + phrase.dropFirst()
    return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
}
