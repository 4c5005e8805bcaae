import FootprintTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `footprint import places`, run as a process on the fixtures of Fixtures/import.
@Suite struct ImportCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    static func fixture(_ name: String) -> String {
        let url = URL(fileURLWithPath: name)
        return Bundle.module.url(
            forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension,
            subdirectory: "Fixtures/import")!.path
    }

    func placeNames() throws -> [String] {
        let list = try CLI.run(["--db", db, "place", "list", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        return objects.compactMap { $0["name"] as? String }
    }

    @Test func importCreatesTheDatabaseAndReportsSkippedRows() throws {
        let file = Self.fixture("places.csv")
        let result = try CLI.run(["--db", db, "import", "places", file])
        #expect(result.status == 0)
        #expect(result.stdout == "\(file): inserted 2, updated 0, unchanged 0, skipped 2\n")
        #expect(
            result.stderr == """
                \(file):4: The name is missing.
                \(file):5: The “lat” column's 126.97 is a longitude and the “lon” column's 37.56 a latitude: \
                the two columns look swapped.

                """)
        #expect(try placeNames() == ["블루보틀 성수", "서울숲"])
        let again = try CLI.run(["--db", db, "import", "places", file, "--quiet"])
        #expect(again.stdout == "\(file): inserted 0, updated 0, unchanged 2, skipped 2\n")
    }

    @Test func strictFailsWithOneSentenceAndChangesNothing() throws {
        try CLI.run(["--db", db, "import", "places", Self.fixture("places.geojson")])
        let file = Self.fixture("places.csv")
        let result = try CLI.run(["--db", db, "import", "places", file, "--strict"])
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: \(file):4: The name is missing; nothing was imported, as the import is strict.\n")
        #expect(try placeNames() == ["블루보틀 성수", "서울숲"])
        let list = try CLI.run(["--db", db, "place", "list", "--json"])
        #expect(!list.stdout.contains("places.csv"))
    }

    @Test func jsonSummaryAndSourceOption() throws {
        let result = try CLI.run([
            "--db", db, "import", "places", Self.fixture("places.csv"), "--source", "내 지도", "--json",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                #"{"source":"내 지도","format":"csv","encoding":"utf-8","inserted":2,"updated":0,"unchanged":0,"kept_removed":0,"skipped":2,"skipped_rows":[{"line":4,"path":null,"reason":"The name is missing"},"#
            ))
        let list = try CLI.run(["--db", db, "place", "list", "--json"])
        #expect(list.stdout.contains(#""source":"내 지도","source_id":"1""#))
    }

    @Test func geoJSONByExtensionAndFormatOption() throws {
        let result = try CLI.run(["--db", db, "import", "places", Self.fixture("places.geojson")])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("places.geojson: inserted 2, updated 0, unchanged 0, skipped 0\n"))
        #expect(result.stderr == "")
        let wrong = try CLI.run(["--db", db, "import", "places", Self.fixture("places.geojson"), "--format", "csv"])
        #expect(wrong.status != 0)
        #expect(
            wrong.stderr.hasPrefix(
                "Error: \(Self.fixture("places.geojson")):1: The file is not a places CSV: its header has no name column"
            ))
    }

    @Test func databaseFromTheEnvironmentThenTheWorkingDirectory() throws {
        let fromEnvironment = directory.file("env.sqlite").path
        let result = try CLI.run(
            ["import", "places", Self.fixture("places.geojson")], environment: ["FOOTPRINT_DB": fromEnvironment])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnvironment))
        let local = try CLI.run(["import", "places", Self.fixture("places.geojson")], directory: directory.url)
        #expect(local.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.file("footprint.sqlite").path))
    }

    @Test func aBadFileCreatesNoDatabase() throws {
        let missing = directory.file("missing.csv").path
        let result = try CLI.run(["--db", db, "import", "places", missing])
        #expect(result.status != 0)
        #expect(result.stderr == "Error: \(missing): There is no such file; nothing was imported.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
        let notJSON = directory.file("broken.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [{"type": "Feature",]}"#.utf8).write(to: notJSON)
        let invalid = try CLI.run(["--db", db, "import", "places", notJSON.path])
        #expect(invalid.status != 0)
        #expect(
            invalid.stderr
                == "Error: \(notJSON.path):1: features[0]: Invalid JSON: expected a member name in double quotes; nothing was imported.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func noProgressBarWhenStderrIsNotATerminal() throws {
        let result = try CLI.run(["--db", db, "import", "places", Self.fixture("places.geojson")])
        #expect(!result.stderr.contains("\r"))
    }

    /// An import killed at any moment leaves a consistent SpatiaLite file holding whole batches, and
    /// running it again completes it.
    @Test func aKilledImportLeavesAConsistentFileAndARerunCompletesIt() throws {
        var text = "id,name,lat,lon\n"
        for id in 1...200_000 {
            text += "\(id),곳 \(id),\(33.1 + Double(id % 5_501) / 1_000),\(126.0 + Double(id % 3_593) / 1_000)\n"
        }
        let file = directory.file("big.csv")
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["--db", db, "import", "places", file.path, "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once the schema is committed (a kill before that leaves an empty file, which read
        // commands rightly refuse), plus a moment to land inside the batches; on a loaded machine
        // the first migration alone can take longer than a fixed delay.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline,
            try CLI.run(["--db", db, "place", "list", "--limit", "1", "--json"]).status != 0
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let check = try CLI.run(["--db", db, "place", "list", "--json", "--all"])
        #expect(check.status == 0)
        let rerun = try CLI.run(["--db", db, "import", "places", file.path, "--json"])
        #expect(rerun.status == 0)
        let summary = try #require(JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
        let inserted = try #require(summary["inserted"] as? Int)
        let unchanged = try #require(summary["unchanged"] as? Int)
        #expect(inserted + unchanged == 200_000)
        // Whole batches only: 50,000, then 150,000 more.
        #expect([0, 50_000, 200_000].contains(unchanged))
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            db,
            "PRAGMA integrity_check; SELECT rtreecheck('idx_places_geom'); SELECT count(*) FROM idx_places_geom; "
                + "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'places';",
        ]
        let output = Pipe()
        sqlite.standardOutput = output
        try sqlite.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sqlite.waitUntilExit()
        // 22 triggers on places: SpatiaLite's, Footprint's through v4, place_edits_delete (v5),
        // search_field_lengths_likes (v8), place_sources_removed (v11) and the three of
        // recommend_candidates (v16).
        #expect(printed == "ok\nok\n200000\n22\n")
    }
}

/// Review findings on import: a failed strict import into a new file leaves no file, and
/// hexadecimal is not a coordinate.
@Suite struct ImportFailureTests {
    @Test func aFailedImportLeavesNoNewDatabase() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.file("bad.csv")
        try Data("id,name,lat,lon\n1,a,37.5,127\n2,b,137.5,37\n".utf8).write(to: csv)
        let db = directory.file("new.sqlite").path
        let result = try CLI.run(["--db", db, "import", "places", csv.path, "--strict"])
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
    }

    @Test func hexadecimalIsNotANumber() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.file("hex.csv")
        try Data("name,lat,lon\na,0x25,127\n".utf8).write(to: csv)
        let result = try CLI.run(["--db", directory.file("f.sqlite").path, "import", "places", csv.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("inserted 0, updated 0, unchanged 0, skipped 1\n"))
        #expect(result.stderr == "\(csv.path):2: The latitude “0x25” is not a number.\n")
    }
}
