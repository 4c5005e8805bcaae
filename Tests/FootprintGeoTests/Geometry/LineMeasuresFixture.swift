import Foundation

@testable import FootprintGeo

/// `Fixtures/line_measures.csv`, written by `tools/fixtures/line_measures_cases.py` with
/// GeographicLib 2.1: lines, their lengths, points at distances and closest points.
enum LineMeasuresFixture {
    struct PointAt: Sendable {
        var line: String
        var distance: Double
        var expected: Coordinate
    }
    struct Closest: Sendable {
        var line: String
        var query: Coordinate
        var expected: Coordinate
        var distance: Double
        var segment: Int
        var along: Double
    }

    static let rows: [[Substring]] = {
        let url = Bundle.module.url(forResource: "line_measures", withExtension: "csv", subdirectory: "Fixtures")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    }()

    static let lines: [String: LineString] = {
        var points: [String: [Coordinate]] = [:]
        for row in rows where row[0] == "vertex" {
            points[String(row[1]), default: []].append(
                Coordinate(uncheckedLatitude: Double(row[2])!, longitude: Double(row[3])!))
        }
        return points.mapValues { LineString(unchecked: $0) }
    }()

    static let lineNames = rows.filter { $0[0] == "length" }.map { String($0[1]) }

    static let lengths: [String: Double] = Dictionary(
        uniqueKeysWithValues: rows.filter { $0[0] == "length" }.map { (String($0[1]), Double($0[2])!) })

    static let pointsAt: [PointAt] = rows.filter { $0[0] == "at" }.map {
        PointAt(
            line: String($0[1]), distance: Double($0[2])!,
            expected: Coordinate(uncheckedLatitude: Double($0[3])!, longitude: Double($0[4])!))
    }

    static let closest: [Closest] = rows.filter { $0[0] == "closest" }.map {
        Closest(
            line: String($0[1]),
            query: Coordinate(uncheckedLatitude: Double($0[2])!, longitude: Double($0[3])!),
            expected: Coordinate(uncheckedLatitude: Double($0[4])!, longitude: Double($0[5])!),
            distance: Double($0[6])!, segment: Int($0[7])!, along: Double($0[8])!)
    }
}
