import GRDB
import GRDBSQLite

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies a bound value before the call returns.
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A prepared statement driven through SQLite's C API, for the import's hot loop: binding
/// through GRDB's `StatementArguments` costs an array of `DatabaseValue` per row.
///
/// Lives within one `Database` access; finalized when released.
final class RawStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let path: String

    /// Prepares `sql` on `db`'s connection.
    init(_ db: Database, path: String, sql: String) throws {
        guard let connection = db.sqliteConnection else {
            throw FootprintStoreError.database(path: path, message: "the connection is closed")
        }
        var handle: OpaquePointer?
        let status = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard status == SQLITE_OK, let handle else {
            throw FootprintStoreError.sqlite(path: path, connection: connection)
        }
        self.handle = handle
        self.connection = connection
        self.path = path
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ index: Int32, _ text: String?) {
        guard var text else {
            sqlite3_bind_null(handle, index)
            return
        }
        text.withUTF8 { bytes in
            let pointer = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            _ = sqlite3_bind_text(
                handle, index, pointer.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
        }
    }

    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(handle, index, Int64(value)) }

    func bind(_ index: Int32, blob: UnsafeRawBufferPointer) {
        sqlite3_bind_blob(handle, index, blob.baseAddress, Int32(blob.count), transient)
    }

    /// Runs the statement one step: true when it produced a row.
    @discardableResult
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // The error before the reset, which would replace it with its own code.
            let error = FootprintStoreError.sqlite(path: path, connection: connection)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again (bindings are kept until rebound).
    func reset() { sqlite3_reset(handle) }

    /// Runs a statement that returns no rows and resets it.
    func run() throws {
        defer { sqlite3_reset(handle) }
        try step()
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The blob of `column`, valid until the next step or reset.
    func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let pointer = sqlite3_column_blob(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// Rows changed by the connection's last completed INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(connection)) }

    /// The rowid of the connection's last insertion.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(connection) }
}
