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
    /// temporary database for it, so every write would vanish. A usage error: `Footprint.main`
    /// prints it as one sentence and exits 64.
    func validate() throws {
        if let db, db.isEmpty {
            throw ValidationError("The --db path is empty; give the database file, such as --db footprint.sqlite.")
        }
    }

    /// Opens the database for a command: `.readOnly` for commands that only read, without a
    /// memory map (a process that runs one query pays more for mapping the file than it saves).
    func openStore(_ mode: FootprintStore.Mode) throws -> FootprintStore {
        try FootprintStore.open(at: databasePath, mode: mode, memoryMapped: false)
    }
}
