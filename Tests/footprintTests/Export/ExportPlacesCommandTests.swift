import FootprintTestSupport
import Foundation
import Testing

@Suite struct ExportPlacesCommandTests {
    @Test func writesAValidDeterministicFeatureCollection() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", #"따옴표 "카페""#, "--at", "37.5,127.0", "--tag", "야경", "--category", "음식점>카페"])
        try CLI.run(["--db", db, "place", "add", "--name", "Fiji", "--at", "-17.8,179.9999994"])
        let stdout = try CLI.run(["--db", db, "export", "places"])
        #expect(stdout.status == 0)
        #expect(
            stdout.stdout == #"""
                {"type":"FeatureCollection","features":[{"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[127,37.5]},"properties":{"name":"따옴표 \"카페\"","category":"음식점 > 카페","tags":["야경"],"likes":0}},{"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[179.999999,-17.8]},"properties":{"name":"Fiji","likes":0}}]}

                """#)
        let file = directory.file("places.geojson").path
        #expect(try CLI.run(["--db", db, "export", "places", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == stdout.stdout)
        let validation = try CLI.run(["geo", "validate", file])
        #expect(validation.status == 0)
    }

    @Test func anUnwritableDestinationLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let missingFolder = directory.file("missing/places.geojson").path
        let result = try CLI.run(["--db", db, "export", "places", "-o", missingFolder])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: \(missingFolder): The file cannot be written: the folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["f.sqlite"].sorted()
            || !FileManager.default.fileExists(atPath: missingFolder))
    }
}
