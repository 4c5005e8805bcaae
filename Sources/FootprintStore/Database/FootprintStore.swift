import CSQLiteConfig
import Foundation
import GRDB

/// One Footprint database file: places, visits and the diary around them.
///
/// Open it with ``open(at:mode:)``. A store opened `.readOnly` loads no extension and changes
/// nothing in the file; a writable store keeps a WAL `DatabasePool` whose connections load
/// SpatiaLite, so the geometry triggers of the file work.
public final class FootprintStore: Sendable {
    /// How a store is opened.
    public enum Mode: Sendable {
        /// Reads only: no SpatiaLite, no migration, the file is never written.
        case readOnly
        /// Reads and writes an existing Footprint database, upgrading its schema.
        case readWrite
        /// Like `.readWrite`, creating the file when it does not exist (`init`, `import`).
        case create
    }

    /// The path of the database file.
    public let path: String
    let reader: any DatabaseReader
    let writer: (any DatabaseWriter)?
    /// The second read connection searches borrow (see ``SearchPartner``).
    let searchPartners = SearchPartners()
    /// The snapshot of place bounds that ranked searches near a point read (see ``SearchRankSnapshot``).
    let searchRankCaches = SearchRankCaches()

    private init(path: String, reader: any DatabaseReader, writer: (any DatabaseWriter)?) {
        self.path = path
        self.reader = reader
        self.writer = writer
    }

    /// SQLite's process-wide settings, made before the first store opens: memory statistics off
    /// (``footprint_sqlite_disable_memory_statistics()``), so that the connections of two threads
    /// — an import's and its ``SearchIndexBuild``'s — do not take one mutex at every allocation.
    /// Nothing when the process used SQLite before.
    private static let sqliteConfigured: Void = { _ = footprint_sqlite_disable_memory_statistics() }()

    /// Opens the database at `path`.
    ///
    /// - Throws: ``FootprintStoreError/databaseMissing(path:)`` when the file does not exist and
    ///   the mode does not create it; ``FootprintStoreError/notAFootprintDatabase(path:reason:)``
    ///   for another application's file; ``FootprintStoreError/newerSchema(path:migration:)`` for a
    ///   file written by a newer Footprint. These checks run on a read-only connection before
    ///   anything is written (switching to WAL alone would write to the file).
    ///
    /// The first store opened in a process turns SQLite's memory statistics off, for the whole
    /// process (`SQLITE_CONFIG_MEMSTATUS`, before SQLite initializes; nothing when the process
    /// used SQLite before): `sqlite3_memory_used()` and SQLite's heap limits then no longer work.
    ///
    /// `memoryMapped`: whether a `.readOnly` store reads the file through a memory map (SQLite's
    /// `mmap_size`, 1 GiB) rather than `read()` copies — faster rows for a process that runs many
    /// queries, but a short one pays for it: page faults that map pages it never reads, and the
    /// unmapping at exit. A command-line process, one query each, opens without (the CLI: at 1M
    /// places `search` 48 → 32 ms a process, `render tile` 57 → 42 ms, half the system time).
    public static func open(at path: String, mode: Mode, memoryMapped: Bool = true) throws -> FootprintStore {
        _ = sqliteConfigured
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, mode != .create { throw FootprintStoreError.databaseMissing(path: path) }
        if !exists {
            let folder = (path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                throw FootprintStoreError.folderMissing(path: path, folder: folder)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FootprintStoreError.notAFootprintDatabase(path: path, reason: "it is a directory")
        }
        do {
            switch mode {
            case .readOnly:
                // One connection both checks the file and serves the reads: a cold read command
                // pays for parsing the schema (~1.5 ms with SpatiaLite's triggers) once.
                let queue = try openReadOnlyChecked(at: path, memoryMapped: memoryMapped)
                return FootprintStore(path: path, reader: queue, writer: nil)
            case .readWrite, .create:
                // Before SQLite, which would open an unwritable file read-only without a word
                // and fail at the first write with "attempt to write a readonly database".
                if let reason = writeProblem(at: path, exists: exists) {
                    throw FootprintStoreError.notWritable(path: path, reason: reason)
                }
                if exists { try checkIdentity(of: openReadOnly(at: path), at: path) }
                var configuration = Configuration()
                configuration.label = "footprint.write"
                configuration.busyMode = .callback(Self.waitForLock)
                configuration.prepareDatabase { db in
                    db.registerFootprintTokenizer()
                    try SearchIndex.registerFieldLengthFunction(db)
                    try db.loadSpatiaLite()
                    // SpatiaLite replaced the busy handler set above with a 5 s timeout.
                    db.waitForLocksEveryMillisecond()
                    try db.execute(sql: "PRAGMA cache_size = -131072")
                    // When a transaction writes the WAL from its start again, a file a large one
                    // grew is cut back to this size (SQLite keeps its largest size otherwise).
                    try db.execute(sql: "PRAGMA journal_size_limit = \(Database.largeWALBytes)")
                }
                let pool = try DatabasePool(path: path, configuration: configuration)
                // FULL: a single edit is on disk when its command returns; bulk imports lower it
                // for their batches (see ``bulkWrite(_:)``). Set here, on the one write
                // connection: GRDB sets NORMAL itself when it opens a pool, after
                // `prepareDatabase`.
                try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
                try FootprintMigrator.migrate(pool)
                return FootprintStore(path: path, reader: pool, writer: pool)
            }
        } catch let error as FootprintStoreError {
            throw error
        } catch let error as DatabaseError {
            throw FootprintStoreError.sqlite(path: path, error)
        }
    }

    /// A read-only connection that loads no extension, reading the file through a memory map
    /// when `memoryMapped` (see ``open(at:mode:memoryMapped:)``).
    static func openReadOnly(at path: String, name: String? = nil, memoryMapped: Bool = true) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "footprint.read"
        // A file another process is creating right now is locked for a moment (its switch to WAL,
        // its first migration): wait for it as the writer does instead of calling it not SQLite.
        // Reads of a WAL file never wait, so this costs the read commands nothing.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            db.registerFootprintTokenizer()
            // Pages come from the OS's cache by memory map instead of read() copies: a search reads
            // a few thousand scattered rows (~0.3 µs each saved). Reading only; nothing is written.
            if memoryMapped { try db.execute(sql: "PRAGMA mmap_size = 1073741824") }
        }
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw FootprintStoreError.notAFootprintDatabase(
                path: name ?? path, reason: error.message ?? "it is not SQLite")
        }
    }

    /// Checks, without writing, that the file is a Footprint database this build can open.
    /// A read-only store cannot upgrade the schema, so for it a file that lacks a migration (or
    /// is empty) is refused too, with the command that upgrades it.
    static func checkIdentity(of queue: DatabaseQueue, at path: String, readOnly: Bool = false) throws {
        try queue.read { db in
            // The tables first, then the header: a file another process is creating this moment
            // gains its tables and its application_id in one transaction, and each statement here
            // reads its own snapshot, so a table seen means the application_id is there to read.
            // GRDB's migrator creates its empty `grdb_migrations` table (and its index) before that
            // transaction: alone, it is still an empty file.
            let tableCount: Int
            do {
                tableCount =
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE tbl_name <> 'grdb_migrations'")
                    ?? 0
            } catch let error as DatabaseError {
                throw FootprintStoreError.notAFootprintDatabase(path: path, reason: error.message ?? "it is not SQLite")
            }
            if tableCount == 0 {  // an empty file: `init` may fill it
                if readOnly { throw FootprintStoreError.emptyDatabase(path: path) }
                return
            }
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            guard applicationID == FootprintMigrator.applicationID else {
                throw FootprintStoreError.notAFootprintDatabase(
                    path: path, reason: "it holds tables of another application")
            }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            let known = Set(FootprintMigrator.knownMigrations)
            if let unknown = applied.first(where: { !known.contains($0) }) {
                throw FootprintStoreError.newerSchema(path: path, migration: unknown)
            }
            if readOnly, applied.count < known.count { throw FootprintStoreError.olderSchema(path: path) }
        }
    }

    /// Runs `updates` in one write transaction, then folds the place changes it (or another
    /// tool, since the last write) made — moves into `geom` (``PlaceMoves``), text into the search
    /// index — in the same transaction.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        guard let writer else { throw FootprintStoreError.readOnly(path: path) }
        return try mapErrors {
            try writer.write { db in
                let result = try updates(db)
                try PlaceMoves.fold(db)
                try SearchIndex.fold(db)
                return result
            }
        }
    }

    /// Runs `value` on a read connection.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try mapErrors { try reader.read(value) }
    }

    /// Turns SQLite errors into the store's own error type, naming the file.
    func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw FootprintStoreError.sqlite(path: path, error)
        }
    }
}
