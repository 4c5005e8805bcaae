import Foundation

/// The GeoJSON fixture files under `Fixtures/geojson/{valid,invalid,warning}`.
enum GeoJSONFixtures {
    /// The bytes of `Fixtures/geojson/<set>/<name>.geojson`.
    static func data(_ set: String, _ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(
                forResource: name, withExtension: "geojson", subdirectory: "Fixtures/geojson/\(set)")
        else { throw FixtureMissing(name: "\(set)/\(name).geojson") }
        return try Data(contentsOf: url)
    }

    /// The names (without extension) of every fixture in a set.
    static func names(_ set: String) -> [String] {
        guard let folder = Bundle.module.url(forResource: "geojson", withExtension: nil, subdirectory: "Fixtures"),
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(set).path)
        else { return [] }
        return files.filter { $0.hasSuffix(".geojson") }.map { String($0.dropLast(".geojson".count)) }.sorted()
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "The fixture \(name) is missing." }
    }
}
