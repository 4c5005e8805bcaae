import Foundation

/// When a time-bounded import batch (``ImportOptions/maximumBatchSeconds``) should stop taking
/// rows, so that the whole batch — its rows, then its spatial and search index updates and the
/// COMMIT — holds the write lock for about the budget, not the budget plus its index work.
///
/// The work after the rows grows with them (R*Tree entries, FTS5 rows, WAL pages), so the clock
/// keeps the last batch's cost of that work per row and stops when the time spent on rows plus
/// the expected rest reaches the budget. Before any batch has been measured, it assumes the rest
/// takes as long as the rows. A batch that re-packs the spatial index raises the estimate; the
/// next one is smaller and adds its entries one by one instead, so the estimate settles.
///
/// Such a batch is also bounded by the pages it writes to the WAL (``walBudgetPages``): the
/// `-wal` file holds at least the last batch until a checkpoint copies it, and in a large store a
/// row changes a page of each index it is keyed in at random (its source id, its sources, its
/// recommendation cell, its R*Tree leaf, its FTS5 terms): at 1M places a one-second batch wrote
/// 191 MB. The clock keeps the last batch's pages per row too — an over-estimate for a larger
/// batch, whose rows share more pages — and stops before the budget would be passed. When the
/// WAL could not be rewound before the batch (a reader kept its snapshot longer than the
/// checkpoint waits), the batch is written after what the WAL still holds, and its budget shrinks
/// so that the two stay within ``walLimitPages``.
struct BatchClock {
    /// The budget, in nanoseconds; `nil`: batches are sized by rows alone.
    let budgetNanoseconds: Double?
    /// The most pages a time-bounded batch should write to the WAL.
    let walBudgetPages: Double?
    /// The most pages the WAL should hold with a time-bounded batch written after what it held.
    let walLimitPages: Double?
    /// This batch's share of the WAL: ``walBudgetPages``, less what ``walLimitPages`` leaves.
    private(set) var batchWALPages: Double?
    /// The last measured batch's nanoseconds after its rows, per row.
    private(set) var tailNanosecondsPerRow: Double?
    /// The last measured batch's WAL pages, per row.
    private(set) var walPagesPerRow: Double?
    private var started: UInt64 = 0
    private var rowsEnded: UInt64 = 0
    private var rows = 0

    /// A clock for batches of at most `seconds` each and, with a time bound, `walPages` WAL pages,
    /// in a WAL of at most `walLimitPages` (no limit but the batch's when `nil`); `nil` for no bound.
    init(seconds: Double?, walPages: Int? = nil, walLimitPages: Int? = nil) {
        budgetNanoseconds = seconds.map { $0 * 1e9 }
        walBudgetPages = seconds == nil ? nil : walPages.map(Double.init)
        self.walLimitPages = seconds == nil ? nil : walLimitPages.map(Double.init)
    }

    /// Marks the start of a batch (before its transaction begins), written after the
    /// `walPagesInUse` pages the WAL still holds (0 when it was rewound). The batch keeps an
    /// eighth of its budget however full the WAL is, so that the import goes on.
    mutating func startBatch(walPagesInUse: Int = 0) {
        started = Self.now()
        rows = 0
        batchWALPages = walBudgetPages.map { budget in
            guard let walLimitPages else { return budget }
            return min(budget, max(budget / 8, walLimitPages - Double(walPagesInUse)))
        }
    }

    /// Whether a batch that has taken `rows` rows so far should stop taking more.
    func isDue(rows: Int) -> Bool {
        guard let budgetNanoseconds else { return false }
        if let batchWALPages, let walPagesPerRow, Double(rows + 1) * walPagesPerRow > batchWALPages { return true }
        let elapsed = Double(Self.now() - started)
        let rest = tailNanosecondsPerRow.map { $0 * Double(rows) } ?? elapsed
        return elapsed + rest > budgetNanoseconds
    }

    /// Marks the end of the batch's rows: its index updates and COMMIT come next.
    mutating func endRows(_ rows: Int) {
        rowsEnded = Self.now()
        self.rows = rows
    }

    /// Marks the batch committed, and learns what its work after the rows cost, and how many
    /// pages it wrote to the WAL (`walPages`, when known).
    mutating func endBatch(walPages: Int? = nil) {
        guard rows > 0 else { return }
        tailNanosecondsPerRow = Double(Self.now() - rowsEnded) / Double(rows)
        if let walPages { walPagesPerRow = Double(walPages) / Double(rows) }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
