import FootprintGeo
import Foundation
import GRDB

/// Two places that look like copies of one spot (``FootprintStore/duplicatePlaces(radiusMeters:)``).
public struct DuplicatePair: Hashable, Sendable {
    /// The place with the lower id.
    public var first: Place
    public var second: Place
    /// WGS84 geodesic distance between them, metres.
    public var distanceMeters: Double
}

extension FootprintStore {
    /// The pairs of places within `radiusMeters` of each other whose names are alike by search's
    /// own matcher — one name, searched for, finds the other (`스타벅스` finds `스타벅스
    /// 성수역점`, `블루보틀` finds `블루 보틀 성수`) —, for a person to merge
    /// (``mergePlaces(_:)``). Ordered by the first place's id, then the second's.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for a radius below 0 or
    ///   above 1000 m.
    public func duplicatePlaces(radiusMeters: Double = 50) throws -> [DuplicatePair] {
        try PlaceMatcher.checkRadius(radiusMeters)
        return try read { db in
            let spatial = try Self.hasRTree(db)
            var pairs: [DuplicatePair] = []
            var matchers: [Int64: SearchMatcher] = [:]
            func matcher(for place: Place) -> SearchMatcher {
                if let known = matchers[place.id!] { return known }
                let made = SearchMatcher(SearchQuery(place.name))
                matchers[place.id!] = made
                return made
            }
            let cursor = try Place.order(Place.Columns.id).fetchCursor(db)
            while let place = try cursor.next() {
                let latitude = place.coordinate.latitude
                let longitude = place.coordinate.longitude
                guard latitude.isFinite, longitude.isFinite else { continue }
                let latitudeSpan = radiusMeters / 110_000
                let longitudeSpan = radiusMeters / (111_000 * max(0.01, cos(latitude * .pi / 180)))
                let arguments: StatementArguments = [
                    longitude - longitudeSpan, longitude + longitudeSpan, latitude - latitudeSpan,
                    latitude + latitudeSpan, place.id,
                ]
                let ids = try Int64.fetchAll(
                    db,
                    sql: spatial
                        ? """
                        SELECT pkid FROM idx_places_geom WHERE xmin <= ?2 AND xmax >= ?1 AND ymin <= ?4 AND ymax >= ?3
                        AND pkid > ?5
                        """
                        : """
                        SELECT id FROM places WHERE longitude BETWEEN ?1 AND ?2 AND latitude BETWEEN ?3 AND ?4 AND id > ?5
                        """, arguments: arguments)
                guard !ids.isEmpty else { continue }
                let own = matcher(for: place)
                for other in try Place.fetchAll(db, keys: ids).sorted(by: { $0.id! < $1.id! }) {
                    let distance = Geodesic.distance(from: place.coordinate, to: other.coordinate)
                    guard distance <= radiusMeters else { continue }
                    var alike = false
                    try SearchIndex.forEachRow(db, ids: [other.id!], columns: .ranking, condition: nil) { row in
                        alike = own.match(row) != nil
                    }
                    if !alike {
                        let theirs = matcher(for: other)
                        try SearchIndex.forEachRow(db, ids: [place.id!], columns: .ranking, condition: nil) { row in
                            alike = theirs.match(row) != nil
                        }
                    }
                    if alike { pairs.append(DuplicatePair(first: place, second: other, distanceMeters: distance)) }
                }
                matchers[place.id!] = nil
            }
            return pairs
        }
    }

    private static func hasRTree(_ db: Database) throws -> Bool {
        try db.tableExists(SpatialIndexUpdate.table)
    }
}
