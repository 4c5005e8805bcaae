import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A place moved by another tool through `latitude`/`longitude` alone (plain sqlite3 cannot
/// write SpatiaLite's geometry): every spatial look-up sees it where the columns say, before
/// Footprint's next write, and that write moves its `geom` and index entry too.
@Suite struct PlaceMovesTests {
    static let cityHall = Coordinate(uncheckedLatitude: 37.5663, longitude: 126.9779)
    static let chuncheon = Coordinate(uncheckedLatitude: 37.8813, longitude: 127.7298)

    let temporary: TemporaryStore
    let moved: Place
    let stayed: Place

    init() throws {
        temporary = try TemporaryStore()
        moved = try temporary.store.addPlace(Place(name: "까치 분식", coordinate: Self.cityHall))
        stayed = try temporary.store.addPlace(Place(name: "까치 서점", coordinate: Self.cityHall))
        // Plain SQLite, as the sqlite3 shell: no SpatiaLite, no tokenizer.
        let plain = try DatabaseQueue(path: temporary.path)
        try plain.write { db in
            try db.execute(
                sql: "UPDATE places SET latitude = ?, longitude = ? WHERE id = ?",
                arguments: [Self.chuncheon.latitude, Self.chuncheon.longitude, moved.id])
        }
        try plain.close()
    }

    func names(_ store: FootprintStore, _ query: NearbyQuery) throws -> [String] {
        try store.nearby(query).map(\.place.name)
    }

    @Test func everyLookUpSeesTheColumnsBeforeTheNextWrite() throws {
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        for store in [reader, temporary.store] {
            #expect(try names(store, NearbyQuery(center: Self.chuncheon, extent: .radius(meters: 500))) == ["까치 분식"])
            #expect(try names(store, NearbyQuery(center: Self.cityHall, extent: .radius(meters: 500))) == ["까치 서점"])
            #expect(try names(store, NearbyQuery(center: Self.chuncheon, extent: .nearest(k: 1))) == ["까치 분식"])
            #expect(try store.placeIDs(within: 100, of: Self.chuncheon) == [moved.id!])
            // A small circle is listed from the index, a large one read from the columns: both agree.
            for radius in [500.0, 50_000] {
                let found = try store.search(SearchQuery("까치", near: Self.chuncheon, withinMeters: radius))
                #expect(found.map(\.place.name) == ["까치 분식"], "\(radius)")
                #expect(found.first?.distanceMeters == 0)
            }
        }
    }

    @Test func theNextWriteMovesTheGeometryAndTheIndex() throws {
        try temporary.store.updateSearchIndex()
        try temporary.store.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM place_moves") == 0)
            let row = try #require(
                try Row.fetchOne(db, sql: "SELECT xmin, xmax, ymin, ymax FROM idx_places_geom WHERE pkid = ?", arguments: [moved.id]))
            #expect(abs((row[0] as Double) - Self.chuncheon.longitude) < 1e-4)
            #expect(abs((row[2] as Double) - Self.chuncheon.latitude) < 1e-4)
        }
        #expect(try names(temporary.store, NearbyQuery(center: Self.chuncheon, extent: .radius(meters: 500))) == ["까치 분식"])
        let place = try temporary.store.place(id: moved.id!)
        #expect(place.coordinate.latitude == Self.chuncheon.latitude)
        #expect(place.coordinate.longitude == Self.chuncheon.longitude)
    }
}
