import FootprintTestSupport
import Foundation
import Testing

/// `footprint import visits`, run as a process.
@Suite struct ImportVisitsCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.file(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let places = "id,name,lat,lon\np1,서울숲,37.5444,127.0374\np2,블루보틀 성수,37.5479,127.0453\n"
    static let visits = """
        place_id,arrived,left,note,rating
        p1,2024-05-04T10:41:00+09:00,2024-05-04T11:56:00+09:00,"호수 한 바퀴, 벤치",5
        p2,2024-05-04T09:53:00+09:00,2024-05-04T10:31:00+09:00,,4
        p1,2024-05-04T12:00:00+09:00,,,6
        p9,2024-05-04T13:00:00+09:00,,,

        """

    @Test func importsSkipsBadRowsAndReimportsNothing() throws {
        try CLI.run(["--db", db, "import", "places", try write("places.csv", Self.places)])
        let file = try write("visits.csv", Self.visits)
        let result = try CLI.run(["--db", db, "import", "visits", file])
        #expect(result.status == 0)
        #expect(result.stdout == "\(file): inserted 2, updated 0, unchanged 0, skipped 2\n")
        #expect(
            result.stderr == """
                \(file):4: The rating “6” is not a whole number from 1 to 5.
                \(file):5: No imported place has the id “p9”.

                """)
        let again = try CLI.run(["--db", db, "import", "visits", file, "--quiet"])
        #expect(again.stdout == "\(file): inserted 0, updated 0, unchanged 2, skipped 2\n")
        let show = try CLI.run(["--db", db, "place", "show", "1"])
        #expect(
            show.stdout == """
                1  서울숲
                  at        37.5444,127.0374
                  source    places.csv #p1
                  visit     2024-05-04T10:41:00+09:00 – 2024-05-04T11:56:00+09:00  ★5  호수 한 바퀴, 벤치
                  related   2  블루보틀 성수  799 m

                """)
    }

    @Test func jsonSummaryAndNewPlacesByName() throws {
        let file = try write(
            "diary.csv",
            """
            name,lat,lon,arrived,rating
            동네 빵집,37.55,127.04,2024-05-04T08:00+09:00,3
            동네 빵집,37.55,127.04,2024-05-05T08:00+09:00,3.5

            """)
        let result = try CLI.run(["--db", db, "import", "visits", file, "--source", "일기", "--json"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"source":"일기","format":"csv","encoding":"utf-8","inserted":1,"updated":0,"unchanged":0,"skipped":1,"places_added":1,"skipped_rows":[{"line":3,"reason":"The rating “3.5” is not a whole number from 1 to 5"}]}"#
                + "\n")
        let list = try CLI.run(["--db", db, "place", "list", "--json"])
        #expect(list.stdout.contains(#""name":"동네 빵집","lat":37.55,"lon":127.04"#))
        #expect(list.stdout.contains(#""source":"일기","source_id":"동네 빵집@37.550000,127.040000""#))
        let text = try CLI.run(["--db", db, "import", "visits", file, "--source", "일기"])
        #expect(text.stdout == "\(file): inserted 0, updated 0, unchanged 1, skipped 1\n")
    }

    @Test func strictFailsWithOneSentenceAndChangesNothing() throws {
        try CLI.run(["--db", db, "import", "places", try write("places.csv", Self.places)])
        let file = try write("visits.csv", Self.visits)
        let result = try CLI.run(["--db", db, "import", "visits", file, "--strict"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: \(file):4: The rating “6” is not a whole number from 1 to 5; nothing was imported, "
                + "as the import is strict.\n")
        let show = try CLI.run(["--db", db, "place", "show", "1", "--json"])
        #expect(show.stdout.contains(#""visits":[]"#))
    }

    @Test func aFileWithoutTheColumnsIsOneSentenceAndCreatesNoDatabase() throws {
        let file = try write("visits.csv", "place,when\np1,2024-05-04T10:00+09:00\n")
        let result = try CLI.run(["--db", db, "import", "visits", file])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: \(file):1: The file is not a visits CSV: its header has no arrived column "
                + "(arrived, arrival or 도착); nothing was imported.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func standardInput() throws {
        try CLI.run(["--db", db, "import", "places", try write("places.csv", Self.places)])
        let result = try CLI.run(
            ["--db", db, "import", "visits", "-"], input: "place_id,arrived\np2,2024-05-04T09:53+09:00\n")
        #expect(result.stdout == "<stdin>: inserted 1, updated 0, unchanged 0, skipped 0\n")
    }

    /// The sample diary of Data/ imports as it ships: every visit, none skipped, twice the same.
    @Test func theSampleDiaryImports() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/diary")
        let places = data.appendingPathComponent("places.csv").path
        let visits = data.appendingPathComponent("visits.csv").path
        try CLI.run(["--db", db, "import", "places", places])
        let result = try CLI.run(["--db", db, "import", "visits", visits])
        #expect(result.stderr == "")
        #expect(result.stdout == "\(visits): inserted 31, updated 0, unchanged 0, skipped 0\n")
        let again = try CLI.run(["--db", db, "import", "visits", visits])
        #expect(again.stdout == "\(visits): inserted 0, updated 0, unchanged 31, skipped 0\n")
    }
}
