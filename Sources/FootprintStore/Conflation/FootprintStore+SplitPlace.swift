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
    /// Undoes the merge of `source` into place `id`: a new place, named and placed as that
    /// source had it, takes the source's pairs (and the place's category); the place keeps its
    /// visits and its other pairs. When `source` is the place's own pair, the place takes the
    /// name, position and pair of its next source.
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
            var first = leaving[0]
            var name: String
            var coordinate: Coordinate
            if place.source == source, place.sourceID == first.sourceID {
                // The place's own pair leaves: the place becomes its next source's.
                let next = pairs.first { $0.source != source }!
                let row = try Self.storedPair(db, next)
                name = place.name
                coordinate = place.coordinate
                place.name = row?.name ?? place.name
                place.coordinate = row?.coordinate ?? place.coordinate
                place.source = next.source
                place.sourceID = next.sourceID
                place.updatedAt = Date()
                try place.update(db)
                try Self.forgetOtherName(db, next, placeID: id, name: row?.name)
                first = leaving[0]
            } else {
                let row = try Self.storedPair(db, first)
                name = row?.name ?? place.name
                coordinate = row?.coordinate ?? place.coordinate
            }
            var split = Place(
                name: name, coordinate: coordinate, category: place.category, source: first.source,
                sourceID: first.sourceID)
            split.createdAt = Date()
            split.updatedAt = split.createdAt
            try split.insert(db)
            for pair in leaving {
                let row = try Self.storedPair(db, pair)
                try Self.forgetOtherName(db, pair, placeID: id, name: row?.name)
                let own = pair == first
                try db.execute(
                    sql: """
                        INSERT INTO place_sources(source, source_id, place_id, name, latitude, longitude)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                        ON CONFLICT(source, source_id) DO UPDATE SET place_id = excluded.place_id,
                            name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude
                        """,
                    arguments: [
                        pair.source, pair.sourceID, split.id, own ? nil : row?.name ?? name,
                        own ? nil : row?.coordinate?.latitude, own ? nil : row?.coordinate?.longitude,
                    ])
                if !own, let otherName = row?.name {
                    try OtherNames.add(db, placeID: split.id!, name: otherName, placeName: split.name)
                }
            }
            return PlaceSplit(kept: place, split: split)
        }
    }

    /// The name and position a merged pair keeps (`nil` for a place's own pair or an unknown one).
    private static func storedPair(_ db: Database, _ pair: PlaceSource) throws -> (
        name: String, coordinate: Coordinate?
    )? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT name, latitude, longitude FROM place_sources WHERE source = ? AND source_id = ?",
                arguments: [pair.source, pair.sourceID]),
            let name: String = row[0]
        else { return nil }
        let latitude: Double? = row[1]
        let longitude: Double? = row[2]
        let coordinate = latitude.flatMap { lat in longitude.map { Coordinate(uncheckedLatitude: lat, longitude: $0) } }
        return (name, coordinate)
    }

    /// Makes `pair` a place's own pair in `place_sources` (no name kept) and drops its name from
    /// the search of place `id`'s other names.
    private static func forgetOtherName(_ db: Database, _ pair: PlaceSource, placeID id: Int64, name: String?) throws {
        if let name { try OtherNames.remove(db, placeID: id, name: name) }
        try db.execute(
            sql: """
                UPDATE place_sources SET name = NULL, latitude = NULL, longitude = NULL
                WHERE source = ? AND source_id = ?
                """, arguments: [pair.source, pair.sourceID])
    }
}
