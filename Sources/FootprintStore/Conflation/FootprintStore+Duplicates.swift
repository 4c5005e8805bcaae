import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

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
    /// The places' positions and names are read once and put in a grid (``PositionGrid``); each
    /// place's name is made a search matcher once and judged against the names of the places
    /// within the radius, each row built in memory (no query a pair). On the peer benchmark's
    /// million places in Seoul that is ~13 names judged a place.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for a radius below 0 or
    ///   above 1000 m.
    public func duplicatePlaces(radiusMeters: Double = 50) throws -> [DuplicatePair] {
        try PlaceMatcher.checkRadius(radiusMeters)
        return try read { db in
            let places = try DuplicateCandidates(db, path: path)
            let grid = PositionGrid(
                latitudes: places.latitudes, longitudes: places.longitudes,
                cellDegrees: max(radiusMeters / 110_000, 1e-6))
            let rows = try InMemoryRow(db, path: path)
            var found: [UInt64: Double] = [:]
            for slot in grid.order {
                let index = Int(slot)
                let latitude = places.latitudes[index]
                let longitude = places.longitudes[index]
                let here = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
                let (latitudeSpan, longitudeSpan) = PlaceMatcher.spans(radiusMeters: radiusMeters, latitude: latitude)
                var matcher: SearchMatcher?
                try grid.forEach(
                    south: latitude - latitudeSpan, north: latitude + latitudeSpan, west: longitude - longitudeSpan,
                    east: longitude + longitudeSpan
                ) { other in
                    guard other != index else { return }
                    let pair = UInt64(min(index, other)) << 32 | UInt64(max(index, other))
                    if found[pair] != nil { return }
                    let there = Coordinate(
                        uncheckedLatitude: places.latitudes[other], longitude: places.longitudes[other])
                    let bounds = Geodesic.distanceBounds(from: here, to: there)
                    if bounds.lowerBound > radiusMeters { return }
                    if bounds.upperBound > radiusMeters, Geodesic.distance(from: here, to: there) > radiusMeters {
                        return
                    }
                    if matcher == nil { matcher = SearchMatcher(SearchQuery(places.names[index])) }
                    let alike = try rows.with(
                        id: places.ids[other], name: places.names[other], likes: places.likes[other],
                        latitude: places.latitudes[other], longitude: places.longitudes[other]
                    ) { matcher!.match($0) != nil }
                    if alike {
                        found[pair] = Geodesic.distance(from: here, to: there)
                    }
                }
            }
            // The pairs in id order (indices are in id order), with their places.
            let pairs = found.keys.sorted()
            var needed = Set<Int64>()
            for pair in pairs {
                needed.insert(places.ids[Int(pair >> 32)])
                needed.insert(places.ids[Int(pair & 0xFFFF_FFFF)])
            }
            var records: [Int64: Place] = [:]
            for place in try Place.fetchAll(db, keys: Array(needed)) { records[place.id!] = place }
            return pairs.compactMap { pair in
                guard let first = records[places.ids[Int(pair >> 32)]],
                    let second = records[places.ids[Int(pair & 0xFFFF_FFFF)]]
                else { return nil }
                return DuplicatePair(first: first, second: second, distanceMeters: found[pair]!)
            }
        }
    }
}

/// Every place with a position, in id order: what ``FootprintStore/duplicatePlaces(radiusMeters:)``
/// judges.
private struct DuplicateCandidates {
    var ids: [Int64] = []
    var names: [String] = []
    var likes: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []

    init(_ db: Database, path: String) throws {
        let scan = try RawStatement(
            db, path: path,
            sql: """
                SELECT id, name, likes, latitude, longitude FROM places
                WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY id
                """)
        while try scan.step() {
            let latitude = scan.double(3)
            let longitude = scan.double(4)
            guard latitude.isFinite, longitude.isFinite else { continue }
            ids.append(scan.int64(0))
            names.append(scan.text(1) ?? "")
            likes.append(scan.int64(2))
            latitudes.append(latitude)
            longitudes.append(longitude)
        }
    }
}

/// A row of `places`' ranking columns (`id`, `name`, `likes`, `latitude`, `longitude`, as
/// ``SearchIndex/forEachRow(_:ids:columns:condition:otherNames:_:)`` reads them) made from values
/// in memory: a statement that selects its bound parameters, stepped once, so the search
/// matcher judges it as it judges a stored row.
private final class InMemoryRow {
    private let statement: Statement
    private let path: String

    init(_ db: Database, path: String) throws {
        statement = try db.makeStatement(sql: "SELECT ?1, ?2, ?3, ?4, ?5")
        self.path = path
    }

    func with<T>(
        id: Int64, name: String, likes: Int64, latitude: Double, longitude: Double, _ body: (SearchRowView) throws -> T
    ) throws -> T {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, id)
        sqlite3_bind_int64(handle, 3, likes)
        sqlite3_bind_double(handle, 4, latitude)
        sqlite3_bind_double(handle, 5, longitude)
        var name = name
        return try name.withUTF8 { bytes in
            // SQLITE_STATIC: the bytes outlive the step and the body, which read them.
            sqlite3_bind_text(
                handle, 2,
                UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
            defer { sqlite3_reset(handle) }
            guard sqlite3_step(handle) == SQLITE_ROW else {
                throw FootprintStoreError.database(path: path, message: "a row in memory could not be read")
            }
            return try body(SearchRowView(handle: handle, hasOtherFields: false))
        }
    }
}
