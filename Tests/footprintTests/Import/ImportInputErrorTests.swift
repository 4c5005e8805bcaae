import FootprintTestSupport
import Foundation
import Testing

/// `footprint import places` on bad input, as a user meets it: a repeated id, a control
/// character, a header naming a field twice, standard input. Every message is one sentence that
/// starts with the input and its line.
@Suite struct ImportInputErrorTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    /// Writes `text` to `name` in the test's folder and returns the name (the CLI runs there).
    func file(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: directory.file(name))
        return name
    }

    func run(_ arguments: [String], input: String? = nil) throws -> CLIResult {
        try CLI.run(["--db", db] + arguments, input: input, directory: directory.url)
    }

    func names() throws -> [String] {
        let list = try run(["place", "list", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        return objects.compactMap { $0["name"] as? String }
    }

    @Test func aRepeatedIDIsSkippedNamingBothLines() throws {
        let csv = try file("dup.csv", "id,name,lat,lon\n1,A,37.5,127\n2,B,37.6,127\n1,C,37.7,127\n")
        let result = try run(["import", "places", csv])
        #expect(result.status == 0)
        #expect(result.stdout == "dup.csv: inserted 2, updated 0, unchanged 0, skipped 1\n")
        #expect(result.stderr == "dup.csv:4: The id “1” is already used at line 2.\n")
        #expect(try names() == ["A", "B"])
        let again = try run(["import", "places", csv, "--quiet"])
        #expect(again.stdout == "dup.csv: inserted 0, updated 0, unchanged 2, skipped 1\n")
    }

    @Test func aRepeatedIDFailsAStrictImportWithNothingWritten() throws {
        let csv = try file("dup.csv", "id,name,lat,lon\n1,A,37.5,127\n1,C,37.7,127\n")
        let result = try run(["import", "places", csv, "--strict"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "Error: dup.csv:3: The id “1” is already used at line 2; nothing was imported, as the import is strict.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aNULInANameIsSkippedAtItsLine() throws {
        let csv = try file("nul.csv", "name,lat,lon\nAB\u{0}CD,37.5,127\nEF,37.6,127\n")
        let result = try run(["import", "places", csv])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "nul.csv:2: The name contains the control character U+0000, which no text may hold "
                + "(only tab and line breaks may).\n")
        #expect(try names() == ["EF"])
    }

    @Test func aFieldNamedTwiceInTheHeaderIsOneSentence() throws {
        let csv = try file("h.csv", "name,lat,latitude,lon\nA,37.5,37.5,127\n")
        let result = try run(["import", "places", csv])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: h.csv:1: The header names the latitude twice, in column 2 (“lat”) and column 3 (“latitude”), "
                + "so which one holds it cannot be told; nothing was imported.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aDashReadsStandardInputSniffingTheFormat() throws {
        let result = try run(["import", "places", "-"], input: "id,name,lat,lon\n1,A,37.5,127\n1,B,37.6,127\n")
        #expect(result.status == 0)
        #expect(result.stdout == "<stdin>: inserted 1, updated 0, unchanged 0, skipped 1\n")
        #expect(result.stderr == "<stdin>:3: The id “1” is already used at line 2.\n")
        let list = try run(["place", "list", "--json"])
        #expect(list.stdout.contains(#""source":"<stdin>","source_id":"1""#))
        let geojson =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"g","geometry":{"type":"Point","#
            + #""coordinates":[127,37.5]},"properties":{"name":"G"}}]}"#
        let json = try run(["import", "places", "-", "--source", "mine", "--json"], input: geojson)
        #expect(json.stdout.hasPrefix(#"{"source":"mine","format":"geojson","encoding":"utf-8","inserted":1,"#))
    }

    @Test func aDashTakesTheFormatOption() throws {
        let kakao = #"{"documents":[{"id":"9","place_name":"카페","x":"126.978","y":"37.5665"}]}"#
        let result = try run(["import", "places", "-", "--format", "kakao", "--json"], input: kakao)
        #expect(result.status == 0)
        // Kakao ids are Kakao's whatever the file: the source is `kakao`.
        #expect(result.stdout.hasPrefix(#"{"source":"kakao","format":"kakao","#))
    }

    @Test func badStandardInputIsOneSentenceAndCreatesNoDatabase() throws {
        let empty = try run(["import", "places", "-"], input: "")
        #expect(empty.status == 1)
        #expect(empty.stderr == "Error: <stdin>: The input is empty; nothing was imported.\n")
        let broken = try run(["import", "places", "-"], input: "{\"features\": [\n{\"type\": }]}")
        #expect(
            broken.stderr == "Error: <stdin>:2: features[0]: Invalid JSON: expected a value; nothing was imported.\n")
        let unknown = try run(["import", "places", "-"], input: #"{"results": []}"#)
        #expect(
            unknown.stderr
                == "Error: <stdin>: The input is JSON of no known kind (not a GeoJSON FeatureCollection, "
                + "nor a Naver or a Kakao search response): give its format with --format; nothing was imported.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aMissingFileIsNamedAsTyped() throws {
        let result = try run(["import", "places", "missing.csv"])
        #expect(result.stderr == "Error: missing.csv: There is no such file; nothing was imported.\n")
    }
}
