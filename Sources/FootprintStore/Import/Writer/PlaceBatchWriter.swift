import GRDB

/// What writing one imported row did.
enum ImportOutcome {
    case inserted, updated, unchanged, keptRemoved
    /// The row would move or rename its place beyond ``SourceConflicts``' limits; nothing was
    /// written. The reason is a sentence without its full stop.
    case conflict(reason: String)
    /// The row is for a place an earlier row of the same file was written to (a repeated id);
    /// nothing was written.
    case repeated(firstLine: Int)
    /// The row is the same spot as place `placeID` of another source (``PlaceMatcher``) and was
    /// merged into it.
    case merged(placeID: Int64)
}

/// Writes imported places within one batch transaction, with the per-row triggers suspended
/// (``SuspendedTriggers``): one reused prepared statement per kind of write, the spatial index
/// entries collected for ``SpatialIndexUpdate``.
///
/// A row is matched to the database by (source, source id): it is inserted when new, updated
/// when a field it carries differs, left alone when equal, and not brought back when the pair is
/// in `removed_sources` (the user removed that place). A second row for a place that an earlier
/// row of the same run wrote (``PlaceLines``) is not written: it is ``ImportOutcome/repeated(firstLine:)``.
///
/// The fields the user set (``PlaceEdits``) keep their stored values on update (``PlaceWriteChecks``
/// tells whether the source has any marked place at all, so a run without marks pays nothing per
/// row), and a row that looks like another source's (``SourceConflicts``) changes nothing.
final class PlaceBatchWriter {
    private let path: String
    private let source: String
    private let timestamp: String
    private let checks: PlaceWriteChecks
    private let insert: RawStatement
    private let select: RawStatement
    private let update: RawStatement
    private let selectRemoved: RawStatement
    private let marks: PlaceMarkStatements?
    private let lines: PlaceLines
    private let conflation: ImportConflation?
    /// Points for the spatial index.
    private(set) var index = SpatialIndexUpdate()
    /// Rows of this batch where a field the user set kept its value against the file's.
    private(set) var keptEdits = 0
    /// Given the searchable text of the places this batch inserts, ``SearchIndexBuild/chunkSize``
    /// rows at a time and the rest at ``flushSearchRows()``.
    private let build: SearchIndexBuild?
    private var searchRows: [SearchIndexBuild.Row] = []
    /// The `recommend_candidates` rows of the inserted places, when the store has the table.
    private var candidates: CandidateRows?

    /// Prepares the batch's statements.
    init(
        _ db: Database, path: String, source: String, timestamp: String, checks: PlaceWriteChecks, lines: PlaceLines,
        conflation: ConflationRun? = nil, build: SearchIndexBuild? = nil
    ) throws {
        self.path = path
        self.build = build
        candidates = try db.tableExists("recommend_candidates") ? CandidateRows() : nil
        self.conflation =
            try conflation.flatMap { run in
                run.isActive
                    ? try ImportConflation(db, path: path, source: source, timestamp: timestamp, run: run) : nil
            }
        self.lines = lines
        self.source = source
        self.timestamp = timestamp
        self.checks = checks
        marks = checks.edits ? try PlaceMarkStatements(db, path: path, deleting: checks.overwriteEdits) : nil
        insert = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO places(name, category, tags, likes, address, road_address, phone, visit_time, note,
                    source, source_id, latitude, longitude, geom, created_at, updated_at, best_time)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15, ?17)
                ON CONFLICT DO NOTHING
                """)
        select = try RawStatement(
            db, path: path,
            sql: """
                SELECT id, name, category, tags, likes, address, road_address, phone, visit_time, note,
                    latitude, longitude, geom, best_time
                FROM places WHERE source = ?1 AND source_id = ?2
                """)
        update = try RawStatement(
            db, path: path,
            sql: """
                UPDATE places SET name = ?1, category = ?2, tags = ?3, likes = ?4, address = ?5, road_address = ?6,
                    phone = ?7, visit_time = ?8, note = ?9, latitude = ?12, longitude = ?13, geom = ?14,
                    updated_at = ?15, best_time = ?17
                WHERE id = ?16
                """)
        selectRemoved = try RawStatement(
            db, path: path, sql: "SELECT 1 FROM removed_sources WHERE source = ?1 AND source_id = ?2")
        insert.bind(10, source)
        insert.bind(15, timestamp)
        select.bind(1, source)
        update.bind(15, timestamp)
        selectRemoved.bind(1, source)
    }

    /// Writes one row.
    func write(_ place: ImportedPlace) throws -> ImportOutcome {
        if checks.removed {
            selectRemoved.bind(2, place.sourceID)
            let removed = try selectRemoved.step()
            selectRemoved.reset()
            if removed {
                if let first = lines.lineOfRemoved(place.sourceID, recording: place.line) {
                    return .repeated(firstLine: first)
                }
                return .keptRemoved
            }
        }
        // A source imported before: most rows are its places already. One look-up by (source,
        // source id) settles them; an INSERT first would seek the same index, build the row and
        // throw it away before that look-up (a third of a 1M-row re-import's CPU time).
        if checks.sourceHasPlaces, let outcome = try updateExisting(with: place) { return outcome }
        if let conflation {
            // A pair merged into another source's place updates that place; a new row that is the
            // same spot as one merges into it.
            if let pair = try conflation.mergedPair(of: place.sourceID) {
                if let first = lines.line(ofPlace: pair.placeID) { return .repeated(firstLine: first) }
                lines.record(place: pair.placeID, line: place.line)
                return try conflation.remerge(place, pair)
            }
            if let target = try conflation.match(place) {
                lines.record(place: target, line: place.line)
                try conflation.merge(place, into: target)
                return .merged(placeID: target)
            }
        }
        bindFields(insert, place)
        insert.bind(11, place.sourceID)
        try insert.run()
        if insert.changes == 1 {
            let id = insert.lastInsertedRowID
            index.add(id: id, longitude: place.longitude, latitude: place.latitude, moved: false)
            lines.record(place: id, line: place.line)
            conflation?.inserted(place.sourceID)
            candidates?.append(place)
            if build != nil {
                searchRows.append(
                    SearchIndexBuild.Row(
                        id: id, name: place.name, category: place.category, tags: place.tags, address: place.address,
                        roadAddress: place.roadAddress, note: place.note, likes: place.likes))
                if searchRows.count >= SearchIndexBuild.chunkSize { flushSearchRows() }
            }
            return .inserted
        }
        guard let outcome = try updateExisting(with: place) else {
            // The insert conflicted on something other than (source, source_id): should not happen
            // with the v1 schema, which has no other unique constraint on places.
            throw FootprintStoreError.database(path: path, message: "place \(place.sourceID) could not be inserted")
        }
        return outcome
    }

    /// Hands the rows not yet given to the ``SearchIndexBuild`` over.
    func flushSearchRows() {
        guard let build, !searchRows.isEmpty else { return }
        build.add(searchRows)
        searchRows.removeAll(keepingCapacity: true)
    }

    /// Compares the stored row of `place`'s source id with it and updates what differs; `nil`
    /// when the source has no place of that id.
    private func updateExisting(with place: ImportedPlace) throws -> ImportOutcome? {
        select.bind(2, place.sourceID)
        defer { select.reset() }
        guard try select.step() else { return nil }
        let id = select.int64(0)
        if let first = lines.line(ofPlace: id) { return .repeated(firstLine: first) }
        lines.record(place: id, line: place.line)
        var edits = try marks?.edits(of: id)
        if checks.conflicts,
            let reason = SourceConflicts.reason(
                place, storedName: select.text(1) ?? "", storedLatitude: select.isNull(10) ? .nan : select.double(10),
                storedLongitude: select.isNull(11) ? .nan : select.double(11),
                checksName: !(edits?.fields.contains(.name) ?? false),
                checksPosition: !(edits?.fields.contains(.position) ?? false))
        {
            return .conflict(reason: reason)
        }
        if checks.overwriteEdits, edits != nil {
            try marks?.delete(id)
            edits = nil
        }
        var merged = place
        let fields = place.fields
        if !fields.contains(.category) { merged.category = select.text(2) }
        if !fields.contains(.tags) { merged.tags = select.text(3) ?? "" }
        if !fields.contains(.likes) { merged.likes = Int(select.int64(4)) }
        if !fields.contains(.address) { merged.address = select.text(5) }
        if !fields.contains(.roadAddress) { merged.roadAddress = select.text(6) }
        if !fields.contains(.phone) { merged.phone = select.text(7) }
        if !fields.contains(.visitTime) { merged.visitTime = select.text(8) }
        if !fields.contains(.note) { merged.note = select.text(9) }
        if !fields.contains(.bestTime) { merged.bestTime = select.text(13) }
        if let edits, keepUsersFields(edits, in: &merged) { keptEdits += 1 }
        let sameText =
            select.text(1) == merged.name && select.text(2) == merged.category && (select.text(3) ?? "") == merged.tags
            && select.int64(4) == Int64(merged.likes) && select.text(5) == merged.address
            && select.text(6) == merged.roadAddress && select.text(7) == merged.phone
            && select.text(8) == merged.visitTime && select.text(9) == merged.note
        let samePoint =
            !select.isNull(10) && !select.isNull(11) && select.double(10) == merged.latitude
            && select.double(11) == merged.longitude
            && SpatiaLiteBlob.withPoint(longitude: merged.longitude, latitude: merged.latitude) {
                $0.elementsEqual(select.blob(12))
            }
        let sameWindow = select.text(13) == merged.bestTime
        if sameText && sameWindow && samePoint { return .unchanged }
        bindFields(update, merged)
        update.bind(16, id)
        try update.run()
        if !samePoint { index.add(id: id, longitude: merged.longitude, latitude: merged.latitude, moved: true) }
        return .updated
    }

    /// Puts the stored values of the fields the user set into `merged` (the row as the file has
    /// it, absent fields filled from the store), and the user's tag changes on top of the file's
    /// tags. True when any of them differs from what the file has: the user's value was kept.
    private func keepUsersFields(_ edits: PlaceEdits, in merged: inout ImportedPlace) -> Bool {
        let file = merged
        for field in edits.fields {
            switch field {
            case .name: merged.name = select.text(1) ?? merged.name
            case .position:
                if !select.isNull(10) && !select.isNull(11) {
                    merged.latitude = select.double(10)
                    merged.longitude = select.double(11)
                }
            case .category: merged.category = select.text(2)
            case .tags:
                if file.fields.contains(.tags) {
                    merged.tags = Hashtag.encode(edits.applyingTags(to: Hashtag.decode(file.tags)))
                }
            case .likes: merged.likes = Int(select.int64(4))
            case .address: merged.address = select.text(5)
            case .roadAddress: merged.roadAddress = select.text(6)
            case .phone: merged.phone = select.text(7)
            case .visitTime: merged.visitTime = select.text(8)
            case .note: merged.note = select.text(9)
            case .bestTime: merged.bestTime = select.text(13)
            }
        }
        return merged.name != file.name || merged.latitude != file.latitude || merged.longitude != file.longitude
            || merged.category != file.category || merged.tags != file.tags || merged.likes != file.likes
            || merged.address != file.address || merged.roadAddress != file.roadAddress || merged.phone != file.phone
            || merged.visitTime != file.visitTime || merged.note != file.note || (merged.bestTime != file.bestTime)
    }

    /// Binds parameters 1–9 and 12–14, shared by the insert and the update.
    private func bindFields(_ statement: RawStatement, _ place: ImportedPlace) {
        statement.bind(1, place.name)
        statement.bind(2, place.category)
        statement.bind(3, place.tags)
        statement.bind(4, place.likes)
        statement.bind(5, place.address)
        statement.bind(6, place.roadAddress)
        statement.bind(7, place.phone)
        statement.bind(8, place.visitTime)
        statement.bind(9, place.note)
        statement.bind(17, place.bestTime)
        statement.bind(12, place.latitude)
        statement.bind(13, place.longitude)
        SpatiaLiteBlob.withPoint(longitude: place.longitude, latitude: place.latitude) { statement.bind(14, blob: $0) }
    }

    /// Records the batch's new places in `place_changes`, as the trigger `place_changes_insert`
    /// would have (new, not indexed): they are the ids above `lastIDBefore`. Updated places were
    /// recorded, with the text the index holds, by `place_changes_update`, which stays in force.
    func recordChanges(_ db: Database, insertedAbove lastIDBefore: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO place_changes(place_id, deleted, indexed) SELECT id, 0, 0 FROM places WHERE id > ?
                ON CONFLICT(place_id) DO UPDATE SET deleted = excluded.deleted
                """,
            arguments: [lastIDBefore])
        // Their rows of the compact copy recommendations read, in key order (one pass down the
        // B-tree instead of a jump a row), as the trigger `recommend_candidates_insert` would have
        // (``CandidateRows``: the writing thread's CPU time for 1M peer places 10.6 -> 10.2 s);
        // and their cells' aggregates counted again once per cell, instead of the per-row upkeep
        // of `recommend_cells`' triggers (3.7 of the statement's 6.2 s when it kept them).
        let newest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0
        if try db.tableExists("recommend_candidates") {
            let cellTriggers = try SuspendedTriggers(db, names: RecommendationCells.cellTriggers)
            // The rows collected, when they are those of every id above `lastIDBefore` (new rows
            // take the next ids); else from `places`.
            if var candidates, candidates.isComplete, newest - lastIDBefore == candidates.count {
                try candidates.insert(db, path: path, firstID: lastIDBefore + 1)
            } else {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO recommend_candidates (cell, \(RecommendationCells.columns))
                        SELECT \(RecommendationCells.values(of: "places"))
                        FROM places WHERE id > ? AND latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY 1, 2
                        """,
                    arguments: [lastIDBefore])
            }
            if cellTriggers.contains("recommend_cells_insert") {
                try RecommendationCells.recountCells(db, ofPlacesAbove: lastIDBefore)
            }
            try cellTriggers.restore(db)
        }
        // The new places' own pairs (``PlaceSources``), in one statement per batch, in key order.
        // A batch of most of the places reads them from `places_source`, which holds them in that
        // order (1M places: 0.64 s instead of 1.1 s for a sort); a smaller one reads its range of
        // ids `NOT INDEXED` and sorts it, rather than walk the whole index for a few rows (85 ms
        // a batch at 1M places, for an import that shares the store in batches of a second).
        if try db.tableExists("place_sources") {
            let (rows, arguments): (String, StatementArguments) =
                newest - lastIDBefore >= newest / 4
                ? (
                    "places INDEXED BY places_source WHERE source = ? AND source_id IS NOT NULL AND id > ?",
                    [source, lastIDBefore]
                )
                : ("places NOT INDEXED WHERE id > ? AND source IS NOT NULL AND source_id IS NOT NULL", [lastIDBefore])
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO place_sources(source, source_id, place_id)
                    SELECT source, source_id, id FROM \(rows)
                    ORDER BY source, source_id
                    """,
                arguments: arguments)
        }
    }
}

extension SpatiaLiteBlob {
    /// Calls `body` with the 60-byte SpatiaLite blob of a POINT in SRID 4326, built on the stack
    /// (the layout of ``point(_:srid:)``), so the import's hot loop allocates nothing for it.
    static func withPoint<T>(longitude: Double, latitude: Double, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows
        -> T
    {
        try withUnsafeTemporaryAllocation(byteCount: 60, alignment: 8) { buffer in
            buffer.storeBytes(of: 0x00, toByteOffset: 0, as: UInt8.self)
            buffer.storeBytes(of: 0x01, toByteOffset: 1, as: UInt8.self)
            buffer.storeBytes(of: Int32(4326).littleEndian, toByteOffset: 2, as: Int32.self)
            let x = longitude.bitPattern.littleEndian
            let y = latitude.bitPattern.littleEndian
            buffer.storeBytes(of: x, toByteOffset: 6, as: UInt64.self)
            buffer.storeBytes(of: y, toByteOffset: 14, as: UInt64.self)
            buffer.storeBytes(of: x, toByteOffset: 22, as: UInt64.self)
            buffer.storeBytes(of: y, toByteOffset: 30, as: UInt64.self)
            buffer.storeBytes(of: 0x7C, toByteOffset: 38, as: UInt8.self)
            buffer.storeBytes(of: Int32(1).littleEndian, toByteOffset: 39, as: Int32.self)
            buffer.storeBytes(of: x, toByteOffset: 43, as: UInt64.self)
            buffer.storeBytes(of: y, toByteOffset: 51, as: UInt64.self)
            buffer.storeBytes(of: 0xFE, toByteOffset: 59, as: UInt8.self)
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }
}
