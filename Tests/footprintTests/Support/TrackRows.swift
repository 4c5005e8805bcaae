import FootprintTestSupport
import Foundation

/// Stores test track points in a database file with the `sqlite3` shell and SpatiaLite (the
/// `tracks` table's geometry triggers need it), until `import gpx` writes real ones.
enum TrackRows {
    static func insert(into db: String, sql: String) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [db, ".load mod_spatialite", "BEGIN;" + sql + "COMMIT;"]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = Pipe()
        try shell.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        guard shell.terminationStatus == 0 else { throw TrackRowsError(message: message) }
    }
}

struct TrackRowsError: Error, CustomStringConvertible {
    var message: String
    var description: String { "sqlite3 failed: \(message)" }
}
