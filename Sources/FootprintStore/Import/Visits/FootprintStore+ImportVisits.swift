import Foundation
import GRDB

extension FootprintStore {
    /// Imports the visits of a CSV file (``VisitImportFile``), in one transaction.
    ///
    /// Each row names its place by a source id or by name and position (``VisitPlaceResolver``);
    /// a place named by name and position that is not in the database is added. A visit is keyed
    /// by its place, its arrival instant and the file's source, so importing the same file again
    /// adds nothing: a row whose visit exists is unchanged, or updated when its departure, note,
    /// rating or arrival offset differ. A row whose place the user removed is unchanged when its
    /// visit is still in the diary, detached, and skipped otherwise; a removed place is never
    /// added back.
    ///
    /// Bad rows (an unknown or ambiguous place id, a time that does not parse, a departure before
    /// the arrival, a rating other than 1–5, a missing value, a row repeating an earlier row's
    /// place and arrival) are skipped and listed in the summary with their line; with
    /// ``VisitImportOptions/strict`` the first one fails the import and nothing changes.
    ///
    /// - Throws: ``FootprintStoreError/strictImportFailed(path:row:)``, SQLite's errors as
    ///   ``FootprintStoreError/database(path:message:)``, and the file's read errors.
    public func importVisits(_ file: VisitImportFile, progress: (ImportProgress) -> Void = { _ in }) throws
        -> VisitImportSummary
    {
        guard writer != nil else { throw FootprintStoreError.readOnly(path: path) }
        try file.take()
        var summary = VisitImportSummary(source: file.source, encoding: file.encoding)
        try write { db in
            // Moves other tools made are folded first, so the spatial index has every place where it is.
            try PlaceMoves.fold(db)
            var run = try VisitImportRun(db, file: file)
            while let result = try file.reader.next() {
                switch result {
                case .skipped(let row): try run.skip(row, into: &summary)
                case .row(let row): try run.importRow(db, row, into: &summary)
                }
                if summary.rowsRead % 1000 == 0 {
                    progress(
                        ImportProgress(
                            bytesRead: file.reader.fileBytesConsumed, totalBytes: file.size, rowsRead: summary.rowsRead,
                            rowsCommitted: 0, skipped: summary.skipped, committed: false))
                }
            }
        }
        progress(
            ImportProgress(
                bytesRead: file.reader.fileBytesConsumed, totalBytes: file.size, rowsRead: summary.rowsRead,
                rowsCommitted: summary.rowsRead - summary.skipped, skipped: summary.skipped, committed: true))
        return summary
    }
}

/// The state of one visits import inside its transaction.
private struct VisitImportRun {
    /// A visit's identity within its source: its place and its arrival as stored.
    struct Key: Hashable {
        var placeID: Int64
        var arrivedAt: String
    }

    let file: VisitImportFile
    var resolver: VisitPlaceResolver
    /// The line of each visit met so far, to tell a row that repeats another.
    var lines: [Key: Int] = [:]

    init(_ db: Database, file: VisitImportFile) throws {
        self.file = file
        resolver = try VisitPlaceResolver(db, source: file.source)
    }

    mutating func skip(_ row: SkippedRow, into summary: inout VisitImportSummary) throws {
        if file.options.strict { throw FootprintStoreError.strictImportFailed(path: file.name, row: row) }
        summary.skipped += 1
        if summary.skippedRows.count < file.options.reportedSkipLimit { summary.skippedRows.append(row) }
    }

    mutating func importRow(_ db: Database, _ row: VisitRow, into summary: inout VisitImportSummary) throws {
        let arrivedAt = Timestamp.string(from: row.arrived.date)
        switch try resolver.resolve(db, row.place, arrivedAt: arrivedAt) {
        case .failure(let problem):
            try skip(SkippedRow(line: row.line, reason: problem.reason), into: &summary)
        case .success(.place(let id)):
            try save(db, row, placeID: id, into: &summary)
        case .success(.new(var place)):
            place.createdAt = Date()
            place.updatedAt = place.createdAt
            try place.insert(db)
            resolver.noteAdded()
            summary.placesAdded += 1
            try save(db, row, placeID: place.id!, into: &summary)
        case .success(.removed(let shown)):
            let kept = try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM visits WHERE place_id IS NULL AND source = ? AND arrived_at = ?)",
                arguments: [file.source, arrivedAt])
            if kept == true {
                summary.unchanged += 1
            } else {
                let reason = "The place \(shown) was removed (place remove), so no visit is added to it"
                try skip(SkippedRow(line: row.line, reason: reason), into: &summary)
            }
        }
    }

    /// Inserts the row's visit, or updates the one with its key.
    private mutating func save(_ db: Database, _ row: VisitRow, placeID: Int64, into summary: inout VisitImportSummary)
        throws
    {
        let key = Key(placeID: placeID, arrivedAt: Timestamp.string(from: row.arrived.date))
        if let earlier = lines[key] {
            let reason = "The visit repeats line \(earlier): the same place and arrival"
            try skip(SkippedRow(line: row.line, reason: reason), into: &summary)
            return
        }
        lines[key] = row.line
        let existing = try Visit.filter(
            Visit.Columns.source == file.source && Visit.Columns.placeID == placeID
                && Visit.Columns.arrivedAt == key.arrivedAt
        ).fetchOne(db)
        var visit =
            existing
            ?? Visit(placeID: placeID, arrived: row.arrived, source: file.source)
        let before = existing.map(Self.storedForm)
        visit.arrived = row.arrived
        visit.left = row.left
        visit.note = row.note
        visit.rating = row.rating
        if existing == nil {
            visit.placeName = try String.fetchOne(
                db.cachedStatement(sql: "SELECT name FROM places WHERE id = ?"), arguments: [placeID])
            try visit.insert(db)
            summary.inserted += 1
        } else if before == Self.storedForm(visit) {
            summary.unchanged += 1
        } else {
            try visit.update(db)
            summary.updated += 1
        }
    }

    /// What the file sets of a visit, as stored: times at the database's precision.
    private static func storedForm(_ visit: Visit) -> [String?] {
        [
            String(visit.arrived.utcOffsetSeconds), visit.left.map { Timestamp.string(from: $0.date) },
            visit.left.map { String($0.utcOffsetSeconds) }, visit.note, visit.rating.map(String.init),
        ]
    }
}
