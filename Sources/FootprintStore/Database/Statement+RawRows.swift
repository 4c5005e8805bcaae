import GRDB
import GRDBSQLite

extension Statement {
    /// Steps the statement through SQLite's C API, for the loops that read a large result's
    /// columns with `sqlite3_column_*` (GRDB's row decoding costs more than their own work at a
    /// million rows): true for a row, false at the end. A failure is
    /// ``FootprintStoreError/database(path:message:)`` with SQLite's message, for the store at
    /// `path`.
    @inline(__always)
    func stepRow(path: String) throws -> Bool {
        let status = sqlite3_step(sqliteStatement)
        if status == SQLITE_ROW { return true }
        if status == SQLITE_DONE { return false }
        throw FootprintStoreError.database(
            path: path, message: String(cString: sqlite3_errmsg(sqlite3_db_handle(sqliteStatement))))
    }
}
