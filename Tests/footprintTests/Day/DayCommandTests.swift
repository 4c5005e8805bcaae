import Foundation
import Testing

/// `day set`, `day list` and `day show` on a day with a track, stays, a photo, an entry and a log.
@Suite struct DayCommandTests {
    let diary: DiaryDatabase

    init() throws {
        diary = try DiaryDatabase()
        try diary.storeWalk()
    }

    /// The walk's statistics per GeographicLib 2.1 (`Geodesic.WGS84.Inverse`): the raw length
    /// sums all four steps, the spike's two included; the length skips the spike and counts the
    /// step inside the stay as 0 m.
    static let rawLength = 2982.5987580455158
    static let length = 252.8603571984292
    static let maxSpeed = 2.364541242666803
    static let averageSpeed = 2.107169643320243

    func fillDay() throws {
        try diary.run(["day", "set", "2024-05-18", "--score", "87", "--weather", "맑음", "--sleep-minutes", "420"])
        try diary.run(["day", "set", "2024-05-18", "--mood", "#FFAA00", "--note", "좋은 날"])
        try diary.run(["category", "add", "산책", "--color", "#22AA44"])
        try diary.run([
            "photo", "add", try diary.photo("no-gps"), "--taken-at", "2024-05-18T10:00:15+09:00", "--at",
            "37.54465,127.0374", "--place", "1",
        ])
        try diary.run([
            "log", "add", "2024-05-18", "--title", "서울숲 산책", "--category", "산책", "--walk-minutes", "45",
            "--place", "1", "--photo", "1",
        ])
    }

    /// The `"stats":{…}` member's numbers, and the document without it.
    static func splitStats(_ json: String) throws -> ([String: Double], String) {
        let start = try #require(json.range(of: ##""stats":{"##))
        let end = try #require(json.range(of: "}", range: start.upperBound..<json.endIndex))
        let object = "{" + json[start.upperBound..<end.lowerBound] + "}"
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Double])
        // The member and the comma after it.
        let after = json[end.upperBound...].dropFirst(json[end.upperBound...].hasPrefix(",") ? 1 : 0)
        return (stats, String(json[..<start.lowerBound] + after))
    }

    @Test func showJSONHoldsStatisticsVisitsPhotosEntriesAndLog() throws {
        try fillDay()
        let show = try diary.run(["day", "show", "2024-05-18", "--json"])
        #expect(show.status == 0 && show.stderr == "")
        let (stats, rest) = try Self.splitStats(show.stdout)
        let expected: [String: Double] = [
            "length_m": Self.length, "raw_length_m": Self.rawLength, "duration_s": 180, "moving_time_s": 120,
            "max_speed_mps": Self.maxSpeed, "avg_moving_speed_mps": Self.averageSpeed, "elevation_gain_m": 20,
            "elevation_loss_m": 0,
        ]
        #expect(Set(stats.keys) == Set(expected.keys))
        for (key, value) in expected {
            #expect(abs(stats[key]! - value) <= 1e-9 * max(1, value), "\(key)")
        }
        let created = try #require(show.stdout.firstMatch(of: /"created_at":"([^"]+)"/)?.1)
        #expect(
            rest
                == ##"{"date":"2024-05-18","visits":[{"id":1,"place_id":1,"name":"서울숲","lat":37.55,"lon":127.0405,"##
                + ##""arrival":"2024-05-18T11:00:00+09:00","departure":"2024-05-18T11:01:00+09:00"}],"##
                + ##""photos":[{"id":1,"file":"\##(try diary.photo("no-gps"))","taken_at":"2024-05-18T10:00:15+09:00","lat":37.54465,"lon":127.0374,"place_id":1}],"##
                + ##""entries":[{"id":1,"date":"2024-05-18","title":"서울숲 산책","body":null,"category":"산책","color":"#22AA44","##
                + ##""walk_minutes":45,"places":[1],"photos":[1],"created_at":"\##(created)"}],"##
                + ##""log":{"score":87,"weather":"맑음","sleep_minutes":420,"mood":"#FFAA00","note":"좋은 날"}}"## + "\n")
    }

    @Test func showTextIsASummaryAndTables() throws {
        try fillDay()
        let show = try diary.run(["day", "show", "2024-05-18"])
        #expect(show.status == 0)
        #expect(
            show.stdout == """
                2024-05-18
                  length     253 m (raw 2.98 km)
                  time       3 min, moving 2 min
                  speed      7.6 km/h moving, 8.5 km/h at most
                  elevation  +20 m, −0 m
                  score      87
                  weather    맑음
                  sleep      7 h 00 min
                  mood       #FFAA00
                  note       좋은 날
                visits
                  ID  ARRIVAL  DEPARTURE  LAT,LON         NAME
                  1   11:00    11:01      37.55,127.0405  서울숲
                photos
                  ID  TAKEN  LAT,LON            FILE
                  1   10:00  37.54465,127.0374  \(try diary.photo("no-gps"))
                entries
                  ID  CATEGORY  WALK    TITLE
                  1   산책      45 min  서울숲 산책

                """)
    }

    @Test func aDayWithNothingShowsZeroAndNulls() throws {
        let show = try diary.run(["day", "show", "2024-05-19", "--json"])
        #expect(
            show.stdout
                == ##"{"date":"2024-05-19","stats":{"length_m":0,"raw_length_m":0,"duration_s":0,"moving_time_s":0,"##
                + ##""max_speed_mps":0,"avg_moving_speed_mps":0,"elevation_gain_m":0,"elevation_loss_m":0},"##
                + ##""visits":[],"photos":[],"entries":[],"log":{"score":null,"weather":null,"sleep_minutes":null,"mood":null,"note":null}}"##
                + "\n")
    }

    @Test func listCountsEachDay() throws {
        try fillDay()
        try diary.run(["log", "add", "2024-05-20", "--title", "비"])
        try diary.run(["day", "set", "2024-05-21", "--score", "50"])
        let list = try diary.run(["day", "list", "--json"])
        let days = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2024-05-18", "2024-05-20", "2024-05-21"])
        #expect(abs((days[0]["length_m"] as? Double ?? 0) - Self.length) < 1e-9)
        #expect(
            list.stdout.hasSuffix(
                ##""visits":1,"photos":1,"entries":1},{"date":"2024-05-20","length_m":0,"visits":0,"photos":0,"entries":1},"##
                    + ##"{"date":"2024-05-21","length_m":0,"visits":0,"photos":0,"entries":0}]"## + "\n"))
        let text = try diary.run(["day", "list"])
        #expect(
            text.stdout == """
                DATE        LENGTH  VISITS  PHOTOS  ENTRIES
                2024-05-18  253 m   1       1       1
                2024-05-20  0 m     0       0       1
                2024-05-21  0 m     0       0       0

                """)
    }

    @Test func setChangesOnlyTheFieldsGiven() throws {
        try diary.run(["day", "set", "2024-05-18", "--score", "87", "--weather", "맑음"])
        let set = try diary.run(["day", "set", "2024-05-18", "--sleep-minutes", "0", "--weather", "", "--json"])
        #expect(
            set.stdout
                == ##"[{"date":"2024-05-18","score":87,"weather":null,"sleep_minutes":0,"mood":null,"note":null}]"##
                + "\n")
        #expect(try diary.run(["day", "set", "2024-05-18", "--score", "1"]).stdout == "Day 2024-05-18 set.\n")
    }

    @Test(arguments: [
        (
            ["day", "set", "2024-02-30", "--score", "5"], 1,
            "The date “2024-02-30” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
        (
            ["day", "set", "2024-5-18", "--score", "5"], 1,
            "The date “2024-5-18” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
        (["day", "set", "2024-05-18", "--score", "0"], 1, "The score 0 is invalid: a day's score is 1 to 100."),
        (["day", "set", "2024-05-18", "--score", "101"], 1, "The score 101 is invalid: a day's score is 1 to 100."),
        (
            ["day", "set", "2024-05-18", "--score", "8.5"], 64,
            "The value “8.5” is invalid for “--score <score>”; see “footprint day set --help”."
        ),
        (
            ["day", "set", "2024-05-18", "--mood", "#FFAA0"], 1,
            "The mood colour “#FFAA0” is invalid: write a colour as #RRGGBB, such as #FF8800."
        ),
        (
            ["day", "set", "2024-05-18", "--sleep-minutes", "-5"], 1,
            "The sleep minutes -5 is invalid: it cannot be negative."
        ),
        (
            ["day", "set", "2024-05-18"], 64,
            "Give something to set: --score, --weather, --sleep-minutes, --mood or --note."
        ),
        (["day", "set", "--score", "5"], 64, "Missing expected argument “<date>”; see “footprint day set --help”."),
        (
            ["day", "show", "2023-02-29"], 1,
            "The date “2023-02-29” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
        (
            ["day", "show", "yesterday", "--json"], 1,
            "The date “yesterday” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
    ])
    func badInputIsOneSentence(arguments: [String], status: Int32, message: String) throws {
        let before = try diary.dump()
        let result = try diary.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == "Error: \(message)\n")
        #expect(result.stdout == "")
        #expect(try diary.dump() == before)
    }

    /// Read commands open the file read-only: its bytes stay, and `mod_spatialite` is never loaded
    /// (glibc's `LD_DEBUG=libs` lists every library the process opens).
    @Test func readCommandsChangeNothingAndLoadNoSpatiaLite() throws {
        try fillDay()
        for arguments in [
            ["day", "list"], ["day", "list", "--json"], ["day", "show", "2024-05-18"],
            ["day", "show", "2024-05-18", "--json"],
            ["log", "list"], ["log", "list", "--day", "2024-05-18", "--json"], ["log", "show", "1"],
            ["log", "show", "1", "--json"],
            ["category", "list"],
        ] {
            let before = try diary.bytes()
            let result = try diary.run(arguments, environment: ["LD_DEBUG": "libs"])
            #expect(result.status == 0, "\(arguments)")
            #expect(!result.stderr.contains("mod_spatialite"), "\(arguments)")
            #expect(try diary.bytes() == before, "\(arguments)")
        }
        let write = try diary.run(["day", "set", "2024-05-18", "--score", "3"], environment: ["LD_DEBUG": "libs"])
        #expect(write.stderr.contains("mod_spatialite"))  // the check above can fail
    }
}
