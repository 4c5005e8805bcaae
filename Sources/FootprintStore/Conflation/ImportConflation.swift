import FootprintGeo
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
    /// Some place has fields the user set (`place_edits`): a merge reads its target's marks.
    let hasEdits: Bool
    /// The places of other sources in memory, for a run large against the store (see
    /// ``ConflationIndex``); `nil`: each row queries the R*Tree.
    private(set) var index: ConflationIndex?
    private let source: String
    /// Rows the run expects (from the file's size), or `nil` when unknown.
    private let expectedRows: Int?
    /// Rows matched through the R*Tree so far.
    var queriedRows = 0
    /// Whether the source had places, or pairs merged into places, when the run began. When
    /// not (a new source), the ids the run inserted or merged are all there is to look up, and
    /// they are looked up in memory (``ownIDs``, ``mergedIDs``).
    let sourceHadPlaces: Bool
    let sourceHadMergedPairs: Bool
    /// The source ids the run inserted as places, and merged, while the two above are false.
    var ownIDs = Set<String>()
    var mergedIDs = Set<String>()

    init(_ db: Database, source: String, radiusMeters: Double, expectedRows: Int? = nil) throws {
        self.radiusMeters = radiusMeters
        self.source = source
        self.expectedRows = expectedRows
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
        sourceHadMergedPairs = hasMergedPairs
        // Only places with a source id can be a row's own (``ImportConflation/match(_:)``); the
        // condition also lets the partial index `places_source` answer instead of a scan of
        // `places` (0.15 s at 1M for a new source).
        sourceHadPlaces =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM places WHERE source = ? AND source_id IS NOT NULL)",
                arguments: [source]) ?? true
        hasEdits =
            try db.tableExists(PlaceEditsTable.name)
            && (try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM place_edits)") ?? false)
    }

    /// Whether the batches need an ``ImportConflation`` at all.
    var isActive: Bool { matches || hasMergedPairs }

    /// Builds the in-memory index once the run is known to be large against the store: when it
    /// expects at least one row for every 50 places (a scan of the places costs about as much as
    /// 50 R*Tree look-ups), or, with no size known, once it has matched that many rows by query.
    func prepareIndex(_ db: Database, path: String) throws {
        guard matches, index == nil else { return }
        let rows = expectedRows ?? queriedRows
        guard rows >= Self.indexMinimumRows else { return }
        let places = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0
        guard rows * 50 >= places else { return }
        index = try ConflationIndex(db, path: path, source: source, radiusMeters: radiusMeters)
    }

    /// Below this many rows a run always queries.
    static let indexMinimumRows = 2_000
}

/// The conflation part of one import batch: finds the place a row's pair was merged into, or
/// the place of another source it is the same spot as (``PlaceMatcher``, or the run's
/// ``ConflationIndex``), and merges the row into it (``MergedFields``), recording the pair in
/// `place_sources` with what the source brought and gave (``SourceSnapshot``) and its name in
/// ``OtherNames``.
final class ImportConflation {
    /// A pair of the source merged into a place earlier.
    struct MergedPair {
        var placeID: Int64
        var name: String
        var latitude: Double
        var longitude: Double
        var snapshot: SourceSnapshot?
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
    private let readName: RawStatement
    private let marks: PlaceMarkStatements?

    init(_ db: Database, path: String, source: String, timestamp: String, run: ConflationRun) throws {
        self.run = run
        self.source = source
        self.timestamp = timestamp
        if run.matches { try run.prepareIndex(db, path: path) }
        matcher = run.matches ? try PlaceMatcher(db, path: path, radiusMeters: run.radiusMeters) : nil
        findMerged = try RawStatement(
            db, path: path,
            sql: """
                SELECT place_id, name, latitude, longitude, \(SourceSnapshot.columns) FROM place_sources
                WHERE source = ?1 AND source_id = ?2 AND name IS NOT NULL
                """)
        findOwn = try RawStatement(db, path: path, sql: "SELECT 1 FROM places WHERE source = ?1 AND source_id = ?2")
        readFields = try RawStatement(db, path: path, sql: MergedFields.selectSQL)
        updateFields = try RawStatement(db, path: path, sql: MergedFields.updateSQL)
        insertPair = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO place_sources(source, source_id, place_id, name, latitude, longitude, \(SourceSnapshot.columns))
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
                """)
        updatePair = try RawStatement(
            db, path: path,
            sql: """
                UPDATE place_sources SET name = ?3, latitude = ?4, longitude = ?5, \(SourceSnapshot.assignments(from: 6))
                WHERE source = ?1 AND source_id = ?2
                """)
        insertName = try RawStatement(db, path: path, sql: OtherNames.insertSQL)
        deleteName = try RawStatement(
            db, path: path, sql: "DELETE FROM \(OtherNames.table) WHERE place_id = ?1 AND name = ?2")
        readName = try RawStatement(db, path: path, sql: "SELECT name FROM places WHERE id = ?1")
        marks = run.hasEdits ? try PlaceMarkStatements(db, path: path, deleting: false) : nil
        for statement in [findMerged, findOwn, insertPair, updatePair] { statement.bind(1, source) }
        updateFields.bind(10, timestamp)
    }

    /// The place the pair (source, `sourceID`) was merged into, when it was.
    func mergedPair(of sourceID: String) throws -> MergedPair? {
        guard run.hasMergedPairs else { return nil }
        if !run.sourceHadMergedPairs && !run.mergedIDs.contains(sourceID) { return nil }
        findMerged.bind(2, sourceID)
        defer { findMerged.reset() }
        guard try findMerged.step() else { return nil }
        return MergedPair(
            placeID: findMerged.int64(0), name: findMerged.text(1) ?? "", latitude: findMerged.double(2),
            longitude: findMerged.double(3), snapshot: SourceSnapshot(statement: findMerged, from: 4))
    }

    /// The place of another source that `place`, a row new to its source, is the same spot as.
    func match(_ place: ImportedPlace) throws -> Int64? {
        guard let matcher else { return nil }
        if run.sourceHadPlaces {
            findOwn.bind(2, place.sourceID)
            let known = try findOwn.step()
            findOwn.reset()
            if known { return nil }
        } else if run.ownIDs.contains(place.sourceID) {
            return nil
        }
        if let index = run.index {
            return try index.match(
                name: place.name, latitude: place.latitude, longitude: place.longitude, source: source,
                matcher: matcher, nameOf: storedName)
        }
        run.queriedRows += 1
        return try matcher.match(
            name: place.name, latitude: place.latitude, longitude: place.longitude, source: source)
    }

    /// Merges `place` into place `id` and records its pair there, with what it brought and gave.
    func merge(_ place: ImportedPlace, into id: Int64) throws {
        let brought = MergedFields(place)
        let (placeName, before, after) = try mergeFields(brought, into: id)
        insertPair.bind(2, place.sourceID)
        insertPair.bind(3, id)
        insertPair.bind(4, place.name)
        insertPair.bind(5, place.latitude)
        insertPair.bind(6, place.longitude)
        SourceSnapshot(fields: brought, contribution: MergeContribution(before: before, after: after))
            .bind(insertPair, from: 7)
        try insertPair.run()
        try addName(place.name, placeID: id, placeName: placeName)
        run.hasMergedPairs = true
        if !run.sourceHadMergedPairs { run.mergedIDs.insert(place.sourceID) }
    }

    /// Notes that the run inserted a place for `sourceID` (see ``ConflationRun/ownIDs``).
    func inserted(_ sourceID: String) {
        if !run.sourceHadPlaces && run.matches { run.ownIDs.insert(sourceID) }
    }

    /// Merges `place` again into the place its pair was merged into: updated when the place or
    /// what the pair keeps (name, position, what the source brought) changed.
    func remerge(_ place: ImportedPlace, _ pair: MergedPair) throws -> ImportOutcome {
        let brought = MergedFields(place)
        let (placeName, before, after) = try mergeFields(brought, into: pair.placeID)
        let given = MergeContribution(before: before, after: after)
        let snapshot = SourceSnapshot(
            fields: brought,
            contribution: pair.snapshot.map { $0.contribution.adding(given) } ?? given)
        let samePair =
            pair.name == place.name && pair.latitude == place.latitude && pair.longitude == place.longitude
            && pair.snapshot == snapshot
        if !samePair {
            updatePair.bind(2, place.sourceID)
            updatePair.bind(3, place.name)
            updatePair.bind(4, place.latitude)
            updatePair.bind(5, place.longitude)
            snapshot.bind(updatePair, from: 6)
            try updatePair.run()
            if pair.name != place.name {
                deleteName.bind(1, pair.placeID)
                deleteName.bind(2, pair.name)
                try deleteName.run()
                try addName(place.name, placeID: pair.placeID, placeName: placeName)
            }
        }
        // A pair stored before snapshots were kept gains one: not a change of the place.
        let sameNameAndPosition =
            pair.name == place.name && pair.latitude == place.latitude && pair.longitude == place.longitude
            && (pair.snapshot == nil || pair.snapshot?.fields == brought)
        return sameNameAndPosition && before == after ? .unchanged : .updated
    }

    /// The stored name of place `id`.
    private func storedName(_ id: Int64) throws -> String? {
        readName.bind(1, id)
        defer { readName.reset() }
        return try readName.step() ? readName.text(0) ?? "" : nil
    }

    private func addName(_ name: String, placeID: Int64, placeName: String) throws {
        guard OtherNames.isNeeded(name, placeName: placeName) else { return }
        insertName.bind(1, name)
        insertName.bind(2, placeID)
        try insertName.run()
    }

    /// Writes the merge of `brought` into place `id` when it changes it, keeping the fields the
    /// user set there; returns the place's name and its fields before and after.
    private func mergeFields(_ brought: MergedFields, into id: Int64) throws -> (
        name: String, before: MergedFields, after: MergedFields
    ) {
        readFields.bind(1, id)
        guard try readFields.step() else {
            readFields.reset()
            throw FootprintStoreError.placeNotFound(id: id)
        }
        let stored = MergedFields(statement: readFields)
        let name = readFields.text(9) ?? ""
        readFields.reset()
        let merged = stored.merging(brought, keeping: try marks?.edits(of: id))
        if merged != stored {
            merged.bind(updateFields)
            updateFields.bind(11, id)
            try updateFields.run()
        }
        return (name, stored, merged)
    }
}
