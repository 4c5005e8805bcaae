import GRDB
import GRDBSQLite

extension Database {
    /// Loads SpatiaLite (`mod_spatialite`, 5.0.1 on Debian 12) into this connection.
    ///
    /// Extension loading is enabled only around the call. Loading costs ~25 ms a process, so only
    /// connections that write pay it; read-only commands use plain SQL on the R*Tree instead.
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

    /// True when SpatiaLite's metadata tables exist, so `InitSpatialMetaData` must not run again
    /// (it would print a warning to stderr on its own).
    func hasSpatialMetadata() throws -> Bool {
        try tableExists("spatial_ref_sys") && tableExists("geometry_columns")
    }
}
