/// A row (CSV record, GeoJSON feature, Naver item, Kakao document) left out of an import.
public struct SkippedRow: Hashable, Sendable, CustomStringConvertible {
    /// The line of the file the row starts on, from 1.
    public var line: Int
    /// For JSON input, where the row is (`features[12]`, `items[0]`); `nil` for CSV.
    public var jsonPath: String?
    /// Why, as a sentence without its final full stop ("The name is missing").
    public var reason: String

    public init(line: Int, jsonPath: String? = nil, reason: String) {
        self.line = line
        self.jsonPath = jsonPath
        self.reason = reason
    }

    /// `LINE: reason`, or `LINE: PATH: reason` for JSON; put `FILE:` in front for a full report.
    public var description: String {
        if let jsonPath { return "\(line): \(jsonPath): \(reason)" }
        return "\(line): \(reason)"
    }
}

/// What an import did.
public struct ImportSummary: Hashable, Sendable {
    /// The source name the places were recorded under.
    public var source: String
    /// The format the file was read as.
    public var format: ImportFormat
    /// The encoding it was read in.
    public var encoding: ImportEncoding
    /// Places new to the database.
    public var inserted = 0
    /// Places of this source already in the database whose fields changed.
    public var updated = 0
    /// Places of this source already in the database exactly as the file has them (a re-import
    /// of the same file counts every row here).
    public var unchanged = 0
    /// Rows of places the user removed, which an import does not bring back.
    public var keptRemoved = 0
    /// Rows new to the source that were the same spot as a place of another source and were
    /// merged into it (see ``ImportOptions/matchRadiusMeters``).
    public var merged = 0
    /// Every merged row, in file order, with the place it went into.
    public var mergedRows: [MergedRow] = []
    /// Rows (counted as updated or unchanged too) where at least one field the user set
    /// (``PlaceEdits``) kept the user's value although the file has another one.
    public var keptEdits = 0
    /// Rows that would have moved a place of the source more than 5 km or renamed it beyond
    /// recognition (see ``ImportOptions/replace``): nothing of their place changed.
    public var conflicts = 0
    /// The first ``ImportOptions/reportedSkipLimit`` conflicting rows, in file order, each with
    /// what it would have changed.
    public var conflictRows: [SkippedRow] = []
    /// Rows skipped as bad.
    public var skipped = 0
    /// The first ``ImportOptions/reportedSkipLimit`` skipped rows, in file order.
    public var skippedRows: [SkippedRow] = []
    /// Bad optional values left out of rows that were imported (a row may have several).
    public var warnings = 0
    /// The first ``ImportOptions/reportedSkipLimit`` warnings, in file order.
    public var warningRows: [RowWarning] = []

    public init(source: String, format: ImportFormat, encoding: ImportEncoding) {
        self.source = source
        self.format = format
        self.encoding = encoding
    }

    /// Rows read: every row is inserted, updated, unchanged, kept removed, merged, a conflict or
    /// skipped.
    public var rowsRead: Int { inserted + updated + unchanged + keptRemoved + merged + conflicts + skipped }
}

/// A row of an import merged into a place of another source.
public struct MergedRow: Hashable, Sendable {
    /// The line of the file the row starts on, from 1.
    public var line: Int
    /// For JSON input, where the row is (`items[0]`); `nil` for CSV.
    public var jsonPath: String?
    /// The row's id in its source (its own, or derived from its content).
    public var sourceID: String
    /// The place it was merged into.
    public var placeID: Int64

    public init(line: Int, jsonPath: String?, sourceID: String, placeID: Int64) {
        self.line = line
        self.jsonPath = jsonPath
        self.sourceID = sourceID
        self.placeID = placeID
    }
}

/// Progress of a running import, reported after each few thousand rows and at each commit.
public struct ImportProgress: Hashable, Sendable {
    /// Bytes of the file read so far.
    public var bytesRead: Int64
    /// The file's size, when known.
    public var totalBytes: Int64?
    /// Rows read so far.
    public var rowsRead: Int
    /// Rows committed to the database so far (inserted, updated, unchanged or kept removed).
    public var rowsCommitted: Int
    /// Rows skipped so far.
    public var skipped: Int
    /// True when this report follows a commit.
    public var committed: Bool

    public init(
        bytesRead: Int64, totalBytes: Int64?, rowsRead: Int, rowsCommitted: Int, skipped: Int, committed: Bool
    ) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.rowsRead = rowsRead
        self.rowsCommitted = rowsCommitted
        self.skipped = skipped
        self.committed = committed
    }

    /// The fraction of the file read, 0…1, when its size is known.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }
}
