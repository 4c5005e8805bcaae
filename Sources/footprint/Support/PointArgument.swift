import ArgumentParser
import Foundation
import FootprintGeo

/// A `LAT,LON` argument as a map app copies it (`37.5665,126.9780`).
///
/// Parsing accepts any text; ``coordinate()`` checks the syntax and the ranges and throws
/// FootprintGeo's own error, so a malformed, out-of-range or swapped value reads as one
/// sentence, not the parser's usage dump.
struct PointArgument: ExpressibleByArgument, Sendable {
    /// The argument as typed.
    let text: String

    init?(argument: String) {
        text = argument
    }

    static var defaultValueDescription: String { "LAT,LON" }

    /// The validated coordinate: two decimal numbers (not hexadecimal, which Swift's
    /// `Double(_:)` would read; `inf` and `nan` pass, for ``Coordinate``'s sentence on them), each
    /// in range.
    func coordinate() throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = DecimalArgument.decimal(parts[0]),
            let longitude = DecimalArgument.decimal(parts[1])
        else {
            throw FootprintGeoError.invalidArgument(
                name: "point", value: "“\(text)”", reason: "write it as LAT,LON in decimal degrees, e.g. 37.5665,126.978")
        }
        return try Coordinate(latitude: latitude, longitude: longitude)
    }
}
