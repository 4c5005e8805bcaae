import FootprintTestSupport
import Foundation
import Testing

@testable import footprint

/// Every usage error — a misspelt command or option, a missing value or argument, options that
/// exclude each other, an edit with nothing to change — exits 64 with one line on stderr: one
/// sentence, values in “…”, no usage dump.
@Suite struct UsageErrorTests {
    static let cases: [(arguments: [String], message: String)] = [
        (["serch", "카페"], "Unknown command “serch”; did you mean “search”?"),
        (["imprt", "places", "x.csv"], "Unknown command “imprt”; did you mean “import”?"),
        (["geo", "simplfy", "--tolerance", "5"], "Unknown command “simplfy”; did you mean “simplify”?"),
        (["place", "lsit"], "Unknown command “lsit”; did you mean “list”?"),
        (["geo", "polyline", "encod"], "Unknown command “encod”; did you mean “encode”?"),
        (["geo", "polyline", "x"], "Unknown command “x”; the commands of footprint geo polyline are encode, decode."),
        (
            ["--db", "x.sqlite", "frobnicate"],
            "Unknown command “frobnicate”; the commands of footprint are init, import, place, visit, search, nearby, "
                + "recommend, export, geo, day, log, category, photo, render, privacy."
        ),
        (["search", "카페", "--bogus"], "Unknown option “--bogus”; see “footprint search --help”."),
        (["search", "카페", "--limit"], "Missing value for “--limit <limit>”; see “footprint search --help”."),
        (["place", "edit"], "Missing expected argument “<id>”; see “footprint place edit --help”."),
        (
            ["place", "edit", "1"],
            "Give something to change: --name, --at, --category, --tag, --untag, --note, --address, --road-address, "
                + "--phone, --visit-time, --best-time or --likes."
        ),
        (["search", "카페", "--limit", "3", "--all"], "Give --limit N or --all, not both."),
        (["nearby", "--at", "37.5,127", "--radius", "5", "--k", "3"], "Give either --radius M or --k K."),
        (
            ["geo", "simplify", "--tolerance", "1", "--tolerance-deg", "1"],
            "Give either --tolerance M or --tolerance-deg D."
        ),
        (["search", "카페", "--visited", "--unvisited"], "Give --visited or --unvisited, not both."),
        (["recommend"], "Give an anchor: --at LAT,LON, --place ID or --day DATE."),
        (
            ["recommend", "--at", "37.5,127", "--day", "2024-05-18"],
            "Give one anchor only: --at LAT,LON, --place ID or --day DATE."
        ),
        // A misspelt option is named, nearest option suggested as a misspelt command is, even
        // where a check of the command (nothing to change, --radius or --k) or a missing required
        // option would otherwise be reported instead of it.
        (["search", "카페", "--categroy", "x"], "Unknown option “--categroy”; did you mean “--category”?"),
        (
            ["place", "edit", "1", "--remove-tag", "빵"],
            "Unknown option “--remove-tag”; see “footprint place edit --help”."
        ),
        (["nearby", "--at", "37.5,127", "--radious", "500"], "Unknown option “--radious”; did you mean “--radius”?"),
        (["geo", "distance", "--fro", "1,2", "--to", "3,4"], "Unknown option “--fro”; did you mean “--from”?"),
        (["--db", "x.sqlite", "place", "list", "--limt=3"], "Unknown option “--limt”; did you mean “--limit”?"),
        // The parser's two sentences for a value outside a list are one, quoted as the others are.
        (
            ["import", "places", "x.csv", "--format", "xml"],
            "The value “xml” is invalid for “--format <format>”; give one of “csv”, “geojson”, “naver” or “kakao”."
        ),
    ]

    @Test(arguments: cases.indices)
    func usageErrorIsOneSentenceAndExits64(index: Int) throws {
        let directory = try TemporaryDirectory()
        let (arguments, message) = Self.cases[index]
        let result = try CLI.run(arguments, input: "", directory: directory.url)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stdout == "", "\(arguments)")
        #expect(result.stderr == "Error: \(message)\n", "\(arguments)")
        // Refused before anything is opened: no database appears.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [], "\(arguments)")
    }

    @Test func helpIsStillHelp() throws {
        let help = try CLI.run(["place", "edit", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: footprint place edit [<options>] <id>"))
        #expect(help.stderr == "")
    }

    @Test func editWithSomethingToChangeStillRuns() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        let result = try CLI.run(["--db", db, "place", "edit", "1", "--note", ""])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("serch", "search", 1), ("saerch", "search", 1), ("simplfy", "simplify", 1), ("", "add", 3),
        ("kitten", "sitting", 3), ("ca", "abc", 3),
    ])
    func editDistance(_ a: String, _ b: String, _ distance: Int) {
        #expect(EditDistance.between(a, b) == distance)
        #expect(EditDistance.between(b, a) == distance)
    }
}
