import Foundation
import GRDB

/// The search index of a first import, built on a thread of its own while the import's batches
/// write `places`, the spatial index and the derived rows, then put into the store by
/// ``install(_:)`` in the import's final transaction.
///
/// Tokenizing is about half of a first import's work (``SearchIndex/rebuild(_:)`` reads every
/// place again and runs the tokenizer on six fields). Here the rows the batches insert are handed
/// to a second connection, on a scratch file beside the store, that fills FTS5 tables made with
/// the store's own `CREATE VIRTUAL TABLE` statements and settings, in one transaction and in id
/// order, as `'rebuild'` would. Their shadow tables (`*_data`, `*_idx`, `*_docsize`, `*_config`)
/// are plain tables, copied into the store at the end.
///
/// Only a store without places, imported in rows-only batches with no other writer in between,
/// qualifies: its places are then exactly the rows handed over. Anything else — an update, a
/// merge, another connection's commit (`PRAGMA data_version`), a failure of the scratch file —
/// abandons the build, and the import folds the index as before (``SearchIndex/fold(_:)``).
/// Crash safety is unchanged: until the final transaction the committed batches' places are
/// marked in `place_changes`, which searches read directly.
final class SearchIndexBuild: @unchecked Sendable {
    /// The searchable fields of one inserted place.
    struct IndexedRow {
        var id: Int64
        var name: String
        var category: String?
        var tags: String
        var address: String?
        var roadAddress: String?
        var note: String?
    }

    /// One FTS5 table of the store, as the scratch file makes it.
    struct Table {
        var name: String
        /// Its `CREATE VIRTUAL TABLE` statement, from `sqlite_master`.
        var sql: String
        /// Its settings besides `version` (`hashsize` …), from its `_config` table.
        var settings: [(key: String, value: DatabaseValue)]
        /// Its columns, in order.
        var columns: [Field]
    }

    /// A searchable column of `places`.
    enum Field: String {
        case name, category, tags, address, roadAddress = "road_address", note

        func value(in row: IndexedRow) -> String? {
            switch self {
            case .name: row.name
            case .category: row.category
            case .tags: row.tags
            case .address: row.address
            case .roadAddress: row.roadAddress
            case .note: row.note
            }
        }
    }

    /// The FTS5 tables over `places` that the build makes, when the store has them.
    static let tableNames = ["search_names", "search_text", "search_short_fields"]
    /// The schema name the scratch file is attached under for ``install(_:)``.
    static let schemaName = "footprint_search_build"
    /// Rows handed over at a time, and chunks that may wait: the importer waits when the
    /// tokenizer falls behind, so memory stays bounded.
    static let chunkSize = 2_048
    static let capacity = 16

    let scratchPath: String
    let tables: [Table]
    /// `PRAGMA data_version` when the build started: it changes when another connection commits.
    private let dataVersion: Int64
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    // Shared state, guarded by `condition`.
    private var queue: [[IndexedRow]] = []
    private var closed = false
    private var abandoned = false
    private var failed = false
    private var builtRows = 0
    private var running = false
    // The importer's side.
    private var pending: [IndexedRow] = []
    private(set) var handedRows = 0
    private var givenUp = false

    private init(scratchPath: String, tables: [Table], dataVersion: Int64) {
        self.scratchPath = scratchPath
        self.tables = tables
        self.dataVersion = dataVersion
        pending.reserveCapacity(Self.chunkSize)
    }

    /// Starts a build for an import into the store at `storePath`, or `nil` when the import does
    /// not qualify: the store has places, the import folds the index per batch (bounded batches),
    /// or the search tables are not the ones this build knows.
    static func start(_ db: Database, storePath: String, options: ImportOptions) throws -> SearchIndexBuild? {
        guard ProcessInfo.processInfo.environment["FOOTPRINT_AB_NO_SEARCH_BUILD"] == nil,
            options.maximumBatchSeconds == nil, !storePath.isEmpty, storePath != ":memory:",
            !storePath.hasPrefix("file:"),
            try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM places)") == true
        else { return nil }
        var tables: [Table] = []
        for name in tableNames {
            guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name])
            else {
                if name == "search_short_fields" { continue }
                return nil
            }
            let settings = try GRDB.Row.fetchAll(db, sql: "SELECT k, v FROM \(name)_config WHERE k <> 'version'").map {
                (key: $0[0] as String, value: $0[1] as DatabaseValue)
            }
            var columns: [Field] = []
            for column in try columnNames(db, table: name) {
                guard let field = Field(rawValue: column) else { return nil }
                columns.append(field)
            }
            tables.append(Table(name: name, sql: sql, settings: settings, columns: columns))
        }
        let dataVersion = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let scratchPath = storePath + "-search-\(getpid())"
        removeLeftovers(of: storePath)
        let build = SearchIndexBuild(scratchPath: scratchPath, tables: tables, dataVersion: dataVersion)
        build.running = true
        let thread = Thread { [build] in
            build.work()
            build.exited.signal()
        }
        thread.name = "footprint.import.search"
        thread.start()
        return build
    }

    /// Hands over the searchable fields of a place the import inserted.
    func add(id: Int64, _ place: ImportedPlace) {
        guard !givenUp else { return }
        pending.append(
            IndexedRow(
                id: id, name: place.name, category: place.category, tags: place.tags, address: place.address,
                roadAddress: place.roadAddress, note: place.note))
        handedRows += 1
        if pending.count >= Self.chunkSize { handOver() }
    }

    /// Gives up the build (the import changed a place it had handed over, or merged a row).
    func abandon() {
        givenUp = true
        condition.lock()
        abandoned = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        pending.removeAll()
    }

    /// Gives up the build when a connection other than the importer's committed since it started:
    /// the store's places are then not only the rows handed over.
    func checkUntouched(_ db: Database) throws {
        if try Int64.fetchOne(db, sql: "PRAGMA data_version") != dataVersion { abandon() }
    }

    /// Waits for the thread to index every row handed over; true when the scratch file holds
    /// them all.
    func finish() -> Bool {
        handOver()
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        waitForThread()
        condition.lock()
        defer { condition.unlock() }
        return !abandoned && !failed && builtRows == handedRows
    }

    /// Stops the thread and removes the scratch file.
    func discard() {
        abandon()
        waitForThread()
        Self.remove(scratchPath)
    }

    private func waitForThread() {
        guard running else { return }
        exited.wait()
        running = false
    }

    private func handOver() {
        guard !pending.isEmpty else { return }
        condition.lock()
        while queue.count >= Self.capacity, !abandoned, !failed { condition.wait() }
        if abandoned || failed { givenUp = true } else { queue.append(pending) }
        condition.broadcast()
        condition.unlock()
        pending.removeAll(keepingCapacity: true)
    }

    /// The next chunk for the thread; `nil` when the importer is done or the build given up.
    private func nextChunk() -> [IndexedRow]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !closed, !abandoned { condition.wait() }
        guard !abandoned, !queue.isEmpty else { return nil }
        condition.broadcast()
        return queue.removeFirst()
    }

    private func work() {
        do {
            try fill()
        } catch {
            condition.lock()
            failed = true
            queue.removeAll()
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Makes the tables in the scratch file and indexes the chunks as they come, in one
    /// transaction: FTS5 then writes a segment only when its pending terms reach `hashsize`, as a
    /// `'rebuild'` does.
    private func fill() throws {
        Self.remove(scratchPath)
        var configuration = Configuration()
        configuration.label = "footprint.import.search"
        configuration.prepareDatabase { db in db.registerFootprintTokenizer() }
        let scratch = try DatabaseQueue(path: scratchPath, configuration: configuration)
        try scratch.writeWithoutTransaction { db in
            // A scratch file: a crash leaves it to the next import (``removeLeftovers(of:)``).
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
            for table in tables {
                try db.execute(sql: table.sql)
                for setting in table.settings {
                    try db.execute(
                        sql: "INSERT INTO \(table.name)(\(table.name), rank) VALUES (?, ?)",
                        arguments: [setting.key, setting.value])
                }
            }
            try db.execute(sql: "BEGIN")
            let inserts = try tables.map { table in
                let marks = (0...table.columns.count).map { "?\($0 + 1)" }.joined(separator: ", ")
                let names = table.columns.map(\.rawValue).joined(separator: ", ")
                return try RawStatement(
                    db, path: scratchPath, sql: "INSERT INTO \(table.name)(rowid, \(names)) VALUES (\(marks))")
            }
            while let chunk = nextChunk() {
                for row in chunk {
                    for (insert, table) in zip(inserts, tables) {
                        insert.bind(1, row.id)
                        for (index, field) in table.columns.enumerated() {
                            insert.bind(Int32(index + 2), field.value(in: row))
                        }
                        try insert.run()
                    }
                }
                condition.lock()
                builtRows += chunk.count
                condition.unlock()
            }
            try db.execute(sql: "COMMIT")
        }
    }

    /// Removes the file at `path` with its journal, if any.
    static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Removes the scratch files that killed imports into `storePath` left: those of processes
    /// that no longer run.
    static func removeLeftovers(of storePath: String) {
        let folder = (storePath as NSString).deletingLastPathComponent
        let prefix = (storePath as NSString).lastPathComponent + "-search-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }) else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(folder.isEmpty ? name : folder + "/" + name)
            }
        }
    }
}

extension SearchIndexBuild {
    /// The visible columns of table `table` (an FTS5 table's hidden ones left out).
    static func columnNames(_ db: Database, table: String) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
    }
}
