import FootprintTestSupport
import Foundation
import Testing

/// `day detect`, `visit list`, `visit edit`, `visit remove`, run as processes on a database whose
/// track points are inserted with SQL.
@Suite struct VisitTimelineCommandTests {
    let directory: TemporaryDirectory
    let db: String

    /// 2024-05-18T09:00:00+09:00.
    static let morning = 1_715_990_400.0

    /// A morning in Seoul: 20 minutes at 37.5665,126.978 (09:05–09:25), 15 minutes at
    /// 37.575,126.99 (09:35–09:50), with single points far from both in between, a minute apart.
    static var points: [TestTrackPoint] {
        func point(_ minute: Double, _ latitude: Double, _ longitude: Double) -> TestTrackPoint {
            TestTrackPoint(epoch: morning + minute * 60, latitude: latitude, longitude: longitude)
        }
        var points = [point(0, 37.56, 126.97)]
        points += (5...25).map { point(Double($0), 37.5665, 126.978) }
        points.append(point(30, 37.57, 126.985))
        points += (35...50).map { point(Double($0), 37.575, 126.99) }
        points.append(point(55, 37.58, 126.995))
        return points
    }

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        #expect(try CLI.run(["--db", db, "init"]).status == 0)
        #expect(try CLI.run(["--db", db, "place", "add", "--name", "카페 온도", "--at", "37.5666,126.9781"]).status == 0)
        try TrackRows.insert(
            into: db, sql: TestTrack.sql(trackID: 1, date: "2024-05-18", utcOffset: 9 * 3600, points: Self.points))
    }

    func run(_ arguments: String...) throws -> CLIResult {
        try CLI.run(["--db", db] + arguments)
    }

    @Test func detectListEditRemoveAndDetectAgain() throws {
        let detected = try run("day", "detect", "2024-05-18")
        #expect(detected.status == 0)
        #expect(detected.stderr == "")
        #expect(detected.stdout == "2024-05-18: found 2, kept 0, new 2, still removed 0.\n")
        let list = try run("visit", "list", "--day", "2024-05-18")
        #expect(
            list.stdout == """
                ID  ARRIVAL                    DEPARTURE                  LAT,LON          NAME
                1   2024-05-18T09:05:00+09:00  2024-05-18T09:25:00+09:00  37.5665,126.978  카페 온도
                2   2024-05-18T09:35:00+09:00  2024-05-18T09:50:00+09:00  37.575,126.99    (unnamed stay)

                """)
        let edited = try run("visit", "edit", "2", "--name", "벤치", "--note", "그늘")
        #expect(edited.status == 0)
        #expect(edited.stdout == "Changed visit 2: 벤치 on 2024-05-18.\n")
        let removed = try run("visit", "remove", "1")
        #expect(removed.stdout == "Removed visit 1; detecting its day again will not bring it back.\n")
        let again = try run("day", "detect", "2024-05-18", "--json")
        #expect(again.stdout == #"{"date":"2024-05-18","found":2,"kept":1,"new":0,"removed":1}"# + "\n")
        let after = try run("visit", "list", "--day", "2024-05-18")
        #expect(
            after.stdout == """
                ID  ARRIVAL                    DEPARTURE                  LAT,LON        NAME
                2   2024-05-18T09:35:00+09:00  2024-05-18T09:50:00+09:00  37.575,126.99  벤치 * — 그늘

                """)
        #expect(try run("visit", "list", "--day", "2024-05-19").stdout == "ID  ARRIVAL  DEPARTURE  LAT,LON  NAME\n")
    }

    @Test func jsonListing() throws {
        try run("day", "detect", "2024-05-18")
        let list = try run("visit", "list", "--json")
        #expect(list.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects[0]["id"] as? Int == 1)
        #expect(objects[0]["place_id"] as? Int == 1)
        #expect(objects[0]["name"] as? String == "카페 온도")
        #expect(abs((objects[0]["lat"] as? Double ?? 0) - 37.5665) < 1e-12)
        #expect(abs((objects[0]["lon"] as? Double ?? 0) - 126.978) < 1e-12)
        #expect(objects[0]["arrival"] as? String == "2024-05-18T09:05:00+09:00")
        #expect(objects[0]["departure"] as? String == "2024-05-18T09:25:00+09:00")
        #expect(objects[1]["place_id"] is NSNull)
        #expect(objects[1]["name"] is NSNull)
        #expect(list.stdout.contains(#""local_date":"2024-05-18","note":null,"detected":true,"user_set":false}"#))
    }

    @Test func stayOptions() throws {
        let longer = try run("day", "detect", "2024-05-18", "--stay-minutes", "16")
        #expect(longer.stdout == "2024-05-18: found 1, kept 0, new 1, still removed 0.\n")
        let shorter = try run("day", "detect", "2024-05-18", "--stay-minutes", "2.5", "--stay-radius", "30")
        #expect(shorter.stdout == "2024-05-18: found 2, kept 0, new 2, still removed 0.\n")
        let empty = try run("day", "detect", "2024-05-17")
        #expect(empty.stdout == "2024-05-17: found 0, kept 0, new 0, still removed 0.\n")
    }

    /// `visit list` opens the file read-only: no SpatiaLite, the file byte-identical.
    @Test func listIsReadOnly() throws {
        try run("day", "detect", "2024-05-18")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let list = try CLI.run(["--db", db, "visit", "list", "--json"], environment: ["LD_DEBUG": "libs"])
        #expect(list.status == 0)
        #expect(!list.stderr.contains("mod_spatialite"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        // SQLite may create an empty write-ahead log beside a WAL file it reads; nothing is written to it.
        let wal = try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int
        #expect((wal ?? 0) == 0)
        // The check can fail: a writing command does load SpatiaLite.
        let detect = try CLI.run(["--db", db, "day", "detect", "2024-05-18"], environment: ["LD_DEBUG": "libs"])
        #expect(detect.stderr.contains("mod_spatialite"))
    }

    @Test(arguments: [
        (
            ["day", "detect", "2024-02-30"], 1,
            "Error: The date “2024-02-30” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        ),
        (
            ["visit", "list", "--day", "2024-13-01"], 1,
            "Error: The date “2024-13-01” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        ),
        (
            ["visit", "edit", "99", "--name", "x"], 1,
            "Error: No visit has the id 99; “footprint visit list” shows the visits.\n"
        ),
        (["visit", "remove", "99"], 1, "Error: No visit has the id 99; “footprint visit list” shows the visits.\n"),
        (["visit", "edit", "1"], 64, "Error: Give something to change: --name, --place or --note.\n"),
        (["visit", "edit", "1", "--place", "5"], 1, "Error: No place has the id 5.\n"),
        (
            ["day", "detect", "2024-05-18", "--stay-radius", "0"], 1,
            "Error: The stay radius 0 m is invalid: give more than 0 metres and at most 50000.\n"
        ),
        (
            ["day", "detect", "2024-05-18", "--stay-minutes", "-3"], 1,
            "Error: The stay duration -3 min is invalid: give more than 0 minutes and at most a week (10080).\n"
        ),
        (
            ["day", "detect", "2024-05-18", "--stay-minutes", "ten"], 1,
            "Error: The stay-minutes “ten” is invalid: write it as a decimal number, e.g. 500 or 2.5.\n"
        ),
    ])
    func badInputIsOneSentence(arguments: [String], status: Int32, message: String) throws {
        try run("day", "detect", "2024-05-18")
        let result = try CLI.run(["--db", db] + arguments)
        #expect(result.status == status)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }
}
