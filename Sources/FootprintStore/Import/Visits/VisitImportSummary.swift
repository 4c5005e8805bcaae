/// What a visits import did.
public struct VisitImportSummary: Hashable, Sendable {
    /// The source name the visits were recorded under.
    public var source: String
    /// The encoding the file was read in.
    public var encoding: ImportEncoding
    /// Visits new to the database.
    public var inserted = 0
    /// Visits already in the database (same place, arrival and source) whose departure, note or
    /// rating changed.
    public var updated = 0
    /// Visits already in the database exactly as the file has them (a re-import of the same
    /// file counts every row here).
    public var unchanged = 0
    /// Rows skipped as bad.
    public var skipped = 0
    /// Places the file named by name and position that were not in the database, added.
    public var placesAdded = 0
    /// The first ``VisitImportOptions/reportedSkipLimit`` skipped rows, in file order.
    public var skippedRows: [SkippedRow] = []

    public init(source: String, encoding: ImportEncoding) {
        self.source = source
        self.encoding = encoding
    }

    /// Rows read: every row is inserted, updated, unchanged or skipped.
    public var rowsRead: Int { inserted + updated + unchanged + skipped }
}
