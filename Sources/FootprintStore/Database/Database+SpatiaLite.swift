import GRDB
import GRDBSQLite

extension Database {
    /// Loads SpatiaLite (`mod_spatialite`, 5.0.1 on Debian 12) into this connection.
    ///
    /// Extension loading is enabled only around the call. Loading costs ~25 ms a process, so only
    /// connections that write pay it; read-only commands use plain SQL on the R*Tree instead.
    ///
    /// SpatiaLite's initialisation calls `sqlite3_busy_timeout(db, 5000)`, which replaces the
    /// connection's busy handler: call ``waitForLocksEveryMillisecond()`` after it.
    func loadSpatiaLite() throws {
        guard let connection = sqliteConnection else { return }
        sqlite3_enable_load_extension(connection, 1)
        defer { sqlite3_enable_load_extension(connection, 0) }
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_load_extension(connection, "mod_spatialite", nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw FootprintStoreError.spatiaLiteUnavailable(text)
        }
    }

    /// Makes this connection wait for another process's lock with the store's busy handler
    /// (``FootprintStore/waitForLock``: a retry every millisecond) instead of the one it has.
    ///
    /// Needed after ``loadSpatiaLite()``: SpatiaLite installs SQLite's own 5 s busy timeout, whose
    /// retries come 1, 2, 5 … then 100 ms apart. Such a waiter rarely wakes within the few
    /// milliseconds an importer leaves the write lock free between batches, and gave up after
    /// 5 s with "database is locked": the `place add` failures during an import (issue #17).
    func waitForLocksEveryMillisecond() {
        guard let connection = sqliteConnection else { return }
        sqlite3_busy_handler(connection, { _, tries in FootprintStore.waitForLock(Int(tries)) ? 1 : 0 }, nil)
    }

    /// True when SpatiaLite's metadata tables exist, so `InitSpatialMetaData` must not run again
    /// (it would print a warning to stderr on its own).
    func hasSpatialMetadata() throws -> Bool {
        try tableExists("spatial_ref_sys") && tableExists("geometry_columns")
    }
}
