import Foundation
import GRDB
import GRDBSQLite

extension Database {
    /// The most a bulk write waits between two batches, without blocking anyone, for readers to
    /// let the WAL be checkpointed whole, in seconds.
    static let checkpointWaitSeconds = 0.05
    /// From this size on the WAL is large: the checkpoint between two batches waits for every
    /// reader of an older snapshot, holding the write lock (``checkpointWholeWAL()``).
    static let largeWALBytes = 16 << 20

    /// Between two batches of a bulk write, outside any transaction: copies the WAL into the
    /// database so that the next batch writes it from its start again. First `PRAGMA
    /// wal_checkpoint(PASSIVE)`, which takes no lock a writer or reader waits for, retried every
    /// millisecond for at most ``checkpointWaitSeconds``; then, when the WAL holds more than
    /// ``largeWALBytes`` (copied whole or not), `RESTART`, which holds the write lock while it
    /// waits (busy handler) for every reader still reading from the WAL to end. Returns whether
    /// the WAL was copied whole (and, when large, left by every reader).
    ///
    /// Why: SQLite writes a transaction at the start of the `-wal` file again only when the WAL
    /// was copied whole before it began and no reader still reads from it, and a checkpoint
    /// copies only the frames every reader's snapshot includes. The automatic checkpoint after each
    /// commit meets the readers that began before that commit, so while readers never stop (a
    /// search, a tile, an export in a loop) it always stops one batch short, and the WAL grew
    /// by every batch (444 MB during a 200,000-row import with readers taking ~1 s each on a loaded
    /// machine). A `PASSIVE` checkpoint that copies everything is not enough either: the readers
    /// that began after the commit read the whole WAL, and while one of them still does, the next
    /// batch is written after the last one (144 MB at 1M places with four readers looping).
    /// `RESTART` returns once those readers have ended; readers that begin after the WAL is copied
    /// whole read the database file alone, so the next write rewinds the WAL. An editor waiting
    /// meanwhile waits about one reader longer.
    @discardableResult
    func checkpointWholeWAL() throws -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        var frames = 0
        var copiedWhole = false
        while true {
            let row = try Row.fetchOne(self, sql: "PRAGMA wal_checkpoint(PASSIVE)")
            frames = row?[1] ?? -1
            let copied: Int = row?[2] ?? -1
            // -1: not in WAL mode; 0: an empty WAL.
            if frames <= 0 { return true }
            if copied >= frames {
                copiedWhole = true
                break
            }
            if Double(DispatchTime.now().uptimeNanoseconds - started) > Self.checkpointWaitSeconds * 1e9 { break }
            usleep(1000)
        }
        let pageSize = try Int.fetchOne(self, sql: "PRAGMA page_size") ?? 4096
        guard frames * pageSize > Self.largeWALBytes else { return copiedWhole }
        // Busy (1) when the handler gave up: the next batch tries again.
        let row = try Row.fetchOne(self, sql: "PRAGMA wal_checkpoint(RESTART)")
        return (row?[0] as Int?) == 0
    }

    /// The pages this connection has written to the WAL since the last call (SQLite's
    /// `SQLITE_DBSTATUS_CACHE_WRITE`, reset by the call): a batch's own, read after its COMMIT.
    func walPagesWritten() -> Int {
        var current: Int32 = 0
        var highwater: Int32 = 0
        sqlite3_db_status(sqliteConnection, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highwater, 1)
        return Int(current)
    }
}
