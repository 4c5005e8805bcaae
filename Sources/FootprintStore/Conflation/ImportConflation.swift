import GRDB

/// What an import run knows about conflation before its first row, decided once so that a run
/// with nothing to match (a first import into an empty store, a re-import of the only source)
/// pays nothing per row for it.
final class ConflationRun {
    /// Matching radius in metres; 0 turns matching off.
    let radiusMeters: Double
    /// Some place of another source (or added by hand) exists: new rows are matched.
    let matches: Bool
    /// Some pair of the source is merged into a place of another source: rows are looked up
    /// among those pairs first. Becomes true at the run's first merge.
    var hasMergedPairs: Bool

    init(_ db: Database, source: String, radiusMeters: Double) throws {
        self.radiusMeters = radiusMeters
        // Each EXISTS reads one end of an index: O(log n) at a million places.
        let others =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM place_sources WHERE source < ?1)
                        OR EXISTS (SELECT 1 FROM place_sources WHERE source > ?1)
                        OR EXISTS (SELECT 1 FROM places WHERE source IS NULL)
                    """, arguments: [source]) ?? false
        matches = radiusMeters > 0 && others
        // The partial index of merged pairs: without INDEXED BY the planner walks every pair of
        // the source (a million at a re-import of the benchmark's file).
        hasMergedPairs =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM place_sources INDEXED BY place_sources_merged
                        WHERE source = ? AND name IS NOT NULL)
                    """,
                arguments: [source]) ?? false
    }

    /// Whether the batches need an ``ImportConflation`` at all.
    var isActive: Bool { matches || hasMergedPairs }
}

/// The conflation part of one import batch: finds the place a row's pair was merged into, or
/// the place of another source it is the same spot as (``PlaceMatcher``), and merges the row
/// into it (``MergedFields``), recording the pair in `place_sources` and its name in
/// ``OtherNames``.
final class ImportConflation {
    /// A pair of the source merged into a place earlier.
    struct MergedPair {
        var placeID: Int64
        var name: String
        var latitude: Double
        var longitude: Double
    }

    let run: ConflationRun
    private let source: String
    private let timestamp: String
    private let matcher: PlaceMatcher?
    private let findMerged: RawStatement
    private let findOwn: RawStatement
    private let readFields: RawStatement
    private let updateFields: RawStatement
    private let insertPair: RawStatement
    private let updatePair: RawStatement
    private let insertName: RawStatement
    private let deleteName: RawStatement

    init(_ db: Database, path: String, source: String, timestamp: String, run: ConflationRun) throws {
        self.run = run
        self.source = source
        self.timestamp = timestamp
        matcher = run.matches ? try PlaceMatcher(db, path: path, radiusMeters: run.radiusMeters) : nil
        findMerged = try RawStatement(
            db, path: path,
            sql: """
                SELECT place_id, name, latitude, longitude FROM place_sources
                WHERE source = ?1 AND source_id = ?2 AND name IS NOT NULL
                """)
        findOwn = try RawStatement(db, path: path, sql: "SELECT 1 FROM places WHERE source = ?1 AND source_id = ?2")
        readFields = try RawStatement(db, path: path, sql: MergedFields.selectSQL)
        updateFields = try RawStatement(db, path: path, sql: MergedFields.updateSQL)
        insertPair = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO place_sources(source, source_id, place_id, name, latitude, longitude)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
        updatePair = try RawStatement(
            db, path: path,
            sql:
                "UPDATE place_sources SET name = ?3, latitude = ?4, longitude = ?5 WHERE source = ?1 AND source_id = ?2"
        )
        insertName = try RawStatement(db, path: path, sql: OtherNames.insertSQL)
        deleteName = try RawStatement(
            db, path: path, sql: "DELETE FROM \(OtherNames.table) WHERE place_id = ?1 AND name = ?2")
        for statement in [findMerged, findOwn, insertPair, updatePair] { statement.bind(1, source) }
        updateFields.bind(9, timestamp)
    }

    /// The place the pair (source, `sourceID`) was merged into, when it was.
    func mergedPair(of sourceID: String) throws -> MergedPair? {
        guard run.hasMergedPairs else { return nil }
        findMerged.bind(2, sourceID)
        defer { findMerged.reset() }
        guard try findMerged.step() else { return nil }
        return MergedPair(
            placeID: findMerged.int64(0), name: findMerged.text(1) ?? "", latitude: findMerged.double(2),
            longitude: findMerged.double(3))
    }

    /// The place of another source that `place`, a row new to its source, is the same spot as.
    func match(_ place: ImportedPlace) throws -> Int64? {
        guard let matcher else { return nil }
        findOwn.bind(2, place.sourceID)
        let known = try findOwn.step()
        findOwn.reset()
        if known { return nil }
        return try matcher.match(
            name: place.name, latitude: place.latitude, longitude: place.longitude, source: source)
    }

    /// Merges `place` into place `id` and records its pair there.
    func merge(_ place: ImportedPlace, into id: Int64) throws {
        let placeName = try mergeFields(of: place, into: id)
        insertPair.bind(2, place.sourceID)
        insertPair.bind(3, id)
        insertPair.bind(4, place.name)
        insertPair.bind(5, place.latitude)
        insertPair.bind(6, place.longitude)
        try insertPair.run()
        try addName(place.name, placeID: id, placeName: placeName)
        run.hasMergedPairs = true
    }

    /// Merges `place` again into the place its pair was merged into: updated when the place or
    /// what the pair keeps (name, position) changed.
    func remerge(_ place: ImportedPlace, _ pair: MergedPair) throws -> ImportOutcome {
        let before = try fields(of: pair.placeID)
        let placeName = try mergeFields(of: place, into: pair.placeID)
        let samePair = pair.name == place.name && pair.latitude == place.latitude && pair.longitude == place.longitude
        if !samePair {
            updatePair.bind(2, place.sourceID)
            updatePair.bind(3, place.name)
            updatePair.bind(4, place.latitude)
            updatePair.bind(5, place.longitude)
            try updatePair.run()
            if pair.name != place.name {
                deleteName.bind(1, pair.placeID)
                deleteName.bind(2, pair.name)
                try deleteName.run()
                try addName(place.name, placeID: pair.placeID, placeName: placeName)
            }
        }
        let after = try fields(of: pair.placeID)
        return samePair && before == after ? .unchanged : .updated
    }

    private func addName(_ name: String, placeID: Int64, placeName: String) throws {
        guard OtherNames.isNeeded(name, placeName: placeName) else { return }
        insertName.bind(1, name)
        insertName.bind(2, placeID)
        try insertName.run()
    }

    private func fields(of id: Int64) throws -> MergedFields? {
        readFields.bind(1, id)
        defer { readFields.reset() }
        guard try readFields.step() else { return nil }
        return MergedFields(statement: readFields)
    }

    /// Writes the merge of `place`'s fields into place `id` when it changes them; returns the
    /// place's name.
    private func mergeFields(of place: ImportedPlace, into id: Int64) throws -> String {
        readFields.bind(1, id)
        guard try readFields.step() else {
            readFields.reset()
            throw FootprintStoreError.placeNotFound(id: id)
        }
        let stored = MergedFields(statement: readFields)
        let name = readFields.text(8) ?? ""
        readFields.reset()
        let merged = stored.merging(MergedFields(place))
        if merged != stored {
            merged.bind(updateFields)
            updateFields.bind(10, id)
            try updateFields.run()
        }
        return name
    }
}
