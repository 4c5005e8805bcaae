import FootprintGeo
import Foundation

/// `queries.json` of a peer dataset: the fixed query sets every peer runs.
struct Queries {
    var radiusMeters: Double
    var k: Int
    var radiusCenters: [Coordinate]
    var knnCenters: [Coordinate]
    /// Three-syllable substrings of real names (`fts3`).
    var threeSyllableTerms: [String]
    /// Two-syllable substrings of real names (`like2`).
    var twoSyllableTerms: [String]

    init(folder: URL) throws {
        let url = folder.appendingPathComponent("queries.json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw BenchmarkError("cannot read \(url.path)") }
        func centers(_ key: String) throws -> [Coordinate] {
            guard let pairs = object[key] as? [[Double]] else { throw BenchmarkError("\(url.path) has no \(key)") }
            return pairs.map { Coordinate(uncheckedLatitude: $0[1], longitude: $0[0]) }
        }
        radiusMeters = object["radius_m"] as? Double ?? 1000
        k = object["k"] as? Int ?? 20
        radiusCenters = try centers("radius_centers")
        knnCenters = try centers("knn_centers")
        threeSyllableTerms = object["fts3"] as? [String] ?? []
        twoSyllableTerms = object["like2"] as? [String] ?? []
    }
}
