import GRDB

/// What a ``PlaceBatchWriter`` checks besides (source, source id), decided once per run so a
/// run whose source has no removed place, no marked place and no identity check pays nothing
/// per row for them.
struct PlaceWriteChecks {
    /// `removed_sources` holds some id of the source: rows are looked up there before insert.
    var removed = false
    /// Some place of the source has marks in `place_edits` (or the table exists and
    /// ``overwriteEdits`` needs them cleared): updated rows read their place's marks.
    var edits = false
    /// ``ImportOptions/overwriteEdits``: the file's values win and the marks go.
    var overwriteEdits = false
    /// Rows that would move or rename their place too far are ``ImportOutcome/conflict(reason:)``.
    var conflicts = false
    /// The source had places (with a source id) when the run began: a row is looked up before
    /// it is inserted, as it is likely there already.
    var sourceHasPlaces = false

    /// The checks for importing `source` with `options`; `checksIdentity` is true when the
    /// source name is a CSV or GeoJSON file's own (not given with `--source`).
    static func decide(_ db: Database, source: String, options: ImportOptions, checksIdentity: Bool) throws
        -> PlaceWriteChecks
    {
        var checks = PlaceWriteChecks()
        checks.removed =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM removed_sources WHERE source = ?)", arguments: [source])
            ?? false
        if try db.tableExists(PlaceEditsTable.name) {
            // Marks are few (places the user touched by hand): scan them, look each place up by id.
            // CROSS JOIN keeps that order: left to itself the planner scanned all of `places`
            // (`places_source` is partial, so `source = ?` alone cannot use it), 0.6 s at 1M.
            checks.edits =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM place_edits e CROSS JOIN places p ON p.id = e.place_id
                            WHERE p.source = ?)
                        """, arguments: [source]) ?? false
        }
        // `source_id IS NOT NULL` lets the partial index `places_source` answer.
        checks.sourceHasPlaces =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM places WHERE source = ? AND source_id IS NOT NULL)",
                arguments: [source]) ?? false
        checks.overwriteEdits = options.overwriteEdits
        checks.conflicts = checksIdentity && !options.replace
        return checks
    }
}

/// The prepared statements that read (and, for ``ImportOptions/overwriteEdits``, delete) a
/// place's marks in `place_edits` during a batch.
final class PlaceMarkStatements {
    private let select: RawStatement
    private let delete: RawStatement?

    init(_ db: Database, path: String, deleting: Bool) throws {
        let columns = PlaceEditsTable.fieldColumns.joined(separator: ", ")
        select = try RawStatement(
            db, path: path, sql: "SELECT \(columns), added_tags, removed_tags FROM place_edits WHERE place_id = ?1")
        delete =
            deleting ? try RawStatement(db, path: path, sql: "DELETE FROM place_edits WHERE place_id = ?1") : nil
    }

    /// The marks of place `id`, `nil` when it has none.
    func edits(of id: Int64) throws -> PlaceEdits? {
        select.bind(1, id)
        defer { select.reset() }
        guard try select.step() else { return nil }
        var edits = PlaceEdits()
        for (index, field) in PlaceField.allCases.enumerated() where select.int64(Int32(index)) != 0 {
            edits.fields.insert(field)
        }
        let count = Int32(PlaceField.allCases.count)
        edits.addedTags = Hashtag.decode(select.text(count) ?? "")
        edits.removedTags = Hashtag.decode(select.text(count + 1) ?? "")
        return edits.isEmpty ? nil : edits
    }

    /// Deletes the marks of place `id`.
    func delete(_ id: Int64) throws {
        guard let delete else { return }
        delete.bind(1, id)
        try delete.run()
    }
}
