import FootprintTestSupport
import Foundation
import Testing

/// The file stays a plain SpatiaLite database: GDAL and the `spatialite` shell read it, and can
/// insert, move and delete places that Footprint then sees (ARCHITECTURE.md, "Other tools can
/// still write the file"). Needs gdal-bin and spatialite-bin, which tools/bootstrap installs.
@Suite struct OtherToolsTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "서울시청", "--at", "37.5663,126.9779"])
        try CLI.run(["--db", db, "place", "add", "--name", "덕수궁", "--at", "37.5658,126.9751"])
        try CLI.run(["--db", db, "visit", "add", "1", "--arrived", "2024-05-04T10:00+09:00"])
    }

    /// Runs a system tool and returns its stdout; fails the test on a non-zero exit.
    func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) failed: \(errorText)")
        return String(decoding: data, as: UTF8.self)
    }

    func nearbyNames() throws -> [String] {
        let result = try CLI.run(["--db", db, "nearby", "--at", "37.5663,126.9779", "--radius", "2000", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return objects.compactMap { $0["name"] as? String }
    }

    @Test func gdalAndSpatialiteReadTheFile() throws {
        let info = try tool("ogrinfo", ["-ro", "-so", db, "places"])
        #expect(info.contains("Geometry: Point"))
        #expect(info.contains("Feature Count: 2"))
        let json = try tool("spatialite", ["-silent", db, "SELECT AsGeoJSON(geom, 6) FROM places WHERE id = 1"])
        #expect(json.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"type":"Point","coordinates":[126.9779,37.5663]}"#)
    }

    @Test func placesAddedByOgr2ogrAreFound() throws {
        let input = directory.file("new.geojson")
        try Data(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"청계광장"},"geometry":{"type":"Point","coordinates":[126.9782,37.5693]}}]}"#
                .utf8
        ).write(to: input)
        _ = try tool("ogr2ogr", ["-update", "-append", db, input.path, "-nln", "places"])
        #expect(try nearbyNames() == ["서울시청", "덕수궁", "청계광장"])
        let added = try CLI.run(["--db", db, "place", "show", "3", "--json"])
        #expect(added.stdout.contains(#""lat":37.5693,"lon":126.9782"#))
    }

    @Test func moveAndDeleteInTheSpatialiteShellAreSeen() throws {
        _ = try tool("spatialite", ["-silent", db, "UPDATE places SET geom = MakePoint(127.0, 37.6, 4326) WHERE id = 2"])
        #expect(try nearbyNames() == ["서울시청"])
        _ = try tool("spatialite", ["-silent", db, "DELETE FROM places WHERE id = 1"])
        #expect(try nearbyNames() == [])
        let show = try CLI.run(["--db", db, "place", "show", "1"])
        #expect(show.status != 0)
        let visits = try tool("sqlite3", [db, "SELECT place_id IS NULL, place_name FROM visits"])
        #expect(visits == "1|서울시청\n")
        // A later Footprint write works on the file the shell changed.
        #expect(try CLI.run(["--db", db, "place", "add", "--name", "광화문", "--at", "37.5759,126.9769"]).status == 0)
        #expect(try nearbyNames() == ["광화문"])
    }
}
