import Foundation
import GRDB

extension FootprintStore {
    /// Merges places into the first of `ids`, which survives: the others' visits, photos, diary
    /// links and `(source, source id)` pairs move to it, their fields fill those it lacks (tags
    /// unioned, the larger likes; never the fields the user set on the first, ``PlaceEdits``),
    /// and they are deleted — all in one transaction. Their pairs stay theirs: a re-import of any
    /// of them updates the survivor, their names find it, and each keeps what it was and gave
    /// (``SourceSnapshot``) for ``splitPlace(id:source:)``.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for fewer than two ids
    ///   or an id given twice; ``FootprintStoreError/placeNotFound(id:)`` for an id that no
    ///   place has (a removed place is gone: nothing merges across it). Nothing changes then.
    public func mergePlaces(_ ids: [Int64]) throws -> Place {
        let list = "“\(ids.map(String.init).joined(separator: " "))”"
        guard ids.count >= 2 else {
            throw FootprintStoreError.invalidValue(
                name: "place list", value: list, reason: "a merge needs at least two places, the first surviving")
        }
        var seen = Set<Int64>()
        if let twice = ids.first(where: { !seen.insert($0).inserted }) {
            throw FootprintStoreError.invalidValue(
                name: "place list", value: list, reason: "place \(twice) is given twice")
        }
        return try write { db in
            var places: [Place] = []
            for id in ids {
                guard let place = try Place.fetchOne(db, key: id) else {
                    throw FootprintStoreError.placeNotFound(id: id)
                }
                places.append(place)
            }
            var survivor = places[0]
            // The fields the user set on the survivor stay as the user set them.
            let edits = try PlaceEditsTable.fetch(db, placeID: survivor.id!)
            var fields = MergedFields(survivor)
            for other in places.dropFirst() {
                let brought = MergedFields(other)
                let before = fields
                fields = fields.merging(brought, keeping: edits)
                let snapshot = SourceSnapshot(
                    fields: brought, contribution: MergeContribution(before: before, after: fields))
                try Self.movePairs(db, of: other, to: survivor, snapshot: snapshot)
                try Self.moveHistory(db, from: other.id!, to: survivor.id!)
                try db.execute(sql: "DELETE FROM places WHERE id = ?", arguments: [other.id])
                // The deletion left a tombstone of the other's own pair, which the merge does not mean.
                if let source = other.source, let sourceID = other.sourceID {
                    try db.execute(
                        sql: "DELETE FROM removed_sources WHERE source = ? AND source_id = ?",
                        arguments: [source, sourceID])
                }
            }
            if fields != MergedFields(survivor) {
                survivor.apply(fields)
                survivor.updatedAt = Date()
                try survivor.update(db)
            }
            return survivor
        }
    }

    /// Gives `survivor` the pairs of `other`: its own one becomes a merged pair keeping its name,
    /// position and `snapshot` (what it was and what it gave), its merged ones move as they are,
    /// and the names they are searched by too.
    private static func movePairs(
        _ db: Database, of other: Place, to survivor: Place, snapshot: SourceSnapshot
    ) throws {
        let otherID = other.id!
        if let source = other.source, let sourceID = other.sourceID {
            let values: [(any DatabaseValueConvertible)?] =
                [source, sourceID, otherID, other.name, other.coordinate.latitude, other.coordinate.longitude]
                + snapshot.databaseValues
            try db.execute(
                sql: """
                    INSERT INTO place_sources(source, source_id, place_id, name, latitude, longitude, \(SourceSnapshot.columns))
                    VALUES (\((1...18).map { "?\($0)" }.joined(separator: ", ")))
                    ON CONFLICT(source, source_id) DO UPDATE SET
                        name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
                        \(SourceSnapshot.assignments(from: 7))
                    """,
                arguments: StatementArguments(values))
        }
        try db.execute(
            sql: "UPDATE place_sources SET place_id = ? WHERE place_id = ?", arguments: [survivor.id, otherID])
        try OtherNames.move(db, from: otherID, to: survivor.id!)
        if other.source != nil {
            try OtherNames.add(db, placeID: survivor.id!, name: other.name, placeName: survivor.name)
        }
    }

    /// Moves visits, photos and diary links of place `from` to place `to`.
    static func moveHistory(_ db: Database, from: Int64, to: Int64) throws {
        for table in ["visits", "photos"] {
            try db.execute(sql: "UPDATE \(table) SET place_id = ? WHERE place_id = ?", arguments: [to, from])
        }
        try db.execute(
            sql: "UPDATE OR IGNORE log_entry_places SET place_id = ? WHERE place_id = ?", arguments: [to, from])
        try db.execute(sql: "DELETE FROM log_entry_places WHERE place_id = ?", arguments: [from])
    }
}

extension Place {
    /// Takes the mergeable fields of `fields`.
    mutating func apply(_ fields: MergedFields) {
        category = fields.category
        tags = Hashtag.decode(fields.tags)
        likes = fields.likes
        address = fields.address
        roadAddress = fields.roadAddress
        phone = fields.phone
        visitTime = fields.visitTime
        note = fields.note
        bestTime = fields.bestTime.flatMap(BestTime.init(stored:))
    }
}
