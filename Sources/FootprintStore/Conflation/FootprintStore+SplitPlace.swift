import FootprintGeo
import Foundation
import GRDB

/// What ``FootprintStore/splitPlace(id:source:)`` did.
public struct PlaceSplit: Hashable, Sendable {
    /// The place, without the source's pairs.
    public var kept: Place
    /// The new place of the source's pairs.
    public var split: Place
}

extension FootprintStore {
    /// Undoes the merge of `source` into place `id`: a new place takes the source's pairs, as
    /// that source brought it — name, position and every other field it had (its snapshot,
    /// ``SourceSnapshot``) —, and the place gives back what only that source gave it: the fields
    /// it filled (unless the user set them since, or another source has them), the tags it added
    /// that no other source has, likes it raised. The place keeps its visits and its other pairs.
    /// When `source` is the place's own pair, the new place is the place as its own source had
    /// it (what the merged sources gave taken out), and the place becomes its next source's.
    ///
    /// A pair merged before snapshots were kept (migration `v14-source-snapshots`) splits off
    /// with its name, its position and the place's category only.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``;
    ///   ``FootprintStoreError/invalidValue(name:value:reason:)`` when the place has no such
    ///   source, or only that one (there is nothing to split). Nothing changes then.
    public func splitPlace(id: Int64, source: String) throws -> PlaceSplit {
        try write { db in
            guard var place = try Place.fetchOne(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            let pairs = try PlaceSources.pairs(db, placeID: id)
            let leaving = pairs.filter { $0.source == source }
            guard !leaving.isEmpty else {
                let known =
                    pairs.isEmpty ? "it has none" : "its sources are " + pairs.map(\.source).joined(separator: ", ")
                throw FootprintStoreError.invalidValue(
                    name: "source", value: "“\(source)”", reason: "place \(id) has no such source (\(known))")
            }
            guard leaving.count < pairs.count else {
                throw FootprintStoreError.invalidValue(
                    name: "source", value: "“\(source)”",
                    reason: "it is the only source of place \(id), so there is nothing to split off")
            }
            var stored: [PlaceSource: StoredPair] = [:]
            for pair in pairs { stored[pair] = try Self.storedPair(db, pair) }
            let edits = try PlaceEditsTable.fetch(db, placeID: id)
            let staying = pairs.filter { $0.source != source }
            let first = leaving[0]
            let current = MergedFields(place)
            var fields = current
            var splitFields: MergedFields
            let name: String
            let coordinate: Coordinate
            if place.source == source, place.sourceID == first.sourceID {
                // The place's own pair leaves: the new place is the place as its own source had it,
                // and the place becomes its next source's.
                let merged = pairs.dropFirst().compactMap { stored[$0]?.snapshot }
                splitFields = merged.reversed().reduce(current) { fields, snapshot in
                    fields.takingBack(snapshot, others: [], keeping: PlaceEdits())
                }
                let next = staying[0]
                let row = stored[next]
                name = place.name
                coordinate = place.coordinate
                if let snapshot = row?.snapshot {
                    let rebuilt = staying.dropFirst().compactMap { stored[$0]?.snapshot }.reduce(snapshot.fields) {
                        $0.merging($1.fields)
                    }
                    fields = rebuilt.keepingUsersFields(edits, of: current)
                }
                place.name = row?.name ?? place.name
                place.coordinate = row?.coordinate ?? place.coordinate
                place.source = next.source
                place.sourceID = next.sourceID
                try Self.forgetOtherName(db, next, placeID: id, name: row?.name)
            } else {
                let row = stored[first]
                name = row?.name ?? place.name
                coordinate = row?.coordinate ?? place.coordinate
                splitFields =
                    row?.snapshot?.fields
                    ?? MergedFields(
                        category: place.category, tags: "", likes: 0, address: nil, roadAddress: nil, phone: nil,
                        visitTime: nil, note: nil, bestTime: nil)
                let others = staying.compactMap { stored[$0]?.snapshot?.fields }
                for pair in leaving.reversed() {
                    guard let snapshot = stored[pair]?.snapshot else { continue }
                    fields = fields.takingBack(snapshot, others: others, keeping: edits)
                }
            }
            if fields != current || place.source != pairs[0].source || place.sourceID != pairs[0].sourceID {
                place.apply(fields)
                place.updatedAt = Date()
                try place.update(db)
            }
            var split = Place(name: name, coordinate: coordinate, source: first.source, sourceID: first.sourceID)
            split.apply(splitFields)
            split.createdAt = Date()
            split.updatedAt = split.createdAt
            try split.insert(db)
            for pair in leaving {
                let row = stored[pair]
                try Self.forgetOtherName(db, pair, placeID: id, name: row?.name)
                let own = pair == first
                let pairName: String? = own ? nil : row?.name ?? name
                let values: [(any DatabaseValueConvertible)?] =
                    [
                        pair.source, pair.sourceID, split.id, pairName, own ? nil : row?.coordinate?.latitude,
                        own ? nil : row?.coordinate?.longitude,
                    ]
                    + (own ? SourceSnapshot.noValues : row?.snapshot?.databaseValues ?? SourceSnapshot.noValues)
                try db.execute(
                    sql: """
                        INSERT INTO place_sources(source, source_id, place_id, name, latitude, longitude, \(SourceSnapshot.columns))
                        VALUES (\((1...18).map { "?\($0)" }.joined(separator: ", ")))
                        ON CONFLICT(source, source_id) DO UPDATE SET place_id = excluded.place_id,
                            name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
                            \(SourceSnapshot.assignments(from: 7))
                        """,
                    arguments: StatementArguments(values))
                if !own, let otherName = row?.name {
                    try OtherNames.add(db, placeID: split.id!, name: otherName, placeName: split.name)
                }
            }
            return PlaceSplit(kept: place, split: split)
        }
    }

    /// What `place_sources` keeps of a merged pair: the name and position the source gave, and
    /// its snapshot when it has one.
    private struct StoredPair {
        var name: String
        var coordinate: Coordinate?
        var snapshot: SourceSnapshot?
    }

    /// The name, position and snapshot a merged pair keeps (`nil` for a place's own pair or an
    /// unknown one).
    private static func storedPair(_ db: Database, _ pair: PlaceSource) throws -> StoredPair? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT name, latitude, longitude, \(SourceSnapshot.columns) FROM place_sources
                    WHERE source = ? AND source_id = ?
                    """,
                arguments: [pair.source, pair.sourceID]),
            let name: String = row[0]
        else { return nil }
        let latitude: Double? = row[1]
        let longitude: Double? = row[2]
        let coordinate = latitude.flatMap { lat in longitude.map { Coordinate(uncheckedLatitude: lat, longitude: $0) } }
        return StoredPair(name: name, coordinate: coordinate, snapshot: SourceSnapshot(row: row, from: 3))
    }

    /// Makes `pair` a place's own pair in `place_sources` (no name or snapshot kept) and drops
    /// its name from the search of place `id`'s other names.
    private static func forgetOtherName(_ db: Database, _ pair: PlaceSource, placeID id: Int64, name: String?) throws {
        if let name { try OtherNames.remove(db, placeID: id, name: name) }
        try db.execute(
            sql: """
                UPDATE place_sources SET name = NULL, latitude = NULL, longitude = NULL, \(SourceSnapshot.assignments(from: 3))
                WHERE source = ?1 AND source_id = ?2
                """, arguments: StatementArguments([pair.source, pair.sourceID] + SourceSnapshot.noValues))
    }
}

extension MergedFields {
    /// These fields (a place's) without what `snapshot`'s source gave them, as if it had never
    /// been merged: each field it filled and still holds its value goes back to the first value
    /// `others` (the snapshots of the sources that stay) have, or to none; the tags it added
    /// that no other source has and the user did not add go; likes it raised go back to the
    /// largest of the likes before and the others'. The fields the user set stay.
    func takingBack(_ snapshot: SourceSnapshot, others: [MergedFields], keeping edits: PlaceEdits) -> MergedFields {
        var result = self
        let given = snapshot.contribution
        for field in given.filled where !edits.fields.contains(field) && self[field] == snapshot.fields[field] {
            result[field] = others.lazy.compactMap { $0[field] }.first
        }
        if !given.addedTags.isEmpty {
            let kept = Set(others.flatMap { Hashtag.decode($0.tags) } + edits.addedTags)
            let taken = Set(given.addedTags.filter { !kept.contains($0) })
            result.tags = Hashtag.encode(Hashtag.decode(tags).filter { !taken.contains($0) })
        }
        if let likesBefore = given.likesBefore, !edits.fields.contains(.likes), likes == snapshot.fields.likes {
            result.likes = max(likesBefore, others.map(\.likes).max() ?? 0)
        }
        return result
    }

    /// These fields with the values of `current` in the fields the user set, and the user's tag
    /// changes applied.
    func keepingUsersFields(_ edits: PlaceEdits, of current: MergedFields) -> MergedFields {
        var result = self
        for field in MergedFields.fillable where edits.fields.contains(field) { result[field] = current[field] }
        if edits.fields.contains(.likes) { result.likes = current.likes }
        if edits.fields.contains(.tags) {
            result.tags = Hashtag.encode(edits.applyingTags(to: Hashtag.decode(tags)))
        }
        return result
    }
}
