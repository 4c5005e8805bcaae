import Foundation
import GRDB
import GRDBSQLite

/// The search index of a first import, built on a thread of its own while the import writes its
/// batches, then adopted in the import's last transaction instead of a rebuild: on two cores,
/// the FTS5 tables' ~7.5 s at 1M peer places overlap the batches instead of following them.
///
/// The thread indexes the rows the batches inserted (handed over as they are written, with the
/// text the INSERT bound) in FTS5 tables of its own in-memory database, declared as the store
/// declares `search_names`, `search_text` and `search_short_fields` and configured alike. At
/// the end, the import attaches an image of that database and, in its last transaction, makes
/// the store's three tables anew and copies the shadow tables' rows over (``adopt(_:)``).
/// Making the tables anew is what makes the copy safe: an FTS5 table caches its segment list
/// per connection and notices only other connections' writes, so rows written under a table
/// the writing connection has used would not be seen by it.
///
/// The store ends as a rebuild leaves it — the same documents, terms and positions — or the
/// import rebuilds as before: a build is only started on a store without places or pending
/// changes, for a file of ``minimumRows`` or more (estimated from its size), in an import whose
/// batches do not update the search index themselves, when the store's tables have the columns
/// the build fills; it is given up when a row updates or merges into a place, and not adopted
/// when another connection committed during the import (`PRAGMA data_version`), or when the
/// store's pending changes are not exactly the rows it indexed. Memory: the build's database,
/// attached where it is (~110 MB of pages at 1M peer places, in a buffer that grows by
/// doubling: up to twice that).
final class SearchIndexBuild: @unchecked Sendable {
    /// The searchable text of one inserted place, as bound to its INSERT.
    struct Row {
        var id: Int64
        var name: String?
        var category: String?
        var tags: String?
        var address: String?
        var roadAddress: String?
        var note: String?
        var likes: Int
    }

    /// Files of fewer rows (estimated from their size) are indexed by a rebuild: the thread and
    /// the copy cost more than they save below ~20,000 places.
    static let minimumRows = 20_000
    /// The bytes of the build's database: owned (a copy, freed with the schema it is attached
    /// as) or the build connection's own memdb buffer, read in place while ``database`` is open.
    private struct Image {
        var bytes: UnsafeMutablePointer<UInt8>
        var count: Int64
        var isOwned: Bool
    }

    /// The most the build's memdb database may grow to (SQLite's default is 1 GiB).
    private static let memoryLimitBytes: Int64 = 1 << 36

    /// Rows handed over at a time.
    static let chunkSize = 4_096
    /// The name the image is attached under.
    static let schema = "footprint_search_build"
    /// The FTS5 tables built, each with the columns ``SearchIndex/fold(_:)`` writes besides the
    /// rowid (`search_text`'s are ``SearchIndex/longTextColumns``), in the order ``bind(_:_:table:)``
    /// binds them.
    static let tables: [(name: String, columns: [String])] = [
        ("search_names", ["name"]),
        ("search_text", ["address", "road_address", "note"]),
        ("search_short_fields", ["category", "tags"]),
    ]

    private struct Table {
        var name: String
        var columns: [String]
        /// Its `CREATE VIRTUAL TABLE` statement, from the store's schema.
        var declaration: String
        /// Its `_config` settings besides `version`, each applied by an FTS5 command.
        var settings: [(key: String, value: DatabaseValue)]
        /// Its shadow tables that hold the index: `_data`, `_idx`, and `_docsize` when it has one.
        var shadows: [String]
    }

    private let path: String
    private let tableSpecs: [Table]
    /// `search_field_lengths`' `CREATE TABLE` statement, when the store has the table: the build
    /// fills it too (``SearchIndex/rebuildFieldLengthRows(_:copyingFrom:)``).
    private let fieldLengths: String?
    private let dataVersion: Int64
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    // Shared with the thread, guarded by `condition`.
    private var pending: [[Row]] = []
    private var noMoreRows = false
    private var cancelled = false
    private var image: Image?
    /// The build's connection, kept open while the writer reads its database in place.
    private var database: DatabaseQueue?
    /// The writer has the build's buffer attached (``attach(_:)`` without ``detach(_:)``).
    private var isAttachedInPlace = false
    private var failure: (any Error)?
    // The writer's side.
    private var handed = 0
    private var isGivenUp = false
    private var isJoined = false

    private init(path: String, tables: [Table], fieldLengths: String?, dataVersion: Int64) {
        self.path = path
        self.tableSpecs = tables
        self.fieldLengths = fieldLengths
        self.dataVersion = dataVersion
    }

    deinit {
        if let image, image.isOwned { sqlite3_free(image.bytes) }
        // Still attached where it is (a DETACH failed): the writer may read the buffer at its
        // next transaction, so the connection that frees it is never closed.
        if isAttachedInPlace, let database { _ = Unmanaged.passRetained(database) }
    }

    /// Starts a build for an import into the store of `db` when it can be adopted at the end
    /// (see the type's description); `nil` otherwise.
    static func start(_ db: Database, path: String, expectedRows: Int?, minimumRows: Int) throws -> SearchIndexBuild? {
        guard let expectedRows, expectedRows >= minimumRows else { return nil }
        let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let isEmpty = try Bool.fetchOne(
            db,
            sql: "SELECT NOT EXISTS (SELECT 1 FROM places) AND NOT EXISTS (SELECT 1 FROM place_changes)")
        guard isEmpty == true else { return nil }
        func declaration(of name: String) throws -> String? {
            try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", arguments: [name])
        }
        var specs: [Table] = []
        for (name, columns) in tables {
            // A table a later migration gave other columns is rebuilt, not built here.
            let stored = try String.fetchAll(
                db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [name])
            guard let declaration = try declaration(of: name), stored == columns else { return nil }
            let settings = try Self.settings(db, table: name)
            let shadows = try ["data", "idx", "docsize"].map { "\(name)_\($0)" }.filter { try db.tableExists($0) }
            specs.append(
                Table(name: name, columns: columns, declaration: declaration, settings: settings, shadows: shadows))
        }
        let build = SearchIndexBuild(
            path: path, tables: specs, fieldLengths: try declaration(of: "search_field_lengths"), dataVersion: version)
        let thread = Thread { [build] in
            build.work()
            build.exited.signal()
        }
        thread.name = "footprint.import.search"
        thread.start()
        return build
    }

    /// Hands over rows a batch inserted (dropped once the thread failed: nothing will be adopted).
    func add(_ rows: [Row]) {
        guard !isGivenUp, !rows.isEmpty else { return }
        handed += rows.count
        condition.lock()
        if failure == nil { pending.append(rows) }
        condition.broadcast()
        condition.unlock()
    }

    /// Gives the build up: a batch changed the store in a way it does not follow.
    func giveUp() {
        isGivenUp = true
        stop()
    }

    /// Stops the thread, if running, and waits for it.
    func stop() {
        guard !isJoined else { return }
        join(setting: \.cancelled)
    }

    /// Sets `flag` (``cancelled`` or ``noMoreRows``) for the thread and waits for it to end.
    private func join(setting flag: ReferenceWritableKeyPath<SearchIndexBuild, Bool>) {
        condition.lock()
        self[keyPath: flag] = true
        condition.broadcast()
        condition.unlock()
        exited.wait()
        isJoined = true
    }

    /// Whether the build was stopped, read under the lock (on the thread).
    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits for the thread to index every row handed over and attaches its database to `db`
    /// (outside a transaction); false when there is nothing to adopt.
    func attach(_ db: Database) throws -> Bool {
        guard !isGivenUp, !isJoined else { return false }
        join(setting: \.noMoreRows)
        guard failure == nil, let image, let connection = db.sqliteConnection else { return false }
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(Self.schema)")
        // An image of our own is freed with the schema (FREEONCLOSE): it is no longer ours.
        self.image = nil
        let status = sqlite3_deserialize(
            connection, Self.schema, image.bytes, image.count, image.count,
            image.isOwned ? UInt32(SQLITE_DESERIALIZE_FREEONCLOSE) : 0)
        guard status == SQLITE_OK else {
            try db.execute(sql: "DETACH DATABASE \(Self.schema)")
            return false
        }
        isAttachedInPlace = !image.isOwned
        return true
    }

    /// Detaches the image (outside a transaction).
    func detach(_ db: Database) throws {
        try db.execute(sql: "DETACH DATABASE \(Self.schema)")
        isAttachedInPlace = false
        database = nil
    }

    /// Makes the store's search tables those of the attached image, inside the import's last
    /// transaction (in a savepoint of its own), and settles what a rebuild settles besides; false,
    /// with nothing changed, when the store is not the one the build indexed or anything fails:
    /// the build is only a faster way to the index the fold's rebuild makes.
    func adopt(_ db: Database) -> Bool {
        var isTaken = false
        do {
            try db.inSavepoint {
                isTaken = try takeTables(db)
                return isTaken ? .commit : .rollback
            }
        } catch {
            return false
        }
        return isTaken
    }

    /// ``adopt(_:)``'s work, in its savepoint.
    private func takeTables(_ db: Database) throws -> Bool {
        guard try Int64.fetchOne(db, sql: "PRAGMA main.data_version") == dataVersion else { return false }
        let counts = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT (SELECT count(*) FROM places),
                    (SELECT count(*) FROM place_changes),
                    (SELECT count(*) FROM place_changes WHERE deleted = 0 AND indexed = 0)
                """)
        guard let counts, counts[0] as Int == handed, counts[1] as Int == handed, counts[2] as Int == handed else {
            return false
        }
        for table in tableSpecs {
            try db.execute(sql: "DROP TABLE main.\(table.name)")
            try db.execute(sql: table.declaration)
            for shadow in table.shadows {
                try db.execute(
                    sql: """
                        DELETE FROM main.\(shadow);
                        INSERT INTO main.\(shadow) SELECT * FROM \(Self.schema).\(shadow);
                        """)
            }
            try Self.applySettings(of: table, db)
        }
        try db.execute(sql: "DELETE FROM place_changes")
        try SearchIndex.rebuildFieldLengthRows(db, copyingFrom: fieldLengths == nil ? nil : Self.schema)
        try OtherNames.rebuild(db)
        return true
    }

    // MARK: The thread

    /// The next rows to index; `nil` when there are no more, or the build is cancelled.
    private func nextRows() -> [Row]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty, !noMoreRows, !cancelled { condition.wait() }
        if cancelled || pending.isEmpty { return nil }
        return pending.removeFirst()
    }

    private func work() {
        do {
            var configuration = Configuration()
            configuration.label = "footprint.import.search"
            configuration.prepareDatabase { db in
                db.registerFootprintTokenizer()
                try SearchIndex.registerFieldLengthFunction(db)
            }
            let queue = try DatabaseQueue(configuration: configuration)
            let built = try queue.inDatabase { db -> Image? in
                guard let connection = db.sqliteConnection else { return nil }
                let isMemdb = Self.useMemoryDatabase(connection)
                try index(db)
                if isCancelled { return nil }
                var count: Int64 = 0
                // A memdb database is read where it is; another is copied.
                if isMemdb, let bytes = sqlite3_serialize(connection, "main", &count, UInt32(SQLITE_SERIALIZE_NOCOPY)) {
                    return Image(bytes: bytes, count: count, isOwned: false)
                }
                return sqlite3_serialize(connection, "main", &count, 0).map {
                    Image(bytes: $0, count: count, isOwned: true)
                }
            }
            condition.lock()
            image = built
            if built?.isOwned == false { database = queue }
            condition.unlock()
        } catch {
            condition.lock()
            failure = error
            condition.unlock()
        }
    }

    /// Makes the connection's main database an empty `memdb` one (SQLite's in-memory VFS, whose
    /// pages are one buffer), so that its image can be attached without a copy (~110 MB at 1M
    /// peer places); false when SQLite refuses, and the database stays as it was.
    private static func useMemoryDatabase(_ connection: OpaquePointer) -> Bool {
        let capacity: Int64 = 1 << 16
        guard let buffer = sqlite3_malloc64(UInt64(capacity)) else { return false }
        let status = sqlite3_deserialize(
            connection, "main", buffer.assumingMemoryBound(to: UInt8.self), 0, capacity,
            UInt32(SQLITE_DESERIALIZE_RESIZEABLE | SQLITE_DESERIALIZE_FREEONCLOSE))
        // Refused or not, SQLite took the buffer (FREEONCLOSE frees it on failure too).
        guard status == SQLITE_OK else { return false }
        // A memdb database stops growing at 1 GiB unless told otherwise (~9M places here).
        var limit = Self.memoryLimitBytes
        return sqlite3_file_control(connection, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit) == SQLITE_OK
    }

    /// Makes the tables and indexes the rows handed over, in one transaction: FTS5 then writes a
    /// segment per 32 MiB of terms, as a rebuild does.
    private func index(_ db: Database) throws {
        var statements: [RawStatement] = []
        for table in tableSpecs {
            try db.execute(sql: table.declaration)
            try Self.applySettings(of: table, db)
            let parameters = (1...table.columns.count + 1).map { "?\($0)" }.joined(separator: ", ")
            statements.append(
                try RawStatement(
                    db, path: path,
                    sql: """
                        INSERT INTO \(table.name)(rowid, \(table.columns.joined(separator: ", ")))
                        VALUES (\(parameters))
                        """))
        }
        var lengths: RawStatement?
        if let fieldLengths {
            try db.execute(sql: fieldLengths)
            lengths = try RawStatement(
                db, path: path,
                sql: """
                    INSERT INTO search_field_lengths(field, id, length, likes)
                    VALUES (?1, ?2, \(SearchIndex.fieldLengthFunctionName)(?3), ?4)
                    """)
        }
        try db.execute(sql: "BEGIN")
        while let rows = nextRows() {
            for row in rows {
                for (table, statement) in statements.enumerated() {
                    Self.bind(row, statement, table: table)
                    try statement.run()
                }
                if let lengths { try Self.insertFieldLengths(of: row, lengths) }
            }
        }
        // A build given up is thrown away without writing out FTS5's pending terms.
        try db.execute(sql: isCancelled ? "ROLLBACK" : "COMMIT")
    }

    /// Applies the store's `_config` settings of `table` to the table of that name in `db`'s main
    /// database, each by its FTS5 command.
    private static func applySettings(of table: Table, _ db: Database) throws {
        for setting in table.settings {
            try db.execute(
                sql: "INSERT INTO main.\(table.name)(\(table.name), rank) VALUES (?, ?)",
                arguments: [setting.key, setting.value])
        }
    }

    /// Binds the rowid and the columns of ``tables``[`table`].
    private static func bind(_ row: Row, _ statement: RawStatement, table: Int) {
        statement.bind(1, row.id)
        switch table {
        case 0:
            statement.bind(2, row.name)
        case 1:
            statement.bind(2, row.address)
            statement.bind(3, row.roadAddress)
            statement.bind(4, row.note)
        default:
            statement.bind(2, row.category)
            statement.bind(3, row.tags)
        }
    }

    /// The `search_field_lengths` rows of `row`: one per non-empty field of
    /// ``SearchIndex/lengthKeyedColumns`` (`address`, `road_address`, `note`, numbered as there).
    private static func insertFieldLengths(of row: Row, _ statement: RawStatement) throws {
        for (field, text) in [(2, row.address), (3, row.roadAddress), (4, row.note)] {
            guard let text, !text.isEmpty else { continue }
            statement.bind(1, field)
            statement.bind(2, row.id)
            statement.bind(3, text)
            statement.bind(4, row.likes)
            try statement.run()
        }
    }
}

private typealias SQLRow = GRDB.Row

extension SearchIndexBuild {
    /// The `_config` settings of FTS5 table `table` besides its version.
    fileprivate static func settings(_ db: Database, table: String) throws -> [(key: String, value: DatabaseValue)] {
        try SQLRow.fetchAll(db, sql: "SELECT k, v FROM \(table)_config WHERE k <> 'version' ORDER BY k").map {
            (key: $0[0], value: $0[1])
        }
    }
}
