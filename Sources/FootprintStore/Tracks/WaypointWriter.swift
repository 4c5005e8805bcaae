import FootprintGeo
import Foundation
import GRDB

/// Writes a GPX file's waypoints as places through the place import's own writer
/// (``PlaceBatchWriter``), inside the GPX import's one transaction, so a waypoint is matched,
/// updated and protected exactly as a CSV row is: by (source, source id), keeping the fields
/// the user set with `place edit` and leaving removed places removed.
///
/// Source id `wpt:N` (N counts the document's `wpt` from 0), as tracks are `trk:N`: the position
/// in the file, which a re-import of the same file finds again whatever the user renamed or
/// moved. Created at the first waypoint, so a file without any pays nothing.
final class WaypointWriter {
    private let triggers: SuspendedTriggers
    private let writer: PlaceBatchWriter
    private let lastIDBefore: Int64
    private let hasSpatialIndex: Bool
    private let path: String
    private(set) var inserted = false
    private(set) var updated = false

    init(_ db: Database, path: String, source: String) throws {
        self.path = path
        let options = ImportOptions()
        let checks = try PlaceWriteChecks.decide(db, source: source, options: options, checksIdentity: false)
        triggers = try SuspendedTriggers(db)
        hasSpatialIndex = try db.tableExists(SpatialIndexUpdate.table)
        lastIDBefore = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0
        writer = try PlaceBatchWriter(
            db, path: path, source: source, timestamp: Timestamp.string(from: Date()), checks: checks,
            lines: PlaceLines())
    }

    /// The place a waypoint becomes: named by its `name` (else `Waypoint N+1`), its `desc` as
    /// the note.
    static func place(_ point: GPXPoint, index: Int) -> ImportedPlace {
        let name = point.name.flatMap(ImportText.field) ?? "Waypoint \(index + 1)"
        var place = ImportedPlace(
            sourceID: "wpt:\(index)", name: name, latitude: point.coordinate.latitude,
            longitude: point.coordinate.longitude, line: point.line)
        if let note = point.description.flatMap(ImportText.field) {
            place.note = note
            place.fields.insert(.note)
        }
        return place
    }

    /// Writes one waypoint's place and counts it in `summary`.
    func write(_ point: GPXPoint, index: Int, into summary: inout GPXImportSummary, limit: Int) throws {
        var place = Self.place(point, index: index)
        if let problem = place.checkControlCharacters() {
            if summary.skippedWaypoints.count < limit {
                summary.skippedWaypoints.append(SkippedRow(line: point.line, reason: problem.reason))
            }
            return
        }
        switch try writer.write(place) {
        case .inserted:
            summary.waypoints.inserted += 1
            inserted = true
        case .updated:
            summary.waypoints.updated += 1
            updated = true
        case .unchanged: summary.waypoints.unchanged += 1
        case .keptRemoved: summary.waypointsKeptRemoved += 1
        case .conflict, .repeated, .merged:
            // No conflicts are checked (checksIdentity is false), source ids are unique per file,
            // and waypoints are not matched to other sources' places.
            break
        }
    }

    /// Brings the spatial index, `place_changes` and `geometry_columns_time` up to date and puts
    /// the triggers back, before the transaction commits.
    func finish(_ db: Database, into summary: inout GPXImportSummary) throws {
        summary.waypointsKeptEdits += writer.keptEdits
        if hasSpatialIndex, triggers.contains("gii_places_geom") {
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(SpatialIndexUpdate.table)_rowid") ?? 0
            _ = try writer.index.apply(db, path: path, existing: existing)
        }
        try writer.recordChanges(db, insertedAbove: lastIDBefore)
        try PlaceImportRun.touchGeometryTime(db, inserted: inserted, updated: updated)
        try triggers.restore(db)
    }
}
