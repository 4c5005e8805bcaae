import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Between two import batches the importer waits, briefly, for the readers that hold an older
/// snapshot, so the WAL is copied whole and the next batch writes it from its start again: with
/// readers that never stop, the `-wal` file would grow batch after batch (issue #17: ≤ 64 MB).
@Suite struct CheckpointTests {
    private func walSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
    }

    /// A batch of rows of about 600 bytes each.
    private func insertRows(_ db: Database, _ range: Range<Int>) throws {
        for index in range {
            try db.execute(
                sql: "INSERT INTO rows(text) VALUES (?)", arguments: ["\(index) " + String(repeating: "가", count: 200)])
        }
    }

    /// `wal.sqlite` in a new directory with a table `rows`: a pool for readers, and a writer
    /// that waits up to 10 s for locks and checkpoints only when told.
    private func walFiles() throws -> (TemporaryDirectory, DatabasePool, DatabaseQueue) {
        let directory = try TemporaryDirectory()
        let path = directory.file("wal.sqlite").path
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute(sql: "CREATE TABLE rows(text TEXT)") }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let writer = try DatabaseQueue(path: path, configuration: configuration)
        try writer.inDatabase { try $0.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        return (directory, pool, writer)
    }

    /// Starts a reader of `pool` that holds its snapshot for `seconds`, and returns once it holds it.
    private func holdSnapshot(_ pool: DatabasePool, seconds: Double) {
        let readerHoldsSnapshot = DispatchSemaphore(value: 0)
        let reading = Thread {
            try? pool.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM rows")
                readerHoldsSnapshot.signal()
                Thread.sleep(forTimeInterval: seconds)
            }
        }
        reading.start()
        readerHoldsSnapshot.wait()
    }

    @Test func aReaderOnAnOldSnapshotDelaysTheWholeCheckpointUntilItEnds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("wal.sqlite").path
        // The pool switches the file to WAL; its reader holds the snapshot.
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute(sql: "CREATE TABLE rows(text TEXT)") }
        let writer = try DatabaseQueue(path: path)
        try writer.inDatabase { db in
            // Only the checkpoint under test copies the WAL.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.inTransaction {
                try insertRows(db, 0..<500)
                return .commit
            }
        }
        let readerHoldsSnapshot = DispatchSemaphore(value: 0)
        let writerCommitted = DispatchSemaphore(value: 0)
        let reading = Thread {
            try? pool.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM rows")
                readerHoldsSnapshot.signal()
                writerCommitted.wait()
            }
        }
        reading.start()
        readerHoldsSnapshot.wait()
        try writer.inDatabase { db in
            try db.inTransaction {
                try insertRows(db, 500..<1000)
                return .commit
            }
            // The reader's snapshot ends before the second batch: only the first is copied.
            #expect(try !db.checkpointWholeWAL())
        }
        writerCommitted.signal()
        Thread.sleep(forTimeInterval: 0.05)
        let grown = walSize(path)
        try writer.inDatabase { db in
            #expect(try db.checkpointWholeWAL())
            try db.inTransaction {
                try insertRows(db, 1000..<1100)
                return .commit
            }
        }
        // A smaller batch written from the start of the WAL again leaves the file as it was.
        #expect(walSize(path) == grown)
        let frames = try writer.inDatabase { db in
            try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")?[1] as Int?
        }
        let pageSize = try writer.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } ?? 4096
        #expect((frames ?? 0) * pageSize < grown / 2)
    }

    /// Past ``Database/largeWALBytes`` the checkpoint waits for the reader (holding the write
    /// lock), and the next transaction writes the WAL from its start.
    @Test func aLargeWALWaitsForTheReaderOfAnOldSnapshot() throws {
        let (directory, pool, writer) = try walFiles()
        let path = directory.file("wal.sqlite").path
        holdSnapshot(pool, seconds: 0.5)
        let copied = try writer.inDatabase { db in
            try db.inTransaction {
                try insertRows(db, 0..<30_000)
                return .commit
            }
            return try db.checkpointWholeWAL()
        }
        #expect(copied)
        let grown = walSize(path)
        #expect(grown > Database.largeWALBytes)
        try writer.inDatabase { db in
            try db.inTransaction {
                try insertRows(db, 0..<100)
                return .commit
            }
        }
        let frames = try writer.inDatabase { db in
            try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")?[1] as Int?
        }
        #expect((frames ?? 0) < 100)
    }

    /// A large WAL copied whole by the first `PASSIVE` checkpoint is still read by a reader that
    /// began after the commit: the checkpoint waits for it too, so that the next transaction
    /// writes the WAL from its start instead of after the batch.
    @Test func aLargeWALCopiedWholeWaitsForItsReadersToo() throws {
        let (directory, pool, writer) = try walFiles()
        let path = directory.file("wal.sqlite").path
        try writer.inDatabase { db in
            try db.inTransaction {
                try insertRows(db, 0..<30_000)
                return .commit
            }
        }
        #expect(walSize(path) > Database.largeWALBytes)
        holdSnapshot(pool, seconds: 0.3)
        let frames = try writer.inDatabase { db in
            #expect(try db.checkpointWholeWAL())
            try db.inTransaction {
                try insertRows(db, 0..<100)
                return .commit
            }
            return try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")?[1] as Int?
        }
        #expect((frames ?? 0) < 100)
    }

    /// Another connection's checkpoint holds the checkpoint lock (in production an editor's
    /// automatic one after its COMMIT; here a `RESTART` waiting for a reader): the checkpoint
    /// between two batches waits for it to end instead of taking the WAL for copied, which let
    /// the next batch be written after the last one.
    @Test func anotherConnectionsCheckpointIsWaitedFor() throws {
        let (directory, pool, writer) = try walFiles()
        let path = directory.file("wal.sqlite").path
        holdSnapshot(pool, seconds: 1)
        try writer.inDatabase { db in
            try db.inTransaction {
                try insertRows(db, 0..<30_000)
                return .commit
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let other = try DatabaseQueue(path: path, configuration: configuration)
        let otherEnded = DispatchSemaphore(value: 0)
        let checkpointing = Thread {
            _ = try? other.inDatabase { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(RESTART)") }
            otherEnded.signal()
        }
        checkpointing.start()
        // The other checkpoint has taken its lock and waits for the reader (until ~1 s).
        Thread.sleep(forTimeInterval: 0.2)
        let frames = try writer.inDatabase { db in
            #expect(try db.checkpointWholeWAL())
            #expect(otherEnded.wait(timeout: .now()) == .success)
            try db.inTransaction {
                try insertRows(db, 0..<100)
                return .commit
            }
            return try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")?[1] as Int?
        }
        #expect((frames ?? 0) < 100)
    }
}
