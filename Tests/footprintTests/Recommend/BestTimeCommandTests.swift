import FootprintTestSupport
import Foundation
import Testing

/// The recommended visiting window: `place edit --best-time`, the CSV `best_time` column, and
/// `place show`'s related spots.
@Suite struct BestTimeCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
    }

    func show(_ id: String) throws -> [String: Any] {
        let result = try CLI.run(["--db", db, "place", "show", id, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return try #require(objects.first)
    }

    @Test func placeEditSetsAndClearsTheWindow() throws {
        try CLI.run(["--db", db, "place", "add", "--name", "낙산공원", "--at", "37.5806,127.0075"])
        #expect(try CLI.run(["--db", db, "place", "edit", "1", "--best-time", "18:00-20:00"]).status == 0)
        #expect(try show("1")["best_time"] as? String == "18:00-20:00")
        #expect((try show("1")["edited"] as? [String])?.contains("best_time") == true)
        try CLI.run(["--db", db, "place", "edit", "1", "--best-time", "저녁"])
        #expect(try show("1")["best_time"] as? String == "17:00-21:00")
        #expect(try CLI.run(["--db", db, "place", "show", "1"]).stdout.contains("  window    17:00-21:00\n"))
        try CLI.run(["--db", db, "place", "edit", "1", "--best-time", ""])
        #expect(try show("1")["best_time"] is NSNull)
        let bad = try CLI.run(["--db", db, "place", "edit", "1", "--best-time", "evening"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr
                == "Error: The best time “evening” is invalid: write it as HH:MM-HH:MM, e.g. 18:00-20:00, or 아침, 낮, 저녁 or 밤.\n")
    }

    @Test func theCSVBestTimeColumnIsImportedAndABadOneWarned() throws {
        let csv = directory.file("p.csv")
        try """
        id,name,lat,lon,best_time
        a,야경 명소,37.5512,126.9882,19:00-22:00
        b,아침 카페,37.5515,126.9885,아침
        c,언제나,37.5518,126.9888,
        d,이상한,37.5521,126.9891,밤늦게
        """.write(to: csv, atomically: true, encoding: .utf8)
        let result = try CLI.run(["--db", db, "import", "places", csv.path])
        #expect(result.status == 0)
        #expect(
            (result.stdout + result.stderr).contains(
                "p.csv:5: best time “밤늦게” is not a window such as 18:00-20:00 or 저녁; imported without it"))
        #expect(try show("1")["best_time"] as? String == "19:00-22:00")
        #expect(try show("2")["best_time"] as? String == "06:00-11:00")
        #expect(try show("3")["best_time"] is NSNull)
        #expect(try show("4")["best_time"] is NSNull)
        // A re-import keeps a window the user set.
        try CLI.run(["--db", db, "place", "edit", "1", "--best-time", "20:00-23:00"])
        try CLI.run(["--db", db, "import", "places", csv.path])
        #expect(try show("1")["best_time"] as? String == "20:00-23:00")
        // The window decides between twins at the time asked for.
        let evening = try CLI.run(["--db", db, "recommend", "--at", "37.5515,126.9885", "--time", "21:00", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(evening.stdout.utf8)) as? [[String: Any]])
        #expect(objects.first?["name"] as? String == "야경 명소")
    }

    @Test func placeShowListsTheTopFiveRelatedSpots() throws {
        for index in 0..<8 {
            try CLI.run([
                "--db", db, "place", "add", "--name", "spot \(index)", "--at", "37.55\(index),126.98", "--tag", "야경",
            ])
        }
        let place = try show("1")
        let related = try #require(place["related"] as? [[String: Any]])
        #expect(related.count == 5)
        #expect(!related.contains { $0["id"] as? Int == 1 })
        #expect(related.allSatisfy { $0["score"] is Double && $0["explanation"] is [Any] && $0["distance_m"] is Double })
        let text = try CLI.run(["--db", db, "place", "show", "1"]).stdout
        #expect(text.components(separatedBy: "\n  related   ").count == 6)
    }
}
