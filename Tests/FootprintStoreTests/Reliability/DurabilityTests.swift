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
        // SQLite's own busy timeout would be sleeping 100 ms at a time by now.
        #expect(got.timeIntervalSince(freedAt) < 0.04)
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
