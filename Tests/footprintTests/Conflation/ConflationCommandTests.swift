import FootprintTestSupport
import Foundation
import Testing

/// Conflation through the CLI: `import places` counts and lists merges, `place show` lists every
/// source, `place merge`/`split` and `place list --duplicates`, and their bad input.
@Suite struct ConflationCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    /// Writes `text` to `name` and imports it; returns the run.
    @discardableResult
    func importText(_ name: String, _ text: String, _ options: [String] = []) throws -> CLIResult {
        let file = directory.file(name)
        try Data(text.utf8).write(to: file)
        return try CLI.run(["--db", db, "import", "places", file.path, "--quiet"] + options)
    }

    func json(_ result: CLIResult) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// 카페 오월 from a CSV, then the same spot from a second list 11 m away.
    func twoSources() throws {
        try importText("a.csv", "id,name,lat,lon,likes\na1,카페 오월,37.54622,127.04981,5\n")
        try importText("b.csv", "id,name,lat,lon,phone\nb1,카페-오월,37.54632,127.04981,02-1\n")
    }

    @Test func importCountsAndListsMerges() throws {
        try importText("a.csv", "id,name,lat,lon\na1,카페 오월,37.54622,127.04981\na2,서점,37.6,127.1\n")
        let file = directory.file("b.csv").path
        let text = try importText("b.csv", "id,name,lat,lon\nb1,카페-오월,37.54632,127.04981\nb2,새 곳,37.7,127.2\n")
        #expect(text.status == 0)
        #expect(text.stdout == "\(file): inserted 1, updated 0, unchanged 0, skipped 0, merged 1\n")
        try importText("c.csv", "id,name,lat,lon\nc1,카페오월,37.54622,127.04982\n")
        let run = try importText("c.csv", "id,name,lat,lon\nc1,카페오월,37.54622,127.04982\nc2,서점,37.6,127.1\n", ["--json"])
        let summary = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(summary["merged"] as? Int == 1)
        #expect(summary["unchanged"] as? Int == 1)
        let rows = try #require(summary["merged_rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["line"] as? Int == 3)
        #expect(rows.first?["source_id"] as? String == "c2")
        #expect(rows.first?["place_id"] as? Int == 2)
        let off = try importText("d.csv", "id,name,lat,lon\nd1,서점,37.6,127.1\n", ["--match-radius", "0"])
        #expect(off.stdout.hasSuffix("inserted 1, updated 0, unchanged 0, skipped 0\n"))
    }

    @Test(arguments: ["-1", "1000.5"])
    func aMatchRadiusOutOfRangeIsRefused(radius: String) throws {
        let result = try importText("a.csv", "id,name,lat,lon\na1,카페,37.5,127.0\n", ["--match-radius", radius])
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: The match radius “\(radius)” is invalid: it must be between 0 (no matching) and 1000 m.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
        let add = try CLI.run(["--db", db, "init"])
        #expect(add.status == 0)
        let place = try CLI.run([
            "--db", db, "place", "add", "--name", "x", "--at", "37.5,127.0", "--match-radius", radius,
        ])
        #expect(place.status != 0)
        #expect(place.stderr.hasPrefix("Error: The match radius “\(radius)” is invalid"))
    }

    @Test func showListsEverySource() throws {
        try twoSources()
        let text = try CLI.run(["--db", db, "place", "show", "1"])
        #expect(text.stdout.contains("  source    a.csv #a1\n  source    b.csv #b1\n"))
        let object = try #require(try json(try CLI.run(["--db", db, "place", "show", "1", "--json"])).first)
        let sources = try #require(object["sources"] as? [[String: String]])
        #expect(sources == [["source": "a.csv", "source_id": "a1"], ["source": "b.csv", "source_id": "b1"]])
        #expect(object["source"] as? String == "a.csv")
        #expect(object["phone"] as? String == "02-1")
    }

    @Test func placeAddMergesIntoAnImportedPlace() throws {
        try importText("a.csv", "id,name,lat,lon\na1,카페 오월,37.54622,127.04981\n")
        let merged = try CLI.run(["--db", db, "place", "add", "--name", "카페오월", "--at", "37.54625,127.04981"])
        #expect(merged.stdout == "Merged into place 1: 카페 오월 at 37.54622,127.04981 is the same spot.\n")
        let added = try CLI.run([
            "--db", db, "place", "add", "--name", "카페오월", "--at", "37.54625,127.04981", "--match-radius", "0",
        ])
        #expect(added.stdout == "Added place 2: 카페오월 at 37.54625,127.04981.\n")
    }

    @Test func mergeMovesVisitsAndSourcesInOneStep() throws {
        try importText("a.csv", "id,name,lat,lon\na1,오월,37.5,127.0\n")
        try importText("b.csv", "id,name,lat,lon,tags\nb1,May Cafe,37.5,127.0,디저트\n")
        try CLI.run(["--db", db, "visit", "add", "2", "--arrived", "2024-05-04T12:00+09:00"])
        let merge = try CLI.run(["--db", db, "place", "merge", "1", "2"])
        #expect(merge.status == 0)
        #expect(merge.stdout == "Merged 2 into place 1: 오월.\n")
        let object = try #require(try json(try CLI.run(["--db", db, "place", "show", "1", "--json"])).first)
        #expect((object["visits"] as? [Any])?.count == 1)
        #expect(object["tags"] as? [String] == ["디저트"])
        #expect((object["sources"] as? [[String: String]])?.map { $0["source"]! } == ["a.csv", "b.csv"])
        #expect(try CLI.run(["--db", db, "place", "show", "2"]).status != 0)
        // The merged name finds the place; a re-import of b.csv updates it, never brings 2 back.
        let search = try json(try CLI.run(["--db", db, "search", "May Cafe", "--json"]))
        #expect(search.map { $0["id"] as? Int } == [1])
        let again = try importText("b.csv", "id,name,lat,lon,tags\nb1,May Cafe,37.5,127.0,디저트\n")
        #expect(again.stdout.hasSuffix("inserted 0, updated 0, unchanged 1, skipped 0\n"))
    }

    @Test func splitUndoesOneSourcesMerge() throws {
        try twoSources()
        let split = try CLI.run(["--db", db, "place", "split", "1", "--source", "b.csv"])
        #expect(split.status == 0)
        #expect(split.stdout == "Split b.csv off place 1 into place 2: 카페-오월.\n")
        let object = try #require(try json(try CLI.run(["--db", db, "place", "show", "2", "--json"])).first)
        #expect(object["lat"] as? Double == 37.54632)
        #expect(object["sources"] as? [[String: String]] == [["source": "b.csv", "source_id": "b1"]])
        // The phone b.csv brought went with it; place 1 has none again.
        #expect(object["phone"] as? String == "02-1")
        let kept = try #require(try json(try CLI.run(["--db", db, "place", "show", "1", "--json"])).first)
        #expect(kept["phone"] is NSNull || kept["phone"] == nil)
        // A re-import of b.csv finds the split place as b.csv has it, and makes no third one.
        let again = try importText("b.csv", "id,name,lat,lon,phone\nb1,카페-오월,37.54632,127.04981,02-1\n")
        #expect(again.stdout.hasSuffix("inserted 0, updated 0, unchanged 1, skipped 0\n"))
        #expect(try json(try CLI.run(["--db", db, "place", "list", "--json"])).count == 2)
    }

    @Test(arguments: [
        (
            ["place", "merge", "1"],
            "Error: The place list “1” is invalid: a merge needs at least two places, the first surviving.\n"
        ),
        (["place", "merge", "1", "2", "1"], "Error: The place list “1 2 1” is invalid: place 1 is given twice.\n"),
        (["place", "merge", "1", "9"], "Error: No place has the id 9.\n"),
        (
            ["place", "split", "1", "--source", "x.csv"],
            "Error: The source “x.csv” is invalid: place 1 has no such source (its sources are a.csv, b.csv).\n"
        ),
        (
            ["place", "split", "2", "--source", "c.csv"],
            "Error: The source “c.csv” is invalid: it is the only source of place 2, so there is nothing to split off.\n"
        ),
        (
            ["place", "list", "--duplicates", "--radius", "-5"],
            "Error: The match radius “-5” is invalid: it must be between 0 (no matching) and 1000 m.\n"
        ),
    ])
    func badInputIsOneSentenceAndChangesNothing(arguments: [String], message: String) throws {
        try twoSources()
        try importText("c.csv", "id,name,lat,lon\nc1,다른 곳,37.6,127.1\n")
        let before = try CLI.run(["--db", db, "place", "list", "--json"]).stdout
        let result = try CLI.run(["--db", db] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try CLI.run(["--db", db, "place", "list", "--json"]).stdout == before)
        #expect(try CLI.run(["--db", db, "place", "show", "1"]).stdout.contains("source    b.csv #b1"))
    }

    @Test func duplicatesListsLikelyCopiesNotMerged() throws {
        try importText("a.csv", "id,name,lat,lon\na1,스타벅스,37.5,127.0\na2,먼 스타벅스,37.6,127.0\n")
        try importText("b.csv", "id,name,lat,lon\nb1,스타벅스 리저브 성수,37.5002,127.0\nb2,서점,37.5,127.0001\n")
        let text = try CLI.run(["--db", db, "place", "list", "--duplicates"])
        #expect(text.status == 0)
        #expect(
            text.stdout
                == "ID  NAME      ID  NAME" + String(repeating: " ", count: 18) + "DISTANCE\n"
                + "1   스타벅스  3   스타벅스 리저브 성수  22.2 m\n")
        let wide = try CLI.run(["--db", db, "place", "list", "--duplicates", "--radius", "10", "--json"])
        #expect(wide.stdout == "[]\n")
    }
}
