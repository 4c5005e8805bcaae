import Foundation
import FootprintStore

extension Footprint {
    /// The database path: `--db`, else `$FOOTPRINT_DB`, else `./footprint.sqlite`.
    var databasePath: String {
        if let db { return db }
        if let environment = ProcessInfo.processInfo.environment["FOOTPRINT_DB"], !environment.isEmpty {
            return environment
        }
        return "footprint.sqlite"
    }

    /// Opens the database for a command: `.readOnly` for commands that only read.
    func openStore(_ mode: FootprintStore.Mode) throws -> FootprintStore {
        try FootprintStore.open(at: databasePath, mode: mode)
    }
}
