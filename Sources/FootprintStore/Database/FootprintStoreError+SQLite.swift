import GRDB
import GRDBSQLite

extension FootprintStoreError {
    /// The store's error for an SQLite failure on the file at `path`, told by its primary result
    /// code, so that a full disk or a failed write reads as what it is rather than as SQLite's
    /// "disk I/O error".
    ///
    /// - `SQLITE_FULL`: ``diskFull(path:)``.
    /// - `SQLITE_IOERR` (any extended code; a file size limit, `RLIMIT_FSIZE`, gives `EFBIG` and
    ///   `SQLITE_IOERR_WRITE`): ``writeFailed(path:message:)``.
    /// - `SQLITE_READONLY`: ``notWritable(path:reason:)``.
    /// - anything else: ``database(path:message:)``.
    static func sqlite(path: String, code: Int32, message: String?) -> FootprintStoreError {
        let message = message ?? "SQLite result code \(code)"
        switch code & 0xFF {
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_IOERR: return .writeFailed(path: path, message: message)
        case SQLITE_READONLY: return .notWritable(path: path, reason: "SQLite refused to write it (\(message))")
        default: return .database(path: path, message: message)
        }
    }

    /// The store's error for a GRDB `DatabaseError` on the file at `path` (see
    /// ``sqlite(path:code:message:)``).
    static func sqlite(path: String, _ error: DatabaseError) -> FootprintStoreError {
        sqlite(path: path, code: error.extendedResultCode.rawValue, message: error.message)
    }

    /// The store's error for the last failure of `connection`, for code that drives SQLite's C
    /// API directly.
    static func sqlite(path: String, connection: OpaquePointer) -> FootprintStoreError {
        sqlite(
            path: path, code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection))
        )
    }
}
