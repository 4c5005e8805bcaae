import FootprintTestSupport
import Foundation
import Testing

/// Every command that reads a local date refuses a bad one with the same sentence, naming which
/// date it is (the store's `LocalDate.invalid`), exit status 1 and nothing on stdout.
@Suite struct DateErrorTests {
    static func sentence(_ name: String, _ text: String) -> String {
        "Error: The \(name) “\(text)” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
    }

    @Test(arguments: [
        (["day", "set", "2024-02-30", "--score", "50"], "date", "2024-02-30"),
        (["day", "show", "2024-13-01"], "date", "2024-13-01"),
        (["day", "detect", "2024-5-18"], "date", "2024-5-18"),
        (["day", "export", "yesterday", "--format", "geojson"], "date", "yesterday"),
        (["day", "export", "2024-05-18", "--until", "2024-05-32", "--format", "gpx"], "until date", "2024-05-32"),
        (["visit", "list", "--day", "2023-02-29"], "date", "2023-02-29"),
        (["log", "add", "2024-02-30", "--title", "t"], "date", "2024-02-30"),
        (["log", "list", "--day", "2024-+5-01"], "date", "2024-+5-01"),
        (["recommend", "--day", "2024-02-30"], "date", "2024-02-30"),
        (["render", "map", "--day", "2024-02-30"], "date", "2024-02-30"),
        (["render", "map", "--day", "2024-05-18", "--until", "May"], "until date", "May"),
        (["render", "tiles", "--day", "2024-02-30", "--zoom", "10", "--out", "tiles"], "date", "2024-02-30"),
        (["search", "카페", "--since", "2024-02-30"], "start date", "2024-02-30"),
        (["search", "카페", "--until", "2024-05-1"], "end date", "2024-05-1"),
        (["import", "gpx", "walk.gpx", "--date", "2024-02-30"], "date", "2024-02-30"),
    ])
    func aBadDateIsTheSameSentenceEverywhere(_ arguments: [String], _ name: String, _ text: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        try "<gpx version=\"1.1\" creator=\"t\"/>".write(
            to: directory.file("walk.gpx"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["--db", db] + arguments, directory: directory.url)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.sentence(name, text))
    }
}
