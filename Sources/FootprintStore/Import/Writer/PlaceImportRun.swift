import Foundation
import GRDB

/// One import run: reads rows from a ``PlaceRowReader`` and commits them in batches (of at most
/// ``ImportOptions/maximumBatchSeconds`` of rows when it is given), pausing between two batches
/// so other writers get their turn.
///
/// Each batch is one immediate transaction that suspends the per-row triggers, writes its rows
/// (``PlaceBatchWriter``), brings the spatial index, `place_changes` and `geometry_columns_time`
/// up to date, and re-creates the triggers before COMMIT, so every committed state is a normal
/// SpatiaLite database and a killed import leaves the last committed batch. A strict run is one
/// batch: its first bad row rolls everything back.
struct PlaceImportRun {
    let path: String
    let source: String
    let options: ImportOptions
    let reader: PlaceRowReader
    let totalBytes: Int64?
    /// The source is a CSV or GeoJSON file's own name: rows are checked for ``SourceConflicts``.
    var checksIdentity = false

    /// Rows between two progress reports within a batch.
    static let progressInterval = 16_384
    /// Rows between two looks at the batch's clock: at 1M places a shared batch's WAL budget
    /// is reached within a few thousand rows.
    static let clockInterval = 256
    /// The most a shared import's batch should write to the WAL (``BatchClock``), bytes: issue #17
    /// keeps the `-wal` file within 64 MB. A batch may write more than its estimate (one that
    /// merges FTS5 segments, or a store grown since the last batch), and an edit's transaction may
    /// follow it there before a checkpoint copies them. With four readers looping and an editor at
    /// 1M places the `-wal` file peaked at 45.6 MB with this budget (batches of up to 49 MB: the
    /// first ones, whose pages per row the clock still under-estimates).
    static let walBudgetBytes = 32 << 20
    /// The most the WAL should hold with a batch written after a previous one it still holds (a
    /// reader kept the checkpoint from rewinding it): the next batch's budget shrinks to fit,
    /// with room left for an edit and for a batch that writes more than its estimate.
    static let walLimitBytes = 48 << 20
    /// How long the importer leaves the write lock free after each commit, so that a writer
    /// waiting for it (its busy handler retries every millisecond, see
    /// ``FootprintStore/lockRetries``) takes it before the next batch does.
    static let pauseMicroseconds: useconds_t = 3000
    /// A row's size in a places file, for guessing how many rows a file holds: a name and a
    /// position take ~40 bytes, most files carry more.
    static let bytesPerRowEstimate: Int64 = 64

    /// A build of the search index beside the batches, when this run can have one
    /// (``SearchIndexBuild``): an import whose batches leave the search index to the end.
    func startSearchBuild(_ db: Database) throws -> SearchIndexBuild? {
        guard options.maximumBatchSeconds == nil else { return nil }
        return try SearchIndexBuild.start(
            db, path: path, expectedRows: totalBytes.map { Int($0 / Self.bytesPerRowEstimate) },
            minimumRows: options.searchBuildMinimumRows)
    }

    /// Imports the rows; `build` is given the text of the places the batches insert as they go
    /// (a batch that fails ends the import, and the build with it), and given up when a row
    /// changes a place it has not seen.
    func run(
        _ db: Database, into summary: inout ImportSummary, build: SearchIndexBuild? = nil,
        progress: (ImportProgress) -> Void
    ) throws {
        let rows = RowPipeline(reader: reader)
        rows.start()
        defer { rows.stop() }
        let checks = try PlaceWriteChecks.decide(db, source: source, options: options, checksIdentity: checksIdentity)
        let conflation = try ConflationRun(
            db, source: source, radiusMeters: options.matchRadiusMeters,
            expectedRows: totalBytes.map { Int($0 / Self.bytesPerRowEstimate) })
        let hasSpatialIndex = try db.tableExists(SpatialIndexUpdate.table)
        var indexCount =
            hasSpatialIndex
            ? try Int.fetchOne(db, sql: "SELECT count(*) FROM \(SpatialIndexUpdate.table)_rowid") ?? 0 : 0
        var batchLimit = options.strict ? Int.max : options.batchSize
        let lines = PlaceLines()
        var finished = false
        var committedRows = 0
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        var clock = BatchClock(
            seconds: options.strict ? nil : options.maximumBatchSeconds, walPages: Self.walBudgetBytes / pageSize,
            walLimitPages: Self.walLimitBytes / pageSize)
        var walPagesInUse = 0
        while !finished {
            var batch = summary
            clock.startBatch(walPagesInUse: walPagesInUse)
            _ = db.walPagesWritten()
            try db.inTransaction(.immediate) {
                let triggers = try SuspendedTriggers(db)
                let lastIDBefore = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0
                let writer = try PlaceBatchWriter(
                    db, path: path, source: source, timestamp: Timestamp.string(from: Date()),
                    checks: checks, lines: lines, conflation: conflation, build: build)
                var rowCount = 0
                while rowCount < batchLimit {
                    guard let row = try rows.next() else {
                        finished = true
                        break
                    }
                    rowCount += 1
                    switch row {
                    case .skipped(let skipped):
                        try skip(skipped, in: &batch)
                    case .place(let place):
                        if options.strict, let row = place.strictFailure {
                            throw FootprintStoreError.strictImportFailed(path: path, row: row)
                        }
                        let outcome = try writer.write(place)
                        if !outcome.isRepeated { batch.record(warningsOf: place, limit: options.reportedSkipLimit) }
                        switch outcome {
                        case .inserted: batch.inserted += 1
                        case .updated:
                            batch.updated += 1
                            build?.giveUp()
                        case .unchanged: batch.unchanged += 1
                        case .keptRemoved: batch.keptRemoved += 1
                        case .merged(let placeID):
                            batch.merged += 1
                            build?.giveUp()
                            batch.mergedRows.append(
                                MergedRow(
                                    line: place.line, jsonPath: place.jsonPath, sourceID: place.sourceID,
                                    placeID: placeID))
                        case .conflict(let reason):
                            let row = SkippedRow(line: place.line, jsonPath: place.jsonPath, reason: reason)
                            if options.strict { throw FootprintStoreError.strictImportFailed(path: path, row: row) }
                            batch.conflicts += 1
                            if batch.conflictRows.count < options.reportedSkipLimit { batch.conflictRows.append(row) }
                        case .repeated(let firstLine):
                            try skip(Self.repeatedRow(place, firstLine: firstLine), in: &batch)
                        }
                    }
                    if rowCount % Self.clockInterval == 0, clock.isDue(rows: rowCount) { break }
                    if rowCount % Self.progressInterval == 0 {
                        progress(
                            report(batch, bytesRead: rows.bytesConsumed, committedRows: committedRows, committed: false)
                        )
                    }
                }
                clock.endRows(rowCount)
                batch.keptEdits += writer.keptEdits
                writer.flushSearchRows()
                if hasSpatialIndex, triggers.contains("gii_places_geom") {
                    indexCount = try writer.index.apply(db, path: path, existing: indexCount)
                }
                try writer.recordChanges(db, insertedAbove: lastIDBefore)
                // A shared import: searches meanwhile must not scan every row imported so far,
                // nor an edit fold them all in its own transaction.
                if options.maximumBatchSeconds != nil { try SearchIndex.fold(db) }
                try Self.touchGeometryTime(
                    db, inserted: batch.inserted > summary.inserted, updated: batch.updated > summary.updated)
                try triggers.restore(db)
                return .commit
            }
            clock.endBatch(walPages: db.walPagesWritten())
            summary = batch
            committedRows = summary.rowsRead - summary.skipped - summary.conflicts
            progress(report(summary, bytesRead: rows.bytesConsumed, committedRows: committedRows, committed: true))
            batchLimit = nextBatchLimit(
                committedRows: committedRows, rowsRead: summary.rowsRead, bytesRead: rows.bytesConsumed)
            if !finished {
                usleep(Self.pauseMicroseconds)
                // Not rewound: the next batch is written after what the WAL holds (a full batch
                // when unknown).
                walPagesInUse = 0
                if try !db.checkpointWholeWAL() { walPagesInUse = try db.walFrames() ?? Self.walBudgetBytes / pageSize }
            }
        }
    }

    /// Counts and lists a skipped row; in a strict run, fails the import with it.
    private func skip(_ row: SkippedRow, in batch: inout ImportSummary) throws {
        if options.strict { throw FootprintStoreError.strictImportFailed(path: path, row: row) }
        batch.skipped += 1
        if batch.skippedRows.count < options.reportedSkipLimit { batch.skippedRows.append(row) }
    }

    /// The skipped row for `place`, which repeats the place of the row at `firstLine`: the first
    /// row stands, as a primary key keeps the first row PostgreSQL's `COPY` inserts (and then
    /// fails), and as `sqlite3 .import` reports the second as a constraint failure.
    static func repeatedRow(_ place: ImportedPlace, firstLine: Int) -> SkippedRow {
        let reason: String
        if let derivedFrom = place.derivedFrom {
            reason =
                "The row repeats line \(firstLine): without an id, a place is known by its \(derivedFrom), "
                + "and these are the same"
        } else {
            reason = "The id “\(place.sourceID.trimmingWhitespaceForMessage())” is already used at line \(firstLine)"
        }
        return SkippedRow(line: place.line, jsonPath: place.jsonPath, reason: reason)
    }

    /// The size of the next batch: three times the rows committed so far (at least
    /// `options.batchSize`), so the spatial index is re-packed for a total of about 4/3 of the
    /// rows; when the rest of the file looks smaller than one and a half such batches, all of it
    /// (estimated from the bytes read), so a large file does not end on a small batch that
    /// re-packs the whole index again.
    private func nextBatchLimit(committedRows: Int, rowsRead: Int, bytesRead: Int64) -> Int {
        var limit = max(options.batchSize, 3 * committedRows)
        if let totalBytes, bytesRead > 0, rowsRead > 0 {
            let remaining = Double(max(0, totalBytes - bytesRead)) * Double(rowsRead) / Double(bytesRead)
            if remaining < 1.5 * Double(limit) { limit = max(limit / 2, Int(remaining * 1.1) + 1) }
        }
        return min(limit, options.maximumBatchSize)
    }

    /// What SpatiaLite's `tmi_`/`tmu_` triggers record, once for the batch (also used by the
    /// GPX import's waypoints).
    static func touchGeometryTime(_ db: Database, inserted: Bool, updated: Bool) throws {
        guard try db.tableExists("geometry_columns_time") else { return }
        for (column, happened) in [("last_insert", inserted), ("last_update", updated)] where happened {
            try db.execute(
                sql: """
                    UPDATE geometry_columns_time SET \(column) = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                    WHERE Lower(f_table_name) = 'places' AND Lower(f_geometry_column) = 'geom'
                    """)
        }
    }

    private func report(_ summary: ImportSummary, bytesRead: Int64, committedRows: Int, committed: Bool)
        -> ImportProgress
    {
        ImportProgress(
            bytesRead: bytesRead, totalBytes: totalBytes, rowsRead: summary.rowsRead,
            rowsCommitted: committedRows, skipped: summary.skipped, committed: committed)
    }
}
