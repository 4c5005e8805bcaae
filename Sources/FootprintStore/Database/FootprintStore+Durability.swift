import Foundation
import GRDB

extension FootprintStore {
    /// How often a write connection retries a lock another process holds: every millisecond,
    /// up to this many times (10 s and more: a bulk import's batch takes at most about one).
    ///
    /// SQLite's own busy timeout sleeps 1, 2, 5, 10 … then 100 ms between retries; an importer
    /// that leaves the write lock free for a few milliseconds between batches would take it back
    /// before such a waiter woke, and a `place add` would wait for the whole import.
    static let lockRetries = 10_000

    /// The write connections' busy handler (see ``lockRetries``).
    static let waitForLock: Database.BusyCallback = { tries in
        guard tries < lockRetries else { return false }
        usleep(1000)
        return true
    }

    /// Runs `body` on the write connection outside any transaction, for a bulk import that
    /// commits its own batches, with `PRAGMA synchronous = NORMAL` for them.
    ///
    /// Durability: a write connection runs with `synchronous = FULL`, so a single edit (`place
    /// add/edit/remove`, `visit …`, `log …`, `privacy …`, `day detect`) is in the fsynced WAL when
    /// its command returns and survives a power cut. A bulk import's batches need not be: with
    /// `NORMAL`, WAL commits are synced at checkpoints only, so a power cut may lose the last
    /// batches — never corrupt the file, and never leave a batch half there — and running the
    /// import again completes them (it matches rows by source and id). A process crash loses
    /// nothing committed in either mode.
    ///
    /// Memory: the page cache may grow to ``bulkCacheKiB`` for the run, so that a batch's pages
    /// stay in memory until its commit instead of spilling to the WAL and being read back, and
    /// the indexes a re-import looks rows up in stay cached. It shrinks back to the connection's
    /// usual 128 MiB when `body` returns.
    func bulkWrite<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw FootprintStoreError.readOnly(path: path) }
        return try mapErrors {
            try writer.writeWithoutTransaction { db in
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -131_072
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "PRAGMA cache_size = -\(Self.bulkCacheKiB)")
                defer {
                    try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
                    try? db.execute(sql: "PRAGMA synchronous = FULL")
                }
                return try body(db)
            }
        }
    }

    /// The page cache of a bulk write, KiB (1 GiB): a 1M-place store (~600 MB) stays in memory
    /// while it is imported or imported again. SQLite allocates pages as they are used, so a
    /// small import uses little of it.
    static let bulkCacheKiB = 1_048_576
}
