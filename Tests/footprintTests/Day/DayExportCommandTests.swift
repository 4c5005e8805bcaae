import FootprintTestSupport
import Foundation
import Testing

/// `footprint day export`, run as users run it: the built binary on a database whose track points
/// were written with plain SQL.
@Suite struct DayExportCommandTests {
    /// 2024-05-18T09:00:00+09:00.
    static let morning = 1_715_990_400.0

    /// A database with a 60-point walk north from 37.5,127 in two GPX segments (a gap after point
    /// 44), a 100 m privacy zone around 37.503,127, a visit in the zone and one outside, a day log.
    static func diary(_ directory: TemporaryDirectory) throws -> String {
        let db = directory.file("diary.sqlite").path
        try CLI.run(["--db", db, "init"])
        var sql = TrackPointSQL()
        sql.addTrack(
            id: 1,
            points: (0..<60).map { index in
                TrackPointSQL.Point(
                    latitude: 37.5 + Double(index) * 0.0001, longitude: 127, epoch: morning + Double(index) * 10,
                    segment: index < 45 ? 0 : 1, elevation: 31.5)
            })
        try sql.run(on: db)
        try CLI.run(["--db", db, "place", "add", "--name", "집", "--at", "37.503,127"])
        try CLI.run(["--db", db, "place", "add", "--name", "카페", "--at", "37.5065,127"])
        try CLI.run([
            "--db", db, "visit", "add", "1", "--arrived", "2024-05-18T08:00+09:00", "--left", "2024-05-18T09:00+09:00",
        ])
        try CLI.run([
            "--db", db, "visit", "add", "2", "--arrived", "2024-05-18T09:20+09:00", "--left", "2024-05-18T09:50+09:00",
        ])
        let zone = try CLI.run([
            "--db", db, "privacy", "add", "--name", "home", "--at", "37.503,127", "--radius", "100",
        ])
        #expect(zone.status == 0)
        return db
    }

    @Test func geoJSONIsValidDeterministicAndMasked() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // Three parts: the walk before the zone, after it until the segment break, after the break.
        #expect(
            result.stdout.hasPrefix(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"route-2024-05-18","geometry":{"type":"MultiLineString","coordinates":[[[127,37.5],"#
            ))
        #expect(result.stdout.contains(#""kind":"route","date":"2024-05-18","source":"track"}"#))
        #expect(!result.stdout.contains("집"))
        #expect(!result.stdout.contains(",37.503]"))
        #expect(
            result.stdout.contains(
                #""title":"카페","marker-size":"medium","marker-symbol":"marker","kind":"visit","name":"카페","place_id":2,"arrival":"2024-05-18T09:20:00+09:00","departure":"2024-05-18T09:50:00+09:00","duration":1800}"#
            ))
        #expect(
            result.stdout.hasSuffix(
                #""day":{"date":"2024-05-18","score":null,"weather":null,"sleep_minutes":null,"mood":null,"note":null,"entries":[]}}"#
                    + "\n"))

        let file = directory.file("day.geojson").path
        #expect(
            try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == result.stdout)
        let validation = try CLI.run(["geo", "validate", file])
        #expect(validation.status == 0)
        #expect(validation.stderr == "")
        // Read-only: the file is byte for byte what it was, and no temporary file is left.
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
        let again = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson"])
        #expect(again.stdout == result.stdout)
    }

    @Test func noPrivacyShowsEverythingForOneCommand() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let open = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "polyline", "--no-privacy"])
        #expect(open.status == 0)
        #expect(open.stdout.split(separator: "\n").count == 2)  // the two GPX segments only
        #expect(
            try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson", "--no-privacy"]).stdout
                .contains("집"))
        let masked = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "polyline"])
        #expect(masked.stdout.split(separator: "\n").count == 3)
    }

    @Test func polylinePrecisionSixDecodesBackOutsideTheZone() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let result = try CLI.run([
            "--db", db, "day", "export", "2024-05-18", "--format", "polyline", "--precision", "6",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let decoded = try CLI.run(["geo", "polyline", "decode", "--precision", "6"], input: String(line))
            #expect(decoded.status == 0)
            #expect(!decoded.stdout.contains("37.503"))
        }
    }

    @Test func ogrinfoReadsOurGPX() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let file = directory.file("day.gpx").path
        let result = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "gpx", "-o", file])
        #expect(result.status == 0)
        let gpx = try String(contentsOfFile: file, encoding: .utf8)
        #expect(gpx.contains(#"<wpt lat="37.5065" lon="127"><time>2024-05-18T00:20:00Z</time><name>카페</name>"#))
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 3)
        #expect(gpx.contains(#"<trkpt lat="37.5" lon="127"><ele>31.5</ele><time>2024-05-18T00:00:00Z</time></trkpt>"#))

        let ogrinfo = Process()
        ogrinfo.executableURL = URL(fileURLWithPath: "/usr/bin/ogrinfo")
        ogrinfo.arguments = ["-ro", "-al", "-so", file]
        let output = Pipe()
        ogrinfo.standardOutput = output
        ogrinfo.standardError = output
        try ogrinfo.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ogrinfo.waitUntilExit()
        #expect(ogrinfo.terminationStatus == 0)
        #expect(!text.contains("ERROR"))
        let counts = Self.featureCounts(text)
        #expect(counts["waypoints"] == 1)
        #expect(counts["tracks"] == 1)
        #expect(counts["routes"] == 0)
        let kept = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "polyline"]).stdout
        let keptPoints = try kept.split(separator: "\n").map { line in
            try CLI.run(["geo", "polyline", "decode"], input: String(line)).stdout.components(separatedBy: "],[").count
        }.reduce(0, +)
        #expect(counts["track_points"] == keptPoints)
    }

    /// `Layer name: X` … `Feature Count: N` pairs of `ogrinfo -so`.
    static func featureCounts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var layer: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst("Layer name: ".count)) }
            if line.hasPrefix("Feature Count: "), let layer {
                counts[layer] = Int(line.dropFirst("Feature Count: ".count))
            }
        }
        return counts
    }

    @Test func aRangeExportsEveryDay() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        var sql = TrackPointSQL()
        sql.addTrack(
            id: 2,
            points: (0..<3).map {
                TrackPointSQL.Point(
                    latitude: 37.6, longitude: 127.1 + Double($0) * 0.001, epoch: Self.morning + 86400 + Double($0))
            })
        try sql.run(on: db)
        let result = try CLI.run([
            "--db", db, "day", "export", "2024-05-18", "--until", "2024-05-19", "--format", "gpx",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<name>Footprint 2024-05-18 to 2024-05-19</name>"))
        #expect(result.stdout.contains("<name>2024-05-19</name>"))
        let geojson = try CLI.run([
            "--db", db, "day", "export", "2024-05-18", "--until", "2024-05-19", "--format", "geojson",
        ])
        #expect(geojson.stdout.contains(#""id":"route-2024-05-19""#))
        #expect(geojson.stdout.contains(#","days":[{"date":"2024-05-18","#))
    }

    /// `-o` naming the diary itself (by its path, another spelling or a symbolic link) is refused
    /// before anything is written: renaming the export over it would destroy the diary.
    @Test func theDatabaseIsNeverTheOutput() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let link = directory.file("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: db)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for target in [db, directory.file("./diary.sqlite").path, link] {
            let result = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson", "-o", target])
            #expect(result.status == 1, "\(target)")
            #expect(
                result.stderr
                    == "Error: \(target): This is the database being read; write the export to another file.\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy { !$0.hasSuffix(".tmp") }
        )
    }

    @Test func anEmptyDayIsAnEmptyCollectionWithANotice() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let result = try CLI.run(["--db", db, "day", "export", "2024-05-20", "--format", "geojson"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"type":"FeatureCollection","features":[],"day":{"date":"2024-05-20","#))
        #expect(result.stderr == "Nothing is stored for 2024-05-20; the export is empty.\n")
    }

    @Test(arguments: [
        (
            ["2024-02-30", "--format", "geojson"],
            "Error: The date “2024-02-30” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        ),
        (
            ["2024-05-18", "--until", "2024-5-20", "--format", "gpx"],
            "Error: The until date “2024-5-20” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        ),
        (
            ["2024-05-18", "--until", "2024-05-01", "--format", "gpx"],
            "Error: The until date 2024-05-01 is invalid: it is before the first date 2024-05-18.\n"
        ),
        (
            ["2024-05-18", "--format", "polyline", "--precision", "11"],
            "Error: The precision 11 is invalid: use 0 to 10 decimals for polyline.\n"
        ),
        (
            ["2024-05-18", "--format", "geojson", "--simplify", "-1"],
            "Error: The simplify tolerance -1 is invalid: give a finite number of metres, 0 or more.\n"
        ),
    ])
    func badArgumentsAreOneSentence(_ arguments: [String], _ message: String) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.diary(directory)
        let result = try CLI.run(["--db", db, "day", "export"] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }
}
