import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// `place list --duplicates` judges each place's name against the names of the places within
/// the radius in memory; the pairs are those of judging every pair with stored rows.
@Suite struct DuplicatePlacesTests {
    static let names = [
        "스타벅스", "스타벅스 성수역점", "블루보틀", "블루 보틀 성수", "카페 오월", "카페-오월", "서점", "CGV", "CGV 왕십리",
        "오월", "성수 서점", "BlueBottle",
    ]

    /// The pairs by brute force: every pair within the radius, judged on stored rows both ways.
    func reference(_ store: FootprintStore, radius: Double) throws -> [String] {
        try store.read { db in
            let places = try Place.order(Place.Columns.id).fetchAll(db)
            var pairs: [String] = []
            for (offset, place) in places.enumerated() {
                for other in places[(offset + 1)...] {
                    let distance = Geodesic.distance(from: place.coordinate, to: other.coordinate)
                    guard distance <= radius else { continue }
                    var alike = false
                    for (query, row) in [(place, other), (other, place)] where !alike {
                        let matcher = SearchMatcher(SearchQuery(query.name))
                        try SearchIndex.forEachRow(db, ids: [row.id!], columns: .ranking, condition: nil) {
                            alike = matcher.match($0) != nil
                        }
                    }
                    if alike { pairs.append("\(place.id!) \(other.id!) \(distance)") }
                }
            }
            return pairs
        }
    }

    @Test(arguments: [50.0, 15.0, 0.0])
    func thePairsAreThoseOfJudgingEveryPair(radius: Double) throws {
        let test = try ImportTestStore()
        // A deterministic scatter of 160 places over ~120 m, some on the same spot.
        var text = "id,name,lat,lon\n"
        var state: UInt64 = 16
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for row in 0..<160 {
            let name = Self.names[Int(next() % UInt64(Self.names.count))]
            let north = row % 20 == 0 ? 0 : Double(next() % 1000) / 1000 * 0.001
            let east = row % 20 == 0 ? 0 : Double(next() % 1000) / 1000 * 0.001
            text += "r\(row),\(name),\(37.5 + north),\(127.0 + east)\n"
        }
        var options = ImportOptions(source: "scatter.csv")
        options.matchRadiusMeters = 0
        _ = try test.store.importPlaces(from: try test.file("scatter.csv", text), options: options)
        let pairs = try test.store.duplicatePlaces(radiusMeters: radius).map {
            "\($0.first.id!) \($0.second.id!) \($0.distanceMeters)"
        }
        let expected = try reference(test.store, radius: radius)
        #expect(pairs == expected)
        #expect(!pairs.isEmpty)
    }
}
