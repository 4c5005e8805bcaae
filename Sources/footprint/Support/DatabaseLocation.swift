import ArgumentParser
import FootprintStore
import Foundation

extension Footprint {
    /// The database path: `--db`, else `$FOOTPRINT_DB`, else `./footprint.sqlite`.
    var databasePath: String {
        if let db { return db }
        if let environment = ProcessInfo.processInfo.environment["FOOTPRINT_DB"], !environment.isEmpty {
            return environment
        }
        return "footprint.sqlite"
    }

    /// Refuses `--db ""` before any subcommand runs (ArgumentParser validates every command of the
    /// invocation, the root included): an empty path would reach SQLite, which opens a private
    /// temporary database for it, so every write would vanish. A usage error, exit 64, one
    /// sentence, without the usage text a `ValidationError` would add.
    func validate() throws {
        if let db, db.isEmpty {
            Output.error("Error: The --db path is empty; give the database file, such as --db footprint.sqlite.")
            throw ExitCode(64)
        }
    }

    /// Opens the database for a command: `.readOnly` for commands that only read.
    func openStore(_ mode: FootprintStore.Mode) throws -> FootprintStore {
        try FootprintStore.open(at: databasePath, mode: mode)
    }
}
