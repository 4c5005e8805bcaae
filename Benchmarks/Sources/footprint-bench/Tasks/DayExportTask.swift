import FootprintGeo
import Foundation
import GRDB

/// `day_export_geojson`: a new `footprint day export DATE --format geojson -o FILE` process on a
/// day of 100,000 track points (the first points of the peers' track, 0.4 s apart, all on one
/// local day at +09:00) with one 200 m privacy zone around the middle of the route, timed from
/// spawn to exit, as users run it: start-up, read-only open, reading the points, masking,
/// encoding, writing the file. Runs only when `FOOTPRINT_CLI` names the built executable.
///
/// Correctness fields: `bytes` of the document, `route_parts` and `points_out` of its route, and
/// a check that no output position lies in the zone (the task fails otherwise).
struct DayExportTask: BenchmarkTask {
    let name = "day_export_geojson"
    let pointCount = 100_000
    let zoneRadiusMeters = DayExportTask.zoneRadius

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        let track = Array(try dataset.track.get().prefix(pointCount))
        guard track.count == pointCount else { throw BenchmarkError("the track has fewer than \(pointCount) points") }
        let database = BenchmarkDatabase.scratchFile("day.sqlite")
        let output = BenchmarkDatabase.scratchFile("day.geojson")
        BenchmarkDatabase.remove(database)
        defer {
            BenchmarkDatabase.remove(database)
            try? FileManager.default.removeItem(atPath: output)
        }
        let center = track[pointCount / 2]
        try Self.prepare(database, executable: executable, track: track, center: center)

        let arguments = ["--db", database, "day", "export", "2024-05-01", "--format", "geojson", "-o", output]
        guard try ColdCLITask.run(executable, arguments) == 0 else {  // warm-up: the file in the page cache
            throw BenchmarkError("\(executable) day export failed")
        }
        let (times, statuses) = try timeRuns(runs.count(n: pointCount)) { try ColdCLITask.run(executable, arguments) }
        guard statuses == 0 else { throw BenchmarkError("\(executable) day export failed") }

        guard let bytes = FileManager.default.contents(atPath: output),
            case .featureCollection(let collection) = try GeoJSONDecoder().decode([UInt8](bytes)),
            let route = collection.features.first?.geometry
        else { throw BenchmarkError("the day export is not a FeatureCollection with a route") }
        let zone = try PrivacyZone(center: center, radiusMeters: zoneRadiusMeters)
        let positions = route.allCoordinates
        guard !positions.contains(where: zone.contains) else {
            throw BenchmarkError("a route position lies in the zone")
        }
        let parts: Int
        if case .multiLineString(let lines) = route { parts = lines.lines.count } else { parts = 1 }
        return BenchmarkRecord(
            task: name, n: pointCount, timesMs: times,
            extra: [
                ("bytes", .integer(Int64(bytes.count))), ("route_parts", .integer(Int64(parts))),
                ("points_out", .integer(Int64(positions.count))),
            ])
    }

    /// The zone's radius around the middle of the route.
    static let zoneRadius = 200.0
    /// 2024-05-01T00:00:00Z, 09:00 at +09:00: 100,000 points 0.4 s apart end at 20:06 local.
    static let epoch = 1_714_521_600.0

    /// A new database with the day's track (points 0.4 s apart), its `track_days` row and the zone.
    static func prepare(_ database: String, executable: String, track: [Coordinate], center: Coordinate) throws {
        guard try ColdCLITask.run(executable, ["--db", database, "init"]) == 0 else {
            throw BenchmarkError("\(executable) init failed")
        }
        try addDay(database, track: track, secondsApart: 0.4)
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO privacy_zones(name, latitude, longitude, radius_m) VALUES ('home', ?, ?, ?)",
                arguments: [center.latitude, center.longitude, zoneRadius])
        }
        try queue.close()
    }

    /// The track as day 2024-05-01 (+09:00) from ``epoch`` on, `secondsApart`: its `tracks` row
    /// through the sqlite3 shell (SpatiaLite's geometry triggers on that table need
    /// mod_spatialite loaded), its points and `track_days` row with GRDB.
    static func addDay(_ database: String, track: [Coordinate], secondsApart: Double) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [
            database, ".load mod_spatialite",
            """
            INSERT INTO tracks(id, name, source, source_id, kind, local_date) \
            VALUES (1, 'peer track', 'track.csv', 'trk:0', 'track', '2024-05-01'); \
            INSERT INTO track_days(track_id, local_date) VALUES (1, '2024-05-01');
            """,
        ]
        try shell.run()
        shell.waitUntilExit()
        guard shell.terminationStatus == 0 else { throw BenchmarkError("sqlite3 could not add the track") }
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO track_points(track_id, seq, latitude, longitude, segment, epoch, utc_offset, local_date, noise)
                    VALUES (1, ?, ?, ?, 0, ?, 32400, '2024-05-01', 0)
                    """)
            for (seq, coordinate) in track.enumerated() {
                try insert.execute(arguments: [
                    seq, coordinate.latitude, coordinate.longitude, epoch + Double(seq) * secondsApart,
                ])
            }
        }
        try queue.close()
    }
}
