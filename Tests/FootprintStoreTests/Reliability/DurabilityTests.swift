import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Single edits are synced when they return (`synchronous = FULL`); bulk import batches run with
/// `NORMAL`, and the connection is back to `FULL` after them.
@Suite struct DurabilityTests {
    private func synchronous(_ db: Database) throws -> Int? { try Int.fetchOne(db, sql: "PRAGMA synchronous") }

    @Test func editsAreSyncedImportBatchesAreNot() throws {
        let test = try TemporaryStore()
        #expect(try test.store.write { try synchronous($0) } == 2)
        #expect(try test.store.bulkWrite { try synchronous($0) } == 1)
        #expect(try test.store.write { try synchronous($0) } == 2)

        let csv = test.directory.file("p.csv")
        try "id,name,lat,lon\n1,가,37.5,127\n2,나,37.6,127.1\n".write(to: csv, atomically: true, encoding: .utf8)
        #expect(try test.store.importPlaces(from: csv).inserted == 2)
        #expect(try test.store.write { try synchronous($0) } == 2)
    }

    /// A store that opens the file again sees every edit the first one returned from.
    @Test func anEditIsCommittedWhenItReturns() throws {
        let test = try TemporaryStore()
        let place = try test.store.addPlace(
            Place(name: "기록", coordinate: Coordinate(uncheckedLatitude: 37.5, longitude: 127)))
        let other = try FootprintStore.open(at: test.path, mode: .readOnly)
        #expect(
            try other.read {
                try String.fetchOne($0, sql: "SELECT name FROM places WHERE id = ?", arguments: [place.id])
            } == "기록")
    }
}

/// A writer waiting for another process's write lock retries every millisecond, so it gets the
/// lock within milliseconds of its release, however long it waited before.
@Suite struct LockWaitTests {
    @Test func aWaitingWriterTakesTheLockSoonAfterItIsFreed() throws {
        let test = try TemporaryStore()
        let other = try FootprintStore.open(at: test.path, mode: .readWrite)
        let holding = DispatchSemaphore(value: 0)
        let released = SharedValue<Date?>(nil)
        let holder = Thread {
            try? other.write { _ in
                holding.signal()
                Thread.sleep(forTimeInterval: 1)
            }
            released.value = Date()
        }
        holder.start()
        holding.wait()
        let place = try test.store.addPlace(
            Place(name: "대기", coordinate: Coordinate(uncheckedLatitude: 37.5, longitude: 127)))
        let got = Date()
        // The holder notes the time after its commit returned; the waiter may have been quicker.
        Thread.sleep(forTimeInterval: 0.1)
        let freedAt = try #require(released.value)
        #expect(place.id != nil)
        // Generous for a loaded machine (CI runs the suite's tests in parallel on 2 cores): the
        // point is that it waited, then went through.
        #expect(got.timeIntervalSince(freedAt) < 2)
    }

    /// The write connection keeps that handler after SpatiaLite is loaded into it: SpatiaLite
    /// sets SQLite's 5 s busy timeout (`PRAGMA busy_timeout` then reads 5000, and waiters retry
    /// only every 100 ms), which is how `place add` met "database is locked" during an import.
    /// A busy handler reads 0 there.
    @Test func spatiaLiteDoesNotReplaceTheHandler() throws {
        let test = try TemporaryStore()
        #expect(try test.store.write { try Int.fetchOne($0, sql: "PRAGMA busy_timeout") } == 0)
        #expect(try test.store.read { try Int.fetchOne($0, sql: "PRAGMA busy_timeout") } == 0)
    }

    /// The handler itself: a retry a millisecond later (SQLite's own busy timeout sleeps up to
    /// 100 ms between tries), and giving up after ``FootprintStore/lockRetries`` tries.
    @Test func retriesComeEveryMillisecond() {
        let started = Date()
        for tries in 0..<100 { #expect(FootprintStore.waitForLock(tries)) }
        // 0.1 s of sleeps; SQLite's own handler sleeps about 9 s over the same 100 tries.
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(!FootprintStore.waitForLock(FootprintStore.lockRetries))
    }
}

/// A value shared between threads.
final class SharedValue<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// An import given ``ImportOptions/maximumBatchSeconds`` commits small batches, each with its
/// search index rows, so a reader never meets more than a batch of unindexed places.
@Suite struct SharedImportTests {
    @Test func batchesEndOnTimeAndCarryTheirSearchRows() throws {
        let test = try TemporaryStore()
        let csv = test.directory.file("p.csv")
        var text = "id,name,lat,lon\n"
        for index in 0..<5000 { text += "\(index),장소 \(index),37.\(1000 + index),127.5\n" }
        try text.write(to: csv, atomically: true, encoding: .utf8)
        var options = ImportOptions()
        // Past the budget at the first look at the clock: a batch every `clockInterval` rows.
        options.maximumBatchSeconds = 1e-9
        let reader = try FootprintStore.open(at: test.path, mode: .readOnly)
        var committed: [Int] = []
        var pending: [Int] = []
        let summary = try test.store.importPlaces(from: csv, options: options) { progress in
            guard progress.committed else { return }
            committed.append(progress.rowsCommitted)
            pending.append((try? reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM place_changes") }) ?? -1)
        }
        #expect(summary.inserted == 5000)
        let interval = PlaceImportRun.clockInterval
        let batchEnds = Array(stride(from: interval, to: 5000, by: interval)) + [5000]
        #expect(committed == batchEnds)
        #expect(pending == batchEnds.map { _ in 0 })
    }

    /// At the shared setting: batches of at most about a second, each with its search index
    /// rows, so no transaction after the last batch folds the whole import into the index (with
    /// the default, rows-only batches, that holds the write lock for seconds on a large import).
    @Test func sharedBatchesAreTimeBoundedAndCarryTheirSearchRows() throws {
        #expect(ImportOptions().maximumBatchSeconds == nil)
        #expect(ImportOptions.sharedBatchSeconds == 1)
        var options = ImportOptions()
        options.maximumBatchSeconds = ImportOptions.sharedBatchSeconds
        let test = try TemporaryStore()
        let csv = test.directory.file("p.csv")
        var text = "id,name,lat,lon\n"
        for index in 0..<3000 { text += "\(index),장소 \(index),37.\(1000 + index),127.5\n" }
        try text.write(to: csv, atomically: true, encoding: .utf8)
        let reader = try FootprintStore.open(at: test.path, mode: .readOnly)
        var pending: [Int] = []
        let summary = try test.store.importPlaces(from: csv, options: options) { progress in
            guard progress.committed else { return }
            pending.append((try? reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM place_changes") }) ?? -1)
        }
        #expect(summary.inserted == 3000)
        #expect(!pending.isEmpty)
        #expect(pending.allSatisfy { $0 == 0 }, "\(pending)")
    }
}
