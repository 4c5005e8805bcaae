import FootprintGeo
import Foundation
import GRDB

/// Finds the place a visits row names, inside the import's transaction.
///
/// - `place_id` is a source id of an imported place in any source, when exactly one place has
///   it, or `SOURCE:ID` (`places.csv:p002`); an id that several sources have is a bad row that
///   says so. `#ID` (`#12`) is the place's own id in Footprint (`place list`'s ID column), for a
///   place added with `place add` or whose source id is not at hand; a plain number is never
///   read so, as a CSV's ids are often numbers too.
/// A row imported before keeps the place it was given then (the place of this source's visit at
/// the row's arrival, for a name that place still has), so a re-import adds nothing even when
/// the answer would now differ. Otherwise:
/// - `name`, `lat`, `lon` is, in this order: the place this file (its source) added earlier for
///   that name and position, so a re-import finds it even after the user moved it; else the
///   nearest place of exactly that name within ``VisitImportFile/matchRadiusMeters`` (geodesic,
///   ties by id); else a new place, added as `place add` adds one but recorded under the file's
///   source with the id `NAME@LAT,LON` (``DerivedID``) — unless the user removed the place the
///   file added before, which is not brought back.
struct VisitPlaceResolver {
    /// What a row's place turned out to be.
    enum Resolution {
        case place(id: Int64)
        /// The place was removed by the user; `shown` names it for a message.
        case removed(shown: String)
        /// No place: a new one to add.
        case new(Place)
    }

    let source: String
    /// The sources of imported places, sorted; grows as places are added.
    private var sources: [String]

    init(_ db: Database, source: String) throws {
        self.source = source
        // One index step per source (`places_source` leads with the source), not a scan of places.
        var sources: [String] = []
        var last = ""
        while let next = try String.fetchOne(
            db.cachedStatement(
                sql: "SELECT source FROM places WHERE source > ? AND source_id IS NOT NULL ORDER BY source LIMIT 1"),
            arguments: [last])
        {
            sources.append(next)
            last = next
        }
        self.sources = sources
    }

    /// Records that a place of the file's own source now exists.
    mutating func noteAdded() {
        if !sources.contains(source) { sources.append(source) }
    }

    /// The place of a row whose arrival is stored as `arrivedAt`.
    func resolve(_ db: Database, _ reference: VisitRow.PlaceReference, arrivedAt: String) throws -> Result<
        Resolution, RowProblem
    > {
        switch reference {
        case .sourceID(let text): return try resolve(db, sourceID: text, arrivedAt: arrivedAt)
        case .named(let name, let coordinate):
            return try resolve(db, name: name, coordinate: coordinate, arrivedAt: arrivedAt)
        }
    }

    /// The place among `candidates` that already has this file's visit at this arrival: what an
    /// earlier import of the row chose, which a later import keeps even when places added since
    /// would answer otherwise (a nearer place of the name, a second source with the id).
    private func earlierChoice(_ db: Database, among candidates: [Int64]?, arrivedAt: String, name: String? = nil)
        throws -> Int64?
    {
        let ids = try Int64.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT v.place_id FROM visits v JOIN places p ON p.id = v.place_id
                    WHERE v.source = ? AND v.arrived_at = ? AND (?3 IS NULL OR p.name = ?3)
                    """), arguments: [source, arrivedAt, name])
        let chosen = candidates.map { candidates in ids.filter(candidates.contains) } ?? ids
        return chosen.count == 1 ? chosen[0] : nil
    }

    private func resolve(_ db: Database, sourceID text: String, arrivedAt: String) throws -> Result<
        Resolution, RowProblem
    > {
        if let rowID = Self.footprintID(text) {
            if try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM places WHERE id = ?)"), arguments: [rowID])
                == true
            {
                return .success(.place(id: rowID))
            }
            return .failure(RowProblem("No place has the id \(text)"))
        }
        // Every reading of the text: the whole as an id in each source, and each `SOURCE:ID` split.
        var keys = sources.map { (source: $0, id: text) }
        var colon = text.firstIndex(of: ":")
        while let index = colon {
            let prefix = String(text[..<index])
            let id = String(text[text.index(after: index)...])
            if !id.isEmpty, !prefix.isEmpty { keys.append((prefix, id)) }
            colon = text[text.index(after: index)...].firstIndex(of: ":")
        }
        var found: [(source: String, id: Int64)] = []
        for key in keys {
            if let id = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM places WHERE source = ? AND source_id = ?"),
                arguments: [key.source, key.id]), !found.contains(where: { $0.id == id })
            {
                found.append((key.source, id))
            }
        }
        if found.count == 1 { return .success(.place(id: found[0].id)) }
        let shown = text.trimmingWhitespaceForMessage()
        if found.count > 1, let id = try earlierChoice(db, among: found.map(\.id), arrivedAt: arrivedAt) {
            return .success(.place(id: id))
        }
        if found.count > 1 {
            let names = found.map(\.source).sorted()
            return .failure(
                RowProblem(
                    "The place id “\(shown)” is in \(names.count) sources (\(names.joined(separator: ", "))): "
                        + "write it as SOURCE:ID, such as \(names[0]):\(text)"))
        }
        // A removed place's source may have no place left, so the whole text is looked up in any source.
        let removedKeys = [(source: String?.none, id: text)] + keys.dropFirst(sources.count).map { ($0.source, $0.id) }
        for key in removedKeys {
            if try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM removed_sources WHERE (?1 IS NULL OR source = ?1) AND source_id = ?2)
                        """), arguments: [key.source, key.id]) == true
            {
                return .success(.removed(shown: "“\(shown)”"))
            }
        }
        // A number that is no source id may be Footprint's own id of the place, written as `#ID`.
        if let rowID = Int64(shown), rowID > 0,
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM places WHERE id = ?)"), arguments: [rowID])
                == true
        {
            return .failure(
                RowProblem("No imported place has the id “\(shown)”; for place \(rowID) of place list, write #\(rowID)")
            )
        }
        return .failure(RowProblem("No imported place has the id “\(shown)”"))
    }

    /// The Footprint id of `#ID` (`#12`), `nil` for any other text.
    static func footprintID(_ text: String) -> Int64? {
        // The reader gives the field trimmed; `#+1` or `#٣` are not ids.
        guard text.hasPrefix("#"), text.dropFirst().allSatisfy({ ("0"..."9").contains($0) }),
            let id = Int64(text.dropFirst()), id > 0
        else { return nil }
        return id
    }

    private func resolve(_ db: Database, name: String, coordinate: Coordinate, arrivedAt: String) throws -> Result<
        Resolution, RowProblem
    > {
        if let id = try earlierChoice(db, among: nil, arrivedAt: arrivedAt, name: name) {
            return .success(.place(id: id))
        }
        let key = DerivedID.place(name: name, coordinate: coordinate)
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM places WHERE source = ? AND source_id = ?"),
            arguments: [source, key])
        {
            return .success(.place(id: id))
        }
        if let id = try nearest(db, name: name, coordinate: coordinate) { return .success(.place(id: id)) }
        if try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM removed_sources WHERE source = ? AND source_id = ?)"),
            arguments: [source, key]) == true
        {
            return .success(.removed(shown: "“\(name.trimmingWhitespaceForMessage())”, which this file added,"))
        }
        return .success(.new(Place(name: name, coordinate: coordinate, source: source, sourceID: key)))
    }

    /// The nearest place named exactly `name` within the match radius, ties by id.
    private func nearest(_ db: Database, name: String, coordinate: Coordinate) throws -> Int64? {
        var best: (distance: Double, id: Int64)?
        for box in SearchBox.covering(center: coordinate, radiusMeters: VisitImportFile.matchRadiusMeters) {
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT p.id, p.latitude, p.longitude FROM idx_places_geom r JOIN places p ON p.id = r.pkid
                        WHERE r.xmax >= ? AND r.xmin <= ? AND r.ymax >= ? AND r.ymin <= ? AND p.name = ?
                        """), arguments: [box.west, box.east, box.south, box.north, name])
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let place = Coordinate(uncheckedLatitude: row[1], longitude: row[2])
                let distance = Geodesic.distance(from: coordinate, to: place)
                guard distance <= VisitImportFile.matchRadiusMeters else { continue }
                if best == nil || distance < best!.distance || (distance == best!.distance && id < best!.id) {
                    best = (distance, id)
                }
            }
        }
        return best?.id
    }
}
