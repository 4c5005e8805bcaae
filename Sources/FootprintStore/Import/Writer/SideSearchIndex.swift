import Foundation
import GRDB

/// The search index of a first import, built on a thread of its own while the rows are written,
/// then put into the store in one transaction.
///
/// A first import into an empty store ends by building the whole index (``SearchIndex/fold(_:)``
/// rebuilds it: every place is pending), on the import's one thread, after its last batch: 8 of
/// the 19 s of the 1M peer places. Here a second thread is handed each inserted row as it is
/// written and indexes it in the same FTS5 tables made in a private temporary database (SQLite
/// deletes it when its connection closes, also when the process is killed); when the import's
/// last batch has committed, that connection attaches the store and, in one transaction, copies
/// the tables' shadow rows (`_data`, `_idx`, `_docsize`) and `search_field_lengths` into it and
/// empties `place_changes`. Tables made from the store's own `CREATE` statements and filled with
/// the stored values hold what a rebuild would write: the same terms, doclists and sizes; only
/// their split into segments may differ.
///
/// The copy is made only when it is still right: the store's index tables are as the import
/// found them (empty), and the pending places are exactly the rows indexed here, none of them
/// changed. Else (another process wrote meanwhile, a row was merged into an earlier one) nothing
/// is copied and ``finish()`` says so: the import folds the pending places as before. Until the
/// copy commits the places are pending in `place_changes`, so a kill at any moment leaves a
/// consistent store whose reads treat them directly and whose next write folds them.
///
/// Another connection makes the copy, not the import's: FTS5 keeps the structure of an index in
/// its connection, and notices a change only when another connection has committed one.
final class SideSearchIndex: @unchecked Sendable {
    /// Below this many rows (estimated from the file's size) the import builds the index itself:
    /// a thread and a second database are not worth it.
    static let minimumRows = 20_000
    /// Rows handed over at a time.
    static let chunkSize = 2_048
    /// Chunks that may wait for the indexing thread before the writer waits for it.
    static let capacity = 16
    /// The temporary database's page cache, KiB: the index of 1M places (~150 MB) stays in
    /// memory; a larger one spills to the temporary file.
    static let cacheKiB = 262_144

    /// What one inserted place gives the index.
    struct IndexedRow {
        var id: Int64
        var name: String
        var category: String?
        var tags: String
        var address: String?
        var roadAddress: String?
        var note: String?
        var likes: Int
    }

    /// The store's statements that make the tables built here.
    private struct Schema {
        /// `CREATE VIRTUAL TABLE`, FTS5 options (`hashsize`) and shadow tables of each FTS table.
        var tables: [(name: String, create: String, options: [(String, DatabaseValue)], shadows: [String])]
        /// `CREATE TABLE search_field_lengths` and its index.
        var fieldLengths: [String]
    }

    private let storePath: String
    private let schema: Schema
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    // Shared state, guarded by `condition`.
    private var queue: [[IndexedRow]] = []
    private var closed = false
    private var cancelled = false
    private var copied = false
    // The writer's side.
    private var current: [IndexedRow] = []
    private var abandoned = false
    private var running = false

    private init(storePath: String, schema: Schema) {
        self.storePath = storePath
        self.schema = schema
    }

    /// Starts building beside an import into the store at `storePath` when it is worth it and
    /// possible: the import is not shared (``ImportOptions/maximumBatchSeconds``), the store has
    /// no place and nothing pending, and the file looks like at least ``minimumRows`` rows.
    static func start(
        _ db: Database, storePath: String, options: ImportOptions, expectedRows: Int?,
        minimumRows: Int = SideSearchIndex.minimumRows
    ) throws -> SideSearchIndex? {
        guard options.maximumBatchSeconds == nil, let expectedRows, expectedRows >= minimumRows else { return nil }
        for table in ["search_names", "search_text", "search_short_fields", "search_field_lengths", "place_changes"] {
            guard try db.tableExists(table) else { return nil }
        }
        let empty = try Bool.fetchOne(
            db,
            sql: """
                SELECT NOT EXISTS (SELECT 1 FROM places) AND NOT EXISTS (SELECT 1 FROM place_changes)
                    AND NOT EXISTS (SELECT 1 FROM search_field_lengths)
                """)
        guard empty == true else { return nil }
        let index = SideSearchIndex(storePath: storePath, schema: try readSchema(db))
        index.launch()
        return index
    }

    /// Hands over one inserted place. Waits when the indexing thread is ``capacity`` chunks behind.
    func add(id: Int64, place: ImportedPlace) {
        guard !abandoned else { return }
        current.append(
            IndexedRow(
                id: id, name: place.name, category: place.category, tags: place.tags, address: place.address,
                roadAddress: place.roadAddress, note: place.note, likes: place.likes))
        if current.count >= Self.chunkSize { handOver() }
    }

    /// The import changed a place it had written (an update or a merge): what was handed over is
    /// no longer what the store holds, and nothing will be copied.
    func abandon() {
        guard !abandoned else { return }
        abandoned = true
        current = []
        stopThread(cancelling: true)
    }

    /// Call when the import's last batch has committed: indexes what is left, copies the index
    /// into the store, and returns whether it did. `false`: the import must fold the pending
    /// places itself (``SearchIndex/fold(_:)``).
    func finish() -> Bool {
        guard !abandoned else { return false }
        if !current.isEmpty { handOver() }
        stopThread(cancelling: false)
        condition.lock()
        defer { condition.unlock() }
        return copied
    }

    /// Stops the thread without copying anything (the import failed).
    func cancel() {
        abandoned = true
        stopThread(cancelling: true)
    }

    private func launch() {
        running = true
        let thread = Thread { [self] in
            build()
            exited.signal()
        }
        thread.name = "footprint.import.index"
        thread.start()
    }

    private func handOver() {
        condition.lock()
        while queue.count >= Self.capacity, !cancelled { condition.wait() }
        // A thread that failed takes no more: nothing will be copied.
        if cancelled { abandoned = true } else { queue.append(current) }
        condition.broadcast()
        condition.unlock()
        current = []
        current.reserveCapacity(Self.chunkSize)
    }

    private func stopThread(cancelling: Bool) {
        guard running else { return }
        condition.lock()
        closed = true
        if cancelling { cancelled = true }
        condition.broadcast()
        condition.unlock()
        exited.wait()
        running = false
    }

    /// The next chunk, waiting for one; `nil` once the writer has closed the queue (or cancelled).
    private func nextChunk() -> [IndexedRow]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !closed, !cancelled { condition.wait() }
        guard !cancelled, !queue.isEmpty else { return nil }
        let chunk = queue.removeFirst()
        condition.broadcast()
        return chunk
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The thread: indexes every row handed over in one transaction of the temporary database,
    /// then copies. Any failure leaves the store as it is and ``copied`` false.
    private func build() {
        do {
            var configuration = Configuration()
            configuration.label = "footprint.import.index"
            configuration.prepareDatabase { db in
                db.registerFootprintTokenizer()
                try SearchIndex.registerFieldLengthFunction(db)
            }
            // An empty path: a private temporary database, deleted when it closes.
            let side = try DatabaseQueue(path: "", configuration: configuration)
            let done = try side.writeWithoutTransaction { db -> Bool in
                try db.execute(
                    sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -\(Self.cacheKiB)")
                try makeTables(db)
                var ids = IndexedIDs()
                try db.inTransaction {
                    let statements = try InsertStatements(db, path: storePath)
                    while let chunk = nextChunk() {
                        for row in chunk {
                            try statements.insert(row)
                            ids.add(row.id)
                        }
                    }
                    return isCancelled ? .rollback : .commit
                }
                guard !isCancelled else { return false }
                return try copy(db, ids: ids)
            }
            condition.lock()
            copied = done
            condition.unlock()
        } catch {
            // Nothing was copied: the import folds the pending places itself.
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Makes the tables in the temporary database with the store's statements and options.
    private func makeTables(_ db: Database) throws {
        for table in schema.tables {
            try db.execute(sql: table.create)
            for (key, value) in table.options {
                try db.execute(
                    sql: "INSERT INTO \(table.name)(\(table.name), rank) VALUES (?, ?)", arguments: [key, value])
            }
        }
        for statement in schema.fieldLengths { try db.execute(sql: statement) }
    }

    /// In one transaction of the store: checks that it is still as the import left it, copies
    /// the index's rows and empties `place_changes`. False when the store changed meanwhile.
    private func copy(_ db: Database, ids: IndexedIDs) throws -> Bool {
        try db.execute(sql: "ATTACH DATABASE ? AS store", arguments: [storePath])
        defer { try? db.execute(sql: "DETACH DATABASE store") }
        db.waitForLocksEveryMillisecond()
        try db.execute(sql: "PRAGMA store.synchronous = NORMAL; PRAGMA store.cache_size = -\(Self.cacheKiB)")
        var made = false
        try db.inTransaction(.immediate) {
            guard try storeIsAsLeft(db, ids: ids) else { return .rollback }
            for table in schema.tables {
                for shadow in table.shadows {
                    try db.execute(
                        sql: "DELETE FROM store.\(shadow); INSERT INTO store.\(shadow) SELECT * FROM main.\(shadow)")
                }
            }
            try db.execute(
                sql: """
                    INSERT INTO store.search_field_lengths SELECT * FROM main.search_field_lengths;
                    DELETE FROM store.place_changes;
                    """)
            made = true
            return .commit
        }
        return made
    }

    /// Whether the store's index tables are still empty and its pending places are exactly the
    /// rows indexed here, all new (`indexed = 0`, not deleted), and no other place exists.
    private func storeIsAsLeft(_ db: Database, ids: IndexedIDs) throws -> Bool {
        for table in schema.tables {
            // An empty FTS5 index has its averages (1) and structure (10) records only.
            let emptyIndex = try Bool.fetchOne(
                db, sql: "SELECT NOT EXISTS (SELECT 1 FROM store.\(table.name)_data WHERE id > 10)")
            guard emptyIndex == true else { return false }
        }
        let noLengths = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM store.search_field_lengths)")
        guard noLengths == true,
            let pending = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), min(place_id), max(place_id), total(place_id),
                        count(*) FILTER (WHERE indexed IS NOT 0 OR deleted IS NOT 0)
                    FROM store.place_changes
                    """)
        else { return false }
        let places = try Int.fetchOne(db, sql: "SELECT count(*) FROM store.places") ?? -1
        let count: Int = pending[0]
        let changed: Int = pending[4]
        guard count == ids.count, places == ids.count, changed == 0 else { return false }
        guard ids.count > 0 else { return true }
        let minimum: Int64? = pending[1]
        let maximum: Int64? = pending[2]
        let total: Double = pending[3]
        return minimum == ids.minimum && maximum == ids.maximum && total == ids.total
    }

    /// Reads, on the import's connection, the statements that make the tables built here.
    private static func readSchema(_ db: Database) throws -> Schema {
        var tables: [(name: String, create: String, options: [(String, DatabaseValue)], shadows: [String])] = []
        for name in ["search_names", "search_text", "search_short_fields"] {
            guard
                let create = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_schema WHERE name = ?", arguments: [name])
            else { throw FootprintStoreError.database(path: "", message: "the store has no table \(name)") }
            let options = try Row.fetchAll(db, sql: "SELECT k, v FROM \(name)_config WHERE k <> 'version'")
                .map { (row: Row) in (row[0] as String, row[1] as DatabaseValue) }
            let shadows = try ["_data", "_idx", "_docsize"].map { name + $0 }.filter { try db.tableExists($0) }
            tables.append((name, create, options, shadows))
        }
        let fieldLengths = try String.fetchAll(
            db,
            sql: """
                SELECT sql FROM sqlite_schema WHERE tbl_name = 'search_field_lengths' AND sql IS NOT NULL
                ORDER BY type = 'index'
                """)
        return Schema(tables: tables, fieldLengths: fieldLengths)
    }
}

/// The ids indexed, summed up for the check before the copy.
private struct IndexedIDs {
    var count = 0
    var minimum = Int64.max
    var maximum = Int64.min
    var total = 0.0

    mutating func add(_ id: Int64) {
        count += 1
        minimum = min(minimum, id)
        maximum = max(maximum, id)
        total += Double(id)
    }
}

/// The temporary database's prepared inserts, one per table.
private struct InsertStatements {
    let names: RawStatement
    let text: RawStatement
    let shortFields: RawStatement
    let fieldLength: RawStatement

    init(_ db: Database, path: String) throws {
        names = try RawStatement(db, path: path, sql: "INSERT INTO search_names(rowid, name) VALUES (?1, ?2)")
        text = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO search_text(rowid, \(SearchIndex.textColumns.joined(separator: ", ")))
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
        shortFields = try RawStatement(
            db, path: path, sql: "INSERT INTO search_short_fields(rowid, category, tags) VALUES (?1, ?2, ?3)")
        // The rows ``SearchIndex/rebuildFieldLengths(_:)`` writes for a non-empty keyed field.
        fieldLength = try RawStatement(
            db, path: path,
            sql: """
                INSERT OR REPLACE INTO search_field_lengths(field, id, length, likes)
                VALUES (?1, ?2, \(SearchIndex.fieldLengthFunctionName)(?3), ?4)
                """)
    }

    func insert(_ row: SideSearchIndex.IndexedRow) throws {
        names.bind(1, row.id)
        names.bind(2, row.name)
        try names.run()
        text.bind(1, row.id)
        text.bind(2, row.category)
        text.bind(3, row.tags)
        text.bind(4, row.address)
        text.bind(5, row.roadAddress)
        text.bind(6, row.note)
        try text.run()
        shortFields.bind(1, row.id)
        shortFields.bind(2, row.category)
        shortFields.bind(3, row.tags)
        try shortFields.run()
        // ``SearchIndex/textColumns``, whose numbers ``SearchIndex/lengthKeyedColumns`` gives.
        let fields = [row.category, row.tags, row.address, row.roadAddress, row.note]
        for column in SearchIndex.lengthKeyedColumns {
            guard let value = fields[column], !value.isEmpty else { continue }
            fieldLength.bind(1, column)
            fieldLength.bind(2, row.id)
            fieldLength.bind(3, value)
            fieldLength.bind(4, row.likes)
            try fieldLength.run()
        }
    }
}
