import FootprintTestSupport
import Foundation
import Testing

/// Every file of gpxpy 1.6.2's `test_files/` imports, with the tracks, routes, points and
/// waypoints gpxpy reads in it (BOM, GPX 1.0, route only, empty segment, extensions, times that
/// do not advance …).
@Suite struct ImportGPXCorpusTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Nine of the files live with the GPX reader's tests, the rest here.
    static let readerFixtures = tests.appendingPathComponent("FootprintGeoTests/Fixtures/gpx")
    static let fixtures = tests.appendingPathComponent("footprintTests/Fixtures/gpxpy")

    /// (file, tracks, routes, points, waypoints) as gpxpy 1.6.2 counts them (`len(gpx.tracks)`,
    /// `len(gpx.routes)`, every segment's and route's points, `len(gpx.waypoints)`).
    static let corpus: [(String, Int, Int, Int, Int)] = [
        ("Mojstrovka.gpx", 1, 0, 184, 0),
        ("around-visnjan-with-car.gpx", 1, 0, 104, 0),
        ("cerknicko-jezero-no-creator.gpx", 8, 0, 296, 7),
        ("cerknicko-jezero-with-elevations-zero.gpx", 8, 0, 296, 7),
        ("cerknicko-jezero-without-elevations.gpx", 8, 0, 296, 7),
        ("cerknicko-jezero.gpx", 8, 0, 296, 7),
        ("cerknicko-without-times.gpx", 8, 0, 296, 7),
        ("custom_schema_locations.gpx", 0, 0, 0, 0),
        ("default_schema_locations.gpx", 0, 0, 0, 0),
        ("first_and_last_elevation.gpx", 1, 0, 10, 0),
        ("gpx-with-node-with-comments.gpx", 1, 0, 1, 0),
        ("gpx1.0_with_all_fields.gpx", 2, 2, 6, 2),
        ("gpx1.1_with_all_fields.gpx", 2, 2, 6, 2),
        ("gpx1.1_with_extensions.gpx", 0, 0, 0, 1),
        ("gpx1.1_with_extensions_without_namespaces.gpx", 0, 0, 0, 1),
        ("gpx_with_garmin_extension.gpx", 0, 0, 0, 1),
        ("korita-zbevnica.gpx", 4, 0, 871, 2),
        ("route.gpx", 0, 1, 55, 0),
        ("track-with-empty-segment.gpx", 1, 0, 9, 0),
        ("track-with-extremes.gpx", 1, 0, 25, 0),
        ("track-with-less-sec-time.gpx", 1, 0, 2, 0),
        ("track-with-small-floats.gpx", 1, 0, 3, 0),
        ("track_with_dilution_errors.gpx", 1, 1, 2, 1),
        ("track_with_speed.gpx", 1, 0, 3, 0),
        ("unicode.gpx", 0, 0, 0, 6),
        ("unicode2.gpx", 1, 0, 0, 0),
        ("unicode_with_bom.gpx", 0, 0, 0, 1),
        ("unicode_with_bom_noencoding.gpx", 0, 0, 0, 1),
        ("validation_gpx10.gpx", 2, 2, 6, 2),
        ("validation_gpx11.gpx", 2, 2, 6, 2),
    ]

    static func url(_ file: String) -> URL {
        let here = fixtures.appendingPathComponent(file)
        return FileManager.default.fileExists(atPath: here.path) ? here : readerFixtures.appendingPathComponent(file)
    }

    @Test func theCorpusIsComplete() throws {
        let here = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter {
            $0.hasSuffix(".gpx")
        }
        let there = try FileManager.default.contentsOfDirectory(atPath: Self.readerFixtures.path)
            .filter { $0.hasSuffix(".gpx") }
        #expect(Set(here + there) == Set(Self.corpus.map(\.0)))
    }

    @Test(arguments: corpus)
    func importsAsGpxpyReadsIt(file: String, tracks: Int, routes: Int, points: Int, waypoints: Int) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        let result = try CLI.run(["--db", db, "import", "gpx", Self.url(file).path, "--tz", "UTC", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        func inserted(_ key: String) -> Int? { (summary[key] as? [String: Any])?["inserted"] as? Int }
        #expect(inserted("tracks") == tracks)
        #expect(inserted("routes") == routes)
        #expect(inserted("points") == points)
        #expect(inserted("waypoints") == waypoints)
        #expect(summary["skipped_points"] as? Int == 0)
        #expect(
            try sqlite(db, "SELECT count(*) FROM tracks; SELECT count(*) FROM track_points")
                == "\(tracks + routes)\n\(points)\n")
        let again = try CLI.run(["--db", db, "import", "gpx", Self.url(file).path, "--tz", "UTC", "--json"])
        #expect(again.stdout.hasSuffix(#""changed":false,"visits":[]}"# + "\n"))
    }

    @Test func mojstrovkaIsKeptWholeWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        let path = Self.url("Mojstrovka.gpx").path
        let result = try CLI.run(["--db", db, "import", "gpx", path, "--tz", "UTC"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "\(path):10: The times of the track do not advance (184 points within 1 s): it was kept whole, "
                + "without the noise filter's time rules.\n")
        #expect(
            result.stdout.contains(
                "points inserted 184, updated 0, unchanged 0, skipped 0; noise: hdop 0, speed spikes 0, duplicate times 0\n"
            ))
        #expect(try sqlite(db, "SELECT count(*) FROM track_points WHERE noise = 0") == "184\n")
    }

    @Test func theEmptySegmentStaysASegment() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "import", "gpx", Self.url("track-with-empty-segment.gpx").path, "--tz", "UTC"])
        // Two segments, the second empty (<trkseg></trkseg>): all 9 points are in the first.
        #expect(try sqlite(db, "SELECT segment, count(*) FROM track_points GROUP BY segment") == "0|9\n")
    }
}
