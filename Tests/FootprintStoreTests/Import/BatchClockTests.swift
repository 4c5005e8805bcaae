import Foundation
import Testing

@testable import FootprintStore

/// A time-bounded batch stops taking rows when its rows plus the work expected after them (index
/// updates and COMMIT, learnt from the previous batch) would pass the budget.
@Suite struct BatchClockTests {
    @Test func noBudgetIsNeverDue() {
        var clock = BatchClock(seconds: nil)
        clock.startBatch()
        #expect(!clock.isDue(rows: 10_000_000))
    }

    /// Before any batch is measured, the work after the rows is taken to last as long as they:
    /// a batch stops at half its budget.
    @Test func firstBatchStopsAtHalfItsBudget() {
        var clock = BatchClock(seconds: 0.05)
        clock.startBatch()
        #expect(!clock.isDue(rows: 1024))
        Thread.sleep(forTimeInterval: 0.03)
        #expect(clock.isDue(rows: 1024))
    }

    /// The last batch's cost after its rows, per row, is reserved in the next one.
    @Test func laterBatchesReserveTheMeasuredWorkAfterTheRows() {
        var clock = BatchClock(seconds: 1)
        clock.startBatch()
        clock.endRows(1000)
        Thread.sleep(forTimeInterval: 0.2)
        clock.endBatch()
        let perRow = clock.tailNanosecondsPerRow ?? 0
        #expect(perRow >= 200_000)
        clock.startBatch()
        // 6,000 rows would need at least 1.2 s after them: due at once, however fast the rows came.
        #expect(clock.isDue(rows: 6000))
        #expect(!clock.isDue(rows: 10))
    }
}

/// A time-bounded batch also stops before the WAL pages it is expected to write, at the last
/// batch's pages per row, pass the WAL budget.
@Suite struct BatchClockWALTests {
    @Test func aBatchStopsBeforeItsExpectedPagesPassTheBudget() {
        var clock = BatchClock(seconds: 60, walPages: 1000)
        clock.startBatch()
        // Nothing measured yet: only time bounds the first batch.
        #expect(!clock.isDue(rows: 100_000))
        clock.endRows(500)
        clock.endBatch(walPages: 2500)
        #expect(clock.walPagesPerRow == 5)
        clock.startBatch()
        #expect(!clock.isDue(rows: 150))
        // 200 rows and the next one would write 1,005 pages.
        #expect(clock.isDue(rows: 200))
    }

    /// A batch written after pages the WAL still holds (it could not be rewound) gets what the
    /// WAL limit leaves, and at least an eighth of its budget.
    @Test func aBatchAfterPagesStillInTheWALGetsWhatTheLimitLeaves() {
        var clock = BatchClock(seconds: 60, walPages: 1000, walLimitPages: 1500)
        clock.startBatch()
        clock.endRows(100)
        clock.endBatch(walPages: 500)
        clock.startBatch(walPagesInUse: 0)
        #expect(clock.batchWALPages == 1000)
        #expect(!clock.isDue(rows: 150))
        clock.startBatch(walPagesInUse: 1000)
        #expect(clock.batchWALPages == 500)
        // 100 rows and the next one would write 505 pages.
        #expect(!clock.isDue(rows: 90))
        #expect(clock.isDue(rows: 100))
        clock.startBatch(walPagesInUse: 1490)
        #expect(clock.batchWALPages == 125)
    }

    @Test func anImportSizedByRowsHasNoWALBudget() {
        var clock = BatchClock(seconds: nil, walPages: 1000)
        clock.startBatch()
        clock.endRows(10)
        clock.endBatch(walPages: 1_000_000)
        clock.startBatch()
        #expect(!clock.isDue(rows: 1_000_000))
    }
}
