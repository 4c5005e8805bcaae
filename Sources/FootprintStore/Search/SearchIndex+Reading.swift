import Foundation
import GRDB
import GRDBSQLite

extension SearchIndex {
    /// The rowids an FTS5 table matches for `expression`, ascending. Stepped through the C API:
    /// a two-syllable word can match thousands of places, and GRDB's per-row decoding would
    /// cost more than the look-up.
    static func rowIDs(_ db: Database, table: String, expression: SearchExpression, limit: Int? = nil) throws
        -> [Int64]
    {
        let statement = try db.cachedStatement(
            sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ?" + (limit.map { " LIMIT \($0)" } ?? ""))
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        sqlite3_reset(handle)
        _ = expression.text.withCString { sqlite3_bind_text(handle, 1, $0, -1, transient) }
        var ids: [Int64] = []
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_ROW {
                ids.append(sqlite3_column_int64(handle, 0))
            } else if status == SQLITE_DONE {
                return ids
            } else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
            }
        }
    }

    /// The places holding `expression` in a field other than the name, ascending: the union of
    /// `search_short_fields` (category, tags) and `search_text` (address, road address, note).
    static func otherFieldIDs(_ db: Database, expression: SearchExpression) throws -> [Int64] {
        mergedIDs(
            try rowIDs(db, table: "search_short_fields", expression: expression),
            try rowIDs(db, table: "search_text", expression: expression))
    }

    /// The union of two ascending lists of ids, ascending, each id once.
    static func mergedIDs(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var merged: [Int64] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] < b[j] {
                merged.append(a[i])
                i += 1
            } else if b[j] < a[i] {
                merged.append(b[j])
                j += 1
            } else {
                merged.append(a[i])
                i += 1
                j += 1
            }
        }
        merged += a[i...]
        merged += b[j...]
        return merged
    }

    /// Which `places` columns ``forEachRow(_:ids:columns:condition:_:)`` reads.
    enum RowColumns {
        /// `id`, `name`, `likes`, `latitude`, `longitude`: what judging and ranking a name match
        /// needs. SQLite copies every text column it returns, so leaving the other five out saves
        /// ~12% of a search that reads thousands of candidates.
        case ranking
        /// Those and the other searched fields: `category`, `tags`, `address`, `road_address`,
        /// `note`.
        case all
    }

    /// Calls `body` with the columns of each place with one of these ids that passes `condition`
    /// (an SQL condition on `places` aliased `p`), in no particular order. The view is valid only
    /// during the call: nothing is copied out of SQLite unless `body` asks.
    ///
    /// With `otherNames`, the ids are rowids of ``OtherNames``' table and the row's name is that
    /// other name of its place (see ``OtherNames/rows``).
    static func forEachRow(
        _ db: Database, ids: some Collection<Int64>, columns: RowColumns = .all, condition: SQL?,
        otherNames: Bool = false, _ body: (SearchRowView) throws -> Void
    ) throws {
        guard !ids.isEmpty else { return }
        let others = columns == .all ? ", p.category, p.tags, p.address, p.road_address, p.note" : ""
        var sql: SQL =
            otherNames
            ? OtherNames.rows
            : """
            SELECT p.id, p.name, p.likes, p.latitude, p.longitude\(sql: others)
            FROM json_each(?) j JOIN places p ON p.id = j.value
            """
        // Other names' rows already have a WHERE clause.
        if let condition { sql = sql + (otherNames ? " AND " : " WHERE ") + condition }
        let (text, arguments) = try sql.build(db)
        let statement = try db.cachedStatement(sql: text)
        var idList = "["
        idList.reserveCapacity(ids.count * 8 + 2)
        for (index, id) in ids.enumerated() {
            if index > 0 { idList.append(",") }
            idList.append(String(id))
        }
        idList.append("]")
        try statement.setArguments(StatementArguments([idList]) + arguments)
        try forEachStep(statement, db) { try body(SearchRowView(handle: $0, hasOtherFields: columns == .all)) }
    }

    /// Calls `body` with ``RowColumns/ranking``'s columns of each place `search_names` matches for
    /// `expression` that passes `condition` (on `places` aliased `p`): the look-up and the rows in
    /// one statement, FTS5 driving and each place read by its id. In no particular order.
    /// With `limit`, the first that many only.
    static func forEachNameMatch(
        _ db: Database, expression: SearchExpression, condition: SQL?, limit: Int? = nil,
        _ body: (SearchRowView) throws -> Void
    ) throws {
        var sql: SQL = """
            SELECT p.id, p.name, p.likes, p.latitude, p.longitude
            FROM search_names s JOIN places p ON p.id = s.rowid
            WHERE search_names MATCH \(expression.text)
            """
        if let condition { sql = sql + " AND " + condition }
        if let limit { sql = sql + " LIMIT \(limit)" }
        let (text, arguments) = try sql.build(db)
        let statement = try db.cachedStatement(sql: text)
        try statement.setArguments(arguments)
        try forEachStep(statement, db) { try body(SearchRowView(handle: $0, hasOtherFields: false)) }
    }

    /// Steps `statement` through the C API, calling `body` with its handle at each row, and
    /// leaves it reset with no bindings for its next use from the cache.
    private static func forEachStep(
        _ statement: Statement, _ db: Database, _ body: (OpaquePointer) throws -> Void
    ) throws {
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
            }
            try body(handle)
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: the text is copied at bind time.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// The current row of ``SearchIndex/forEachRow(_:ids:columns:condition:_:)``: `places` columns
/// `id`, `name`, `likes`, `latitude`, `longitude`, then, when ``hasOtherFields``, `category`,
/// `tags`, `address`, `road_address`, `note`.
struct SearchRowView {
    let handle: OpaquePointer
    /// Whether the row carries the fields other than the name (``SearchIndex/RowColumns/all``).
    let hasOtherFields: Bool

    var id: Int64 { sqlite3_column_int64(handle, 0) }
    var likes: Int { Int(sqlite3_column_int64(handle, 2)) }
    var latitude: Double { sqlite3_column_type(handle, 3) == SQLITE_NULL ? .nan : sqlite3_column_double(handle, 3) }
    var longitude: Double { sqlite3_column_type(handle, 4) == SQLITE_NULL ? .nan : sqlite3_column_double(handle, 4) }

    /// The name's UTF-8 bytes, valid until the next step.
    var nameBytes: UnsafeBufferPointer<UInt8> { bytes(1) }
    var name: String { text(1) ?? "" }

    // The other fields: read only when `hasOtherFields`.
    var category: String? { text(5) }
    /// `|`-joined, as stored.
    var tags: String { text(6) ?? "" }
    /// The tags' UTF-8 bytes as stored (`|`-joined), valid until the next step.
    var tagBytes: UnsafeBufferPointer<UInt8> { bytes(6) }
    var address: String? { text(7) }
    var roadAddress: String? { text(8) }
    var note: String? { text(9) }

    /// The UTF-8 bytes of one of the fields other than the name (empty when it is `NULL`), valid
    /// until the next step; only when ``hasOtherFields``.
    func bytes(of field: SearchMatch.Field) -> UnsafeBufferPointer<UInt8> {
        switch field {
        case .name: return bytes(1)
        case .category: return bytes(5)
        case .tags: return bytes(6)
        case .address: return bytes(7)
        case .roadAddress: return bytes(8)
        case .note: return bytes(9)
        }
    }

    private func bytes(_ column: CInt) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_text(handle, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    private func text(_ column: CInt) -> String? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        return String(decoding: bytes(column), as: UTF8.self)
    }
}
