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
