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
    func bulkWrite<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw FootprintStoreError.readOnly(path: path) }
        return try mapErrors {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
                return try body(db)
            }
        }
    }
}
