import Foundation
import GRDB

extension Database {
    /// The most a bulk write waits between two batches for readers to let the WAL be
    /// checkpointed whole, in seconds, while the WAL is small …
    static let checkpointWaitSeconds = 0.05
    /// … and while it holds more than ``largeWALBytes``.
    static let largeWALCheckpointWaitSeconds = 1.0
    /// From this size on the WAL is large: checkpointing it whole is worth waiting for.
    static let largeWALBytes = 32 << 20

    /// Between two batches of a bulk write, outside any transaction: copies the WAL into the
    /// database (`PRAGMA wal_checkpoint(PASSIVE)`, which takes no lock a writer or reader waits
    /// for) and retries every millisecond until all of it is copied or the wait above has passed.
    /// Returns whether all of it was.
    ///
    /// Why: SQLite writes a transaction at the start of the `-wal` file again only when the WAL
    /// was copied whole before the transaction began, and it copies only the frames every reader's
    /// snapshot includes. The automatic checkpoint after each commit meets the readers that began
    /// before that commit, so while readers never stop (a search, a tile, an export in a loop)
    /// it always stops one batch short, and the WAL grew past 64 MB during a large import. A
    /// reader that began before the commit ends within its query's time; once it has, the copy
    /// completes, readers that begin from then on read the database file alone, and the next batch
    /// writes the WAL from its start again.
    @discardableResult
    func checkpointWholeWAL() throws -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        while true {
            let row = try Row.fetchOne(self, sql: "PRAGMA wal_checkpoint(PASSIVE)")
            let frames: Int = row?[1] ?? -1
            let copied: Int = row?[2] ?? -1
            // -1: not in WAL mode; 0: an empty WAL.
            if frames <= 0 || copied >= frames { return true }
            let pageSize = try Int.fetchOne(self, sql: "PRAGMA page_size") ?? 4096
            let limit =
                frames * pageSize > Self.largeWALBytes ? Self.largeWALCheckpointWaitSeconds : Self.checkpointWaitSeconds
            if Double(DispatchTime.now().uptimeNanoseconds - started) > limit * 1e9 { return false }
            usleep(1000)
        }
    }
}
