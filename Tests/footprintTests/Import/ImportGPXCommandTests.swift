import FootprintTestSupport
import Foundation
import Testing

/// What `sqlite3` prints for `sql` on the database at `path` (list mode, `|` between columns).
func sqlite(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return printed
}

/// `footprint import gpx`, run as a process: what is stored, re-imports, days and zones.
@Suite struct ImportGPXCommandTests {
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

    /// A track of two segments (one point with a poor hdop), a route and two waypoints.
    static let walk = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="37.5444" lon="127.0374"><name>서울숲</name><desc>호수 한 바퀴</desc></wpt>
          <wpt lat="37.5479" lon="127.0453"/>
          <rte><name>계획</name>
            <rtept lat="37.5444" lon="127.0374"/><rtept lat="37.5479" lon="127.0453"/>
          </rte>
          <trk><name>산책</name>
            <trkseg>
              <trkpt lat="37.5444" lon="127.0374"><ele>20.5</ele><time>2024-05-18T01:00:00Z</time></trkpt>
              <trkpt lat="37.5445" lon="127.0375"><time>2024-05-18T01:00:10Z</time><hdop>35</hdop></trkpt>
              <trkpt lat="37.5446" lon="127.0376"><time>2024-05-18T01:00:20Z</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="37.5470" lon="127.0440"><time>2024-05-18T01:20:00Z</time></trkpt>
              <trkpt lat="37.5471" lon="127.0441"><time>2024-05-18T01:20:10Z</time></trkpt>
            </trkseg>
          </trk>
        </gpx>

        """

    /// Two recordings exported under one file name (phones name every export alike) do not
    /// replace each other: the second is refused, nothing of it kept, and `--source` keeps both.
    /// A file edited in place (its times overlap the stored track) still updates it.
    @Test func anotherRecordingOfTheSameFileNameIsRefused() throws {
        let first = try write("walk.gpx", Self.walk)
        try #require(try CLI.run(["--db", db, "import", "gpx", first, "--tz", "Asia/Seoul"]).status == 0)
        let before = try sqlite(db, "SELECT count(*), min(epoch) FROM track_points")
        try FileManager.default.createDirectory(at: directory.file("next"), withIntermediateDirectories: true)
        let second = try write("next/walk.gpx", Self.walk.replacingOccurrences(of: "2024-05-18", with: "2024-06-02"))
        let refused = try CLI.run(["--db", db, "import", "gpx", second, "--tz", "Asia/Seoul"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "Error: \(second):8: this track has the source and number of one imported before (walk.gpx, from "
                + "2024-05-18T10:00:00+09:00) but none of its times overlap it, so it is another recording of the same "
                + "file name; import it with --source NAME to keep both; nothing was imported.\n")
        #expect(try sqlite(db, "SELECT count(*), min(epoch) FROM track_points") == before)
        let kept = try CLI.run(["--db", db, "import", "gpx", second, "--tz", "Asia/Seoul", "--source", "walk-june.gpx"])
        #expect(kept.status == 0)
        #expect(try sqlite(db, "SELECT count(DISTINCT local_date) FROM track_days") == "2\n")
        // The first file with a point moved and one added at its end: the same recording, updated.
        let edited = try write(
            "walk.gpx",
            Self.walk.replacingOccurrences(
                of: "<trkpt lat=\"37.5471\" lon=\"127.0441\"><time>2024-05-18T01:20:10Z</time></trkpt>",
                with: "<trkpt lat=\"37.5472\" lon=\"127.0441\"><time>2024-05-18T01:20:10Z</time></trkpt>"
                    + "<trkpt lat=\"37.5473\" lon=\"127.0442\"><time>2024-05-18T01:20:20Z</time></trkpt>"))
        #expect(try CLI.run(["--db", db, "import", "gpx", edited, "--tz", "Asia/Seoul"]).status == 0)
    }

    @Test func storesTracksRoutesAndWaypointsAndReimportsNothing() throws {
        let file = try write("walk.gpx", Self.walk)
        let result = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Asia/Seoul"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(file): tracks inserted 1, updated 0, unchanged 0; routes inserted 1, updated 0, unchanged 0; \
                waypoints inserted 2, updated 0, unchanged 0
                \(file): points inserted 7, updated 0, unchanged 0, skipped 0; noise: hdop 1, speed spikes 0, \
                duplicate times 0
                \(file): days 2024-05-18
                \(file): stays found 0, new 0, kept 0, still removed 0

                """)
        #expect(
            try sqlite(db, "SELECT id, source, source_id, kind, name, local_date, started_at, ended_at FROM tracks")
                == """
                1|walk.gpx|rte:0|route|계획|||
                2|walk.gpx|trk:0|track|산책|2024-05-18|2024-05-18T10:00:00+09:00|2024-05-18T10:20:10+09:00

                """)
        #expect(
            try sqlite(
                db,
                "SELECT track_id, seq, segment, latitude, longitude, elevation, epoch, utc_offset, local_date, hdop, noise "
                    + "FROM track_points ORDER BY track_id, seq")
                    == """
                    1|0|0|37.5444|127.0374||||||0
                    1|1|0|37.5479|127.0453||||||0
                    2|0|0|37.5444|127.0374|20.5|1715994000.0|32400|2024-05-18||0
                    2|1|0|37.5445|127.0375||1715994010.0|32400|2024-05-18|35.0|1
                    2|2|0|37.5446|127.0376||1715994020.0|32400|2024-05-18||0
                    2|3|1|37.547|127.044||1715995200.0|32400|2024-05-18||0
                    2|4|1|37.5471|127.0441||1715995210.0|32400|2024-05-18||0

                    """)
        #expect(try sqlite(db, "SELECT track_id, local_date FROM track_days") == "2|2024-05-18\n")
        #expect(
            try sqlite(db, "SELECT name, source, source_id, note FROM places ORDER BY id")
                == "서울숲|walk.gpx|wpt:0|호수 한 바퀴\nWaypoint 2|walk.gpx|wpt:1|\n")
        let again = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Asia/Seoul"])
        #expect(again.status == 0)
        #expect(
            again.stdout == """
                \(file): tracks inserted 0, updated 0, unchanged 1; routes inserted 0, updated 0, unchanged 1; \
                waypoints inserted 0, updated 0, unchanged 2
                \(file): points inserted 0, updated 0, unchanged 7, skipped 0; noise: hdop 1, speed spikes 0, \
                duplicate times 0
                \(file): days 2024-05-18
                \(file): nothing changed: the file was imported before as it is

                """)
        #expect(try sqlite(db, "SELECT count(*) FROM tracks; SELECT count(*) FROM track_points") == "2\n7\n")
    }

    @Test func anotherZoneOrHDOPLimitUpdatesThePoints() throws {
        let file = try write("walk.gpx", Self.walk)
        try CLI.run(["--db", db, "import", "gpx", file, "--tz", "+09:00"])
        let later = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "-03:00", "--max-hdop", "50", "--json"])
        #expect(later.status == 0)
        #expect(
            later.stdout
                == #"{"source":"walk.gpx","tracks":{"inserted":0,"updated":1,"unchanged":0},"routes":{"inserted":0,"updated":0,"unchanged":1},"points":{"inserted":0,"updated":5,"unchanged":2},"waypoints":{"inserted":0,"updated":0,"unchanged":2},"waypoints_kept_removed":0,"waypoints_kept_edits":0,"noise":{"hdop":0,"speed_spike":0,"duplicate_time":0},"skipped_points":0,"skipped_rows":[],"stalled_tracks":[],"days":["2024-05-17"],"changed":true,"visits":[{"date":"2024-05-17","found":0,"kept":0,"new":0,"removed":0}]}"#
                + "\n")
        #expect(
            try sqlite(db, "SELECT DISTINCT utc_offset, local_date FROM track_points WHERE track_id = 2")
                == "-10800|2024-05-17\n")
        #expect(try sqlite(db, "SELECT local_date FROM track_days") == "2024-05-17\n")
        #expect(
            try sqlite(db, "SELECT started_at FROM tracks WHERE kind = 'track'") == "2024-05-17T22:00:00-03:00\n")
    }

    /// `tracks.geom` is each track's kept points as a SpatiaLite MULTILINESTRING in WGS84, one
    /// part per segment, as the `spatialite` shell (and GDAL, QGIS) read it.
    @Test func eachTrackHasItsLineAsAGeometry() throws {
        let file = try write("walk.gpx", Self.walk)
        #expect(try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Asia/Seoul"]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            "-readonly", "-cmd", ".load mod_spatialite", db,
            """
            SELECT kind, AsText(geom), ST_SRID(geom), ST_IsValid(geom) FROM tracks ORDER BY id;
            SELECT geometry_type, srid FROM geometry_columns WHERE f_table_name = 'tracks';
            """,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The point with hdop 35 is noise: not in the line.
        #expect(
            printed == """
                route|MULTILINESTRING((127.0374 37.5444, 127.0453 37.5479))|4326|1
                track|MULTILINESTRING((127.0374 37.5444, 127.0376 37.5446), (127.044 37.547, 127.0441 37.5471))|4326|1
                5|4326

                """)
        // A re-import leaves the line (and everything else) as it was.
        let again = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Asia/Seoul"])
        #expect(
            again.stdout.contains(
                "tracks inserted 0, updated 0, unchanged 1; routes inserted 0, updated 0, unchanged 1"))
    }

    @Test func aTrackCrossingLocalMidnightBelongsToBothDays() throws {
        let file = try write(
            "night.gpx",
            """
            <gpx version="1.1" creator="test">
              <trk><trkseg>
                <trkpt lat="37.5" lon="127"><time>2024-05-18T14:59:50Z</time></trkpt>
                <trkpt lat="37.5001" lon="127"><time>2024-05-18T14:59:59.5Z</time></trkpt>
                <trkpt lat="37.5002" lon="127"><time>2024-05-18T15:00:00Z</time></trkpt>
                <trkpt lat="37.5003" lon="127"><time>2024-05-19T00:00:10+09:00</time></trkpt>
              </trkseg></trk>
            </gpx>
            """)
        let result = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Asia/Seoul"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(file): days 2024-05-18, 2024-05-19\n"))
        #expect(try sqlite(db, "SELECT local_date FROM track_days ORDER BY 1") == "2024-05-18\n2024-05-19\n")
        #expect(
            try sqlite(db, "SELECT local_date FROM track_points ORDER BY seq")
                == "2024-05-18\n2024-05-18\n2024-05-19\n2024-05-19\n")
        // In UTC the whole track is on the 18th.
        let utc = directory.file("utc.sqlite").path
        try CLI.run(["--db", utc, "import", "gpx", file, "--tz", "+00:00"])
        #expect(try sqlite(utc, "SELECT local_date FROM track_days") == "2024-05-18\n")
    }

    @Test func untimedPointsAreUndatedUnlessADateIsGiven() throws {
        let file = try write(
            "untimed.gpx",
            """
            <gpx version="1.0"><trk><trkseg>
              <trkpt lat="37.5" lon="127"/><trkpt lat="37.6" lon="127"/>
            </trkseg></trk></gpx>
            """)
        let undated = try CLI.run(["--db", db, "import", "gpx", file])
        #expect(undated.status == 0)
        #expect(!undated.stdout.contains("days"))
        #expect(
            try sqlite(
                db,
                "SELECT count(*) FROM track_days; SELECT count(*) FROM track_points WHERE local_date IS NULL AND epoch IS NULL"
            ) == "0\n2\n")
        let dated = try CLI.run(["--db", db, "import", "gpx", file, "--date", "2024-05-18"])
        #expect(dated.stdout.contains("\(file): days 2024-05-18\n"))
        #expect(
            try sqlite(db, "SELECT local_date FROM track_days; SELECT DISTINCT local_date FROM track_points")
                == "2024-05-18\n2024-05-18\n")
        let bad = try CLI.run(["--db", db, "import", "gpx", file, "--date", "2024-02-30"])
        #expect(bad.status != 0)
        #expect(
            bad.stderr
                == "Error: The date “2024-02-30” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        )
    }

    @Test func zonesThatAreNeitherNamesNorOffsetsAreRefused() throws {
        let file = try write("walk.gpx", Self.walk)
        let result = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "Seoul"])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "Error: The time zone “Seoul” is invalid: it is no IANA zone name (such as Asia/Seoul or Europe/Berlin) "
                + "nor an offset such as +09:00.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aPointOutOfRangeIsSkippedWithItsLine() throws {
        let file = try write(
            "range.gpx",
            """
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="37.5" lon="127"><time>2024-05-18T01:00:00Z</time></trkpt>
            <trkpt lat="91" lon="127"><time>2024-05-18T01:00:10Z</time></trkpt>
            <trkpt lat="37.5001" lon="127"><time>2024-05-18T01:00:20Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let result = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "+09:00"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("points inserted 2, updated 0, unchanged 0, skipped 1;"))
        #expect(
            result.stderr
                == "\(file):3:1: The <trkpt> was skipped: The latitude 91 is outside -90…90 degrees.\n")
    }

    /// A position that is not a number costs its point, as one out of range does: counted in the
    /// summary's skipped, listed with its line, the rest imported.
    @Test func aPointThatIsNotANumberIsSkippedWithItsLine() throws {
        let file = try write(
            "text.gpx",
            """
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="37.5" lon="127"><time>2024-05-18T01:00:00Z</time></trkpt>
            <trkpt lat="37,5001" lon="127"><time>2024-05-18T01:00:10Z</time></trkpt>
            <trkpt lat="91" lon="127"><time>2024-05-18T01:00:15Z</time></trkpt>
            <trkpt lat="37.5001" lon=""><time>2024-05-18T01:00:20Z</time></trkpt>
            <trkpt lat="37.5002" lon="127"><time>2024-05-18T01:00:30Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let result = try CLI.run(["--db", db, "import", "gpx", file, "--tz", "+09:00", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""points":{"inserted":2,"updated":0,"unchanged":0}"#))
        #expect(
            result.stdout.contains(
                #""skipped_points":3,"skipped_rows":[{"line":3,"column":1,"reason":"The <trkpt> was skipped: The latitude “37,5001” is not a number."},"#
            ))
        #expect(
            result.stderr == """
                \(file):3:1: The <trkpt> was skipped: The latitude “37,5001” is not a number.
                \(file):4:1: The <trkpt> was skipped: The latitude 91 is outside -90…90 degrees.
                \(file):5:1: The <trkpt> was skipped: The longitude “” is not a number.

                """)
        #expect(try sqlite(db, "SELECT count(*) FROM track_points") == "2\n")
    }

    /// A file none of whose points can be used is refused whole at its first point, and leaves
    /// no database behind.
    @Test func aFileOfOnlyBadPointsIsRefused() throws {
        let file = try write(
            "bad.gpx",
            """
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="north" lon="127"/>
            <trkpt lat="95" lon="127"/>
            </trkseg></trk></gpx>
            """)
        let result = try CLI.run(["--db", db, "import", "gpx", file])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: \(file):2:1: Every point of the file was skipped (2), the first (a <trkpt>) because the "
                + "latitude “north” is not a number; nothing was imported.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func waypointEditsSurviveAReimport() throws {
        let file = try write("walk.gpx", Self.walk)
        try CLI.run(["--db", db, "import", "gpx", file])
        let edit = try CLI.run(["--db", db, "place", "edit", "1", "--name", "우리 동네 숲"])
        #expect(edit.status == 0)
        let again = try CLI.run(["--db", db, "import", "gpx", file])
        #expect(again.stdout.contains("waypoints inserted 0, updated 0, unchanged 2, kept edits 1\n"))
        #expect(try sqlite(db, "SELECT name FROM places WHERE id = 1") == "우리 동네 숲\n")
    }

    @Test func standardInputIsNamedAndIsTheSource() throws {
        let result = try CLI.run(["--db", db, "import", "gpx", "-", "--tz", "Z"], input: Self.walk)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<stdin>: tracks inserted 1,"))
        #expect(try sqlite(db, "SELECT DISTINCT source FROM tracks") == "<stdin>\n")
    }

    @Test func theSampleDayOfDataIsOneWalkWithItsNoise() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/diary/2024-05-18.gpx")
        let result = try CLI.run(["--db", db, "import", "gpx", data.path, "--tz", "Asia/Seoul", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""tracks":{"inserted":1,"updated":0,"unchanged":0}"#))
        #expect(result.stdout.contains(#""points":{"inserted":1030,"updated":0,"unchanged":0}"#))
        #expect(result.stdout.contains(#""noise":{"hdop":2,"speed_spike":1,"duplicate_time":1}"#))
        #expect(result.stdout.contains(#""days":["2024-05-18"]"#))
        #expect(try sqlite(db, "SELECT count(DISTINCT segment) FROM track_points") == "2\n")
    }
}

extension ImportGPXCommandTests {
    /// `import gpx` detects the stays of the days it changed: the sample day's four stops, each at
    /// the place of that name in `Data/diary/places.csv`; a re-import that changes nothing detects
    /// nothing again, so a name the user gave a stay stays as it is.
    @Test func theSampleDaysStopsBecomeVisitsAtTheirPlaces() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let gpx = root.appendingPathComponent("Data/diary/2024-05-18.gpx").path
        try CLI.run(["--db", db, "import", "places", root.appendingPathComponent("Data/diary/places.csv").path])
        let result = try CLI.run(["--db", db, "import", "gpx", gpx, "--tz", "Asia/Seoul"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("2024-05-18.gpx: stays found 4, new 4, kept 0, still removed 0\n"))
        #expect(
            try sqlite(
                db,
                """
                SELECT places.name FROM visits JOIN places ON places.id = visits.place_id
                WHERE visits.detected = 1 AND visits.local_date = '2024-05-18' ORDER BY visits.arrived_at
                """) == "교보문고 광화문점\n경복궁\n블루보틀 삼청\n광장시장\n")
        let first = try sqlite(db, "SELECT min(id) FROM visits WHERE detected = 1").trimmingCharacters(in: .newlines)
        #expect(try CLI.run(["--db", db, "visit", "edit", first, "--name", "아침 책방"]).status == 0)
        let again = try CLI.run(["--db", db, "import", "gpx", gpx, "--tz", "Asia/Seoul"])
        #expect(!again.stdout.contains("stays"))
        #expect(try sqlite(db, "SELECT name FROM visits WHERE id = \(first)") == "아침 책방\n")
    }
}
