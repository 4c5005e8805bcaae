import FootprintTestSupport
import Foundation
import Testing

/// A database for the diary commands' tests, with track points and stays written by SQL (per the
/// v9 schema) through the `sqlite3` shell — `import gpx` and stay detection are not needed.
struct DiaryDatabase {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
    }

    /// Runs `footprint --db DB arguments…`.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.run(["--db", db] + arguments, environment: environment)
    }

    /// Runs SQL with SpatiaLite loaded (the `tracks` table's geometry triggers call it).
    func sql(_ statements: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [db, ".load mod_spatialite", statements]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(message)")
    }

    /// The file's bytes, to show a read command left it as it was.
    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: db)) }

    /// The database's content as SQL text (`sqlite3 .dump`), to show a refused write changed
    /// nothing: opening the file for writing checkpoints its WAL, which moves bytes of the file
    /// without changing what it holds.
    func dump() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [db, ".dump"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// A copy of a fixture photo in the temporary directory.
    func photo(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "jpg", subdirectory: "Fixtures/photos"))
        let path = directory.file("\(name).jpg").path
        try Data(contentsOf: url).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// 2024-05-18T10:00:00+09:00 in UTC seconds.
    static let morning = 1_715_994_000

    /// Track 1 on 2024-05-18 (+09:00): segment 0 walks 37.5444,127.0374 → 37.5454,127.0374 →
    /// 37.5464,127.0384 from 10:00 to 10:02, climbing 10 → 30 m, with a speed spike at 10:00:30
    /// the noise filter set aside; segment 1 stands at 37.55,127.04 → 37.55,127.041 from 11:00 to
    /// 11:01, inside a detected stay at place 1 (서울숲).
    func storeWalk() throws {
        try run(["place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        let t = Self.morning
        try sql(
            """
            INSERT INTO tracks(id, source, source_id, kind) VALUES (1, 'walk.gpx', 'trk:0', 'track');
            INSERT INTO track_days(track_id, local_date) VALUES (1, '2024-05-18');
            INSERT INTO track_points(track_id, seq, segment, latitude, longitude, elevation, epoch, utc_offset,
                local_date, noise) VALUES
                (1, 0, 0, 37.5444, 127.0374, 10, \(t), 32400, '2024-05-18', 0),
                (1, 1, 0, 37.5544, 127.0274, 15, \(t + 30), 32400, '2024-05-18', 2),
                (1, 2, 0, 37.5454, 127.0374, 20, \(t + 60), 32400, '2024-05-18', 0),
                (1, 3, 0, 37.5464, 127.0384, 30, \(t + 120), 32400, '2024-05-18', 0),
                (1, 4, 1, 37.55, 127.04, 30, \(t + 3600), 32400, '2024-05-18', 0),
                (1, 5, 1, 37.55, 127.041, 30, \(t + 3660), 32400, '2024-05-18', 0);
            INSERT INTO visits(place_id, place_name, arrived_at, arrived_offset, left_at, left_offset, local_date,
                latitude, longitude, detected) VALUES
                (1, '서울숲', '2024-05-18T02:00:00.000Z', 32400, '2024-05-18T02:01:00.000Z', 32400, '2024-05-18',
                 37.55, 127.0405, 1);
            INSERT INTO visits(name, arrived_at, arrived_offset, left_at, left_offset, local_date, latitude,
                longitude, detected, removed) VALUES
                ('지운 곳', '2024-05-18T03:00:00.000Z', 32400, '2024-05-18T03:20:00.000Z', 32400, '2024-05-18',
                 37.56, 127.05, 1, 1);
            """)
    }
}
