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
    /// The most a bulk write waits between two batches for another connection's checkpoint to
    /// end, in seconds: an editor's COMMIT checkpoints the WAL it finds (SQLite's automatic
    /// checkpoint), and a batch that begins while that copy runs cannot write the WAL from its
    /// start. Copying a batch's 32 MB takes ~0.1–0.5 s.
    static let checkpointLockWaitSeconds = 2.0

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
    ///
    /// A checkpoint that meets another connection's (an editor's automatic checkpoint after its
    /// COMMIT, copying the last batch) does nothing and says so: the `PASSIVE` one is retried
    /// within its ``checkpointWaitSeconds``, then — the WAL's size unknown, taken as large — the
    /// `RESTART` one for at most ``checkpointLockWaitSeconds``. Taking that for a WAL already
    /// copied let the next batch be written after the last one: 17 of ~430 batches of a 1M import
    /// beside four readers and an editor, and a `-wal` file of 62–71 MB.
    @discardableResult
    func checkpointWholeWAL() throws -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        func waited(_ seconds: Double) -> Bool {
            Double(DispatchTime.now().uptimeNanoseconds - started) > seconds * 1e9
        }
        var frames: Int?
        var copiedWhole = false
        while true {
            let result = try checkpoint("PASSIVE")
            switch result {
            case .notWAL, .empty: return true
            case .busy: break
            case .done(let log, let copied):
                frames = log
                copiedWhole = copied >= log
            }
            if copiedWhole || waited(Self.checkpointWaitSeconds) { break }
            usleep(1000)
        }
        let pageSize = try Int.fetchOne(self, sql: "PRAGMA page_size") ?? 4096
        // Unknown: another connection's checkpoint held the lock all along; its WAL may be large.
        if let frames, frames * pageSize <= Self.largeWALBytes { return copiedWhole }
        while true {
            // Busy with frames copied: the busy handler gave up on a reader, the next batch tries
            // again. Busy without: another connection is checkpointing, retried.
            switch try checkpoint("RESTART") {
            case .notWAL, .empty: return true
            case .done(let log, let copied): return copied >= log
            case .busy:
                if waited(Self.checkpointLockWaitSeconds) { return false }
                usleep(1000)
            }
        }
    }

    /// What `PRAGMA wal_checkpoint(mode)` did.
    private enum CheckpointResult {
        case notWAL, empty
        /// Another connection held the checkpoint lock: nothing was done.
        case busy
        /// The WAL holds `log` frames, of which the database now holds `copied`.
        case done(log: Int, copied: Int)
    }

    /// Runs `PRAGMA wal_checkpoint(mode)`. Its row is (busy, log frames, copied frames); the two
    /// counts are -1 when the file is not in WAL mode, or when the checkpoint could not take its
    /// lock because another connection was checkpointing (busy = 1) — SQLite's automatic
    /// checkpoint after an editor's COMMIT copying the last batch, for instance.
    private func checkpoint(_ mode: String) throws -> CheckpointResult {
        guard let row = try Row.fetchOne(self, sql: "PRAGMA wal_checkpoint(\(mode))") else { return .notWAL }
        let busy: Int = row[0] ?? 0
        let log: Int = row[1] ?? -1
        let copied: Int = row[2] ?? -1
        if log < 0 { return busy == 0 ? .notWAL : .busy }
        if log == 0 { return .empty }
        // RESTART reports busy when its busy handler gave up waiting for readers, with the counts.
        return .done(log: log, copied: busy == 0 ? copied : min(copied, log - 1))
    }

    /// The frames the WAL holds, from a `PASSIVE` checkpoint; `nil` when another connection's
    /// checkpoint runs or the file is not in WAL mode.
    func walFrames() throws -> Int? {
        switch try checkpoint("PASSIVE") {
        case .notWAL, .busy: return nil
        case .empty: return 0
        case .done(let log, _): return log
        }
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
