import ArgumentParser
import Foundation
import FootprintGeo

/// A `LAT,LON` argument as a map app copies it (`37.5665,126.9780`).
///
/// Parsing checks the syntax only; ``coordinate()`` checks the ranges and throws FootprintGeo's
/// own error, so an out-of-range or swapped value reads as one sentence, not a usage dump.
struct PointArgument: ExpressibleByArgument, Sendable {
    var latitude: Double
    var longitude: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    static var defaultValueDescription: String { "LAT,LON" }

    /// The validated coordinate.
    func coordinate() throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }
}
