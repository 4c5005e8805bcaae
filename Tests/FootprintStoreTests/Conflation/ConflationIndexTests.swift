import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A large import matches its rows against the stored places in memory (``ConflationIndex``):
/// the same place wins as with the R*Tree query of ``PlaceMatcher``, for names alike, brands and
/// branches, places of the importing source and places already holding one of its pairs.
@Suite struct ConflationIndexTests {
    static let names = [
        "스타벅스", "스타벅스 성수역점", "스타벅스 (성수)", "스타벅스 리저브", "블루보틀", "블루 보틀", "카페 오월", "카페-오월!",
        "CGV", "CGV 왕십리점", "Café Ü", "cafe u", "서점", "",
    ]

    @Test func theIndexFindsThePlaceTheQueryFinds() throws {
        let test = try ImportTestStore()
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func position() -> (Double, Double) {
            (37.5 + Double(next(1000)) / 1000 * 0.002, 127.0 + Double(next(1000)) / 1000 * 0.002)
        }
        for source in ["a.csv", "b.csv", "c.csv"] {
            var text = "id,name,lat,lon\n"
            for row in 0..<120 {
                let (latitude, longitude) = position()
                let name = Self.names[next(Self.names.count - 1)]
                text += "\(row),\(name),\(latitude),\(longitude)\n"
            }
            var options = ImportOptions(source: source)
            options.matchRadiusMeters = 0
            _ = try test.store.importPlaces(from: try test.file(source, text), options: options)
        }
        for _ in 0..<20 {
            let (latitude, longitude) = position()
            _ = try test.store.addPlace(
                Place(
                    name: Self.names[next(Self.names.count - 1)],
                    coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude)))
        }
        // A pair of c.csv merged into one of a.csv's places: that place is no match for c.csv.
        let merged = try #require(try test.store.places().first { $0.source == "a.csv" }?.id)
        let other = try #require(try test.store.places().first { $0.source == "c.csv" }?.id)
        _ = try test.store.mergePlaces([merged, other])
        var compared = 0
        var found = 0
        try test.store.write { db in
            for radius in [50.0, 20.0] {
                let index = try ConflationIndex(db, path: "test", source: "c.csv", radiusMeters: radius)
                let matcher = try PlaceMatcher(db, path: "test", radiusMeters: radius)
                for _ in 0..<400 {
                    let (latitude, longitude) = position()
                    let name = Self.names[next(Self.names.count)]
                    let expected = try matcher.match(
                        name: name, latitude: latitude, longitude: longitude, source: "c.csv")
                    let actual = try index.match(
                        name: name, latitude: latitude, longitude: longitude, source: "c.csv", matcher: matcher
                    ) { id in try String.fetchOne(db, sql: "SELECT name FROM places WHERE id = ?", arguments: [id]) }
                    #expect(actual == expected, "\(name) at \(latitude),\(longitude), radius \(radius)")
                    compared += 1
                    if expected != nil { found += 1 }
                }
            }
        }
        #expect(compared == 800)
        // Most probes find a place (the names repeat over a small area): the rules are exercised.
        #expect(found > 200)
    }

    @Test(arguments: ["카페-오월 (성수)", "Blue Bottle·Coffee!", "Café Ü", "", "스타벅스 성수역점", "N서울타워", "ＣＧＶ"])
    func theIndexKeyIsTheConflationKey(name: String) {
        let key = ConflationName.key(name)
        #expect(ConflationIndex.key(of: name) == ConflationIndex.key(of: key))
        #expect(ConflationIndex.key(of: name).length == key.utf8.count)
    }
}
