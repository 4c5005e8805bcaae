import Foundation

/// Track points written into a Footprint database with plain SQL through the `sqlite3` shell
/// (SpatiaLite loaded, for the geometry triggers of `tracks`), per the `v9-days-and-routes`
/// schema: for tests of what reads tracks, independent of the GPX import.
public struct TrackPointSQL {
    /// One point to insert.
    public struct Point: Sendable {
        public var latitude: Double
        public var longitude: Double
        /// UTC seconds since 1970.
        public var epoch: Double
        public var segment: Int
        /// 0 kept; 1–3 set aside by the noise filter.
        public var noise: Int
        public var elevation: Double?

        public init(
            latitude: Double, longitude: Double, epoch: Double, segment: Int = 0, noise: Int = 0,
            elevation: Double? = nil
        ) {
            self.latitude = latitude
            self.longitude = longitude
            self.epoch = epoch
            self.segment = segment
            self.noise = noise
            self.elevation = elevation
        }
    }

    /// The SQL statements gathered so far.
    public private(set) var statements: [String] = []

    public init() {}

    /// Adds a track with its points; each point's local date is its epoch shifted by
    /// `utcOffset` seconds, and `track_days` gets every date the kept or dropped points touch.
    public mutating func addTrack(id: Int64, name: String = "track", utcOffset: Int = 32400, points: [Point]) {
        statements.append(
            "INSERT INTO tracks(id, name, source, source_id, kind) VALUES (\(id), '\(name)', 'test.gpx', 'trk:\(id)', 'track');"
        )
        var dates: [String] = []
        for (seq, point) in points.enumerated() {
            let date = Self.localDate(epoch: point.epoch, utcOffset: utcOffset)
            if !dates.contains(date) { dates.append(date) }
            let elevation = point.elevation.map { "\($0)" } ?? "NULL"
            statements.append(
                """
                INSERT INTO track_points(track_id, seq, latitude, longitude, elevation, segment, epoch, utc_offset, \
                local_date, noise) VALUES (\(id), \(seq), \(point.latitude), \(point.longitude), \(elevation), \
                \(point.segment), \(point.epoch), \(utcOffset), '\(date)', \(point.noise));
                """)
        }
        for date in dates {
            statements.append("INSERT INTO track_days(track_id, local_date) VALUES (\(id), '\(date)');")
        }
    }

    /// Adds any statement (a visit's detected centre, a removed flag …).
    public mutating func add(_ statement: String) { statements.append(statement) }

    /// Runs the statements in one transaction on the database at `path`.
    public func run(on path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let script = ".bail on\n.load mod_spatialite\nBEGIN;\n" + statements.joined(separator: "\n") + "\nCOMMIT;\n"
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SQLShellError(message: String(decoding: message, as: UTF8.self))
        }
    }

    /// `YYYY-MM-DD` of the instant at the offset.
    public static func localDate(epoch: Double, utcOffset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: (epoch + Double(utcOffset)).rounded(.down)))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// What the `sqlite3` shell said when it failed.
    public struct SQLShellError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "sqlite3 failed: \(message)" }
    }
}
