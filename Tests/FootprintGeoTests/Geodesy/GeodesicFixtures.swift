import Foundation
import Testing

@testable import FootprintGeo

/// One row of `Fixtures/geodesic.csv` (written by `tools/fixtures/geodesic_cases.py` with
/// GeographicLib 2.1) or of `Fixtures/GeodTest-100.dat` (Karney's test set).
struct GeodesicCase: Sendable, CustomTestStringConvertible {
    var name: String
    var lat1, lon1, azi1, lat2, lon2, azi2, s12: Double

    var testDescription: String { name }
    var start: Coordinate { Coordinate(uncheckedLatitude: lat1, longitude: lon1) }
    var end: Coordinate { Coordinate(uncheckedLatitude: lat2, longitude: lon2) }
}

enum GeodesicFixtures {
    static let inverse = rows(kind: "inverse")
    static let direct = rows(kind: "direct")

    /// 100 geodesics sampled from GeodTest-short.dat (Karney 2010, doi:10.5281/zenodo.32156),
    /// exact to 1e-18°/0.1 pm: the random, antipodal, short, polar, meridional, equatorial and
    /// vertex classes of the full test set.
    static let karneyTestSet: [GeodesicCase] = {
        let text = load("GeodTest-100", "dat")
        return text.split(separator: "\n").enumerated().map { index, line in
            let v = line.split(separator: " ").map { Double($0)! }
            return GeodesicCase(
                name: "GeodTest-100 line \(index + 1)", lat1: v[0], lon1: v[1], azi1: v[2],
                lat2: v[3], lon2: v[4], azi2: v[5], s12: v[6])
        }
    }()

    private static func rows(kind: String) -> [GeodesicCase] {
        load("geodesic", "csv").split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields[0] == kind else { return nil }
            let v = fields[2...].map { Double($0)! }
            return GeodesicCase(
                name: "\(kind) \(fields[1])", lat1: v[0], lon1: v[1], azi1: v[2],
                lat2: v[3], lon2: v[4], azi2: v[5], s12: v[6])
        }
    }

    private static func load(_ name: String, _ ext: String) -> String {
        let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures")!
        return try! String(contentsOf: url, encoding: .utf8)
    }
}

/// The smallest difference between two directions in degrees, whatever their ranges.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}
