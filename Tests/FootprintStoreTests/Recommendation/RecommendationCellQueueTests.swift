import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The per-cell aggregates (`v19-recommend-cells`) and the ranking that reads a cell's places
/// only when they may rank: the aggregates follow every write, and the answers are those of
/// reading every place.
@Suite struct RecommendationCellQueueTests {
    /// The rows `recommend_cells` should have (an aggregate of `recommend_candidates`), less the
    /// rows it has, and the other way round.
    static func mismatches(_ store: FootprintStore) throws -> Int {
        try store.read { db in
            let expected = """
                SELECT cell, count(*), max(CAST(likes AS INTEGER)), count(best_time) FROM recommend_candidates
                GROUP BY cell
                """
            let actual = "SELECT cell, places, max_likes, timed FROM recommend_cells"
            return try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM (\(expected) EXCEPT \(actual)))
                        + (SELECT count(*) FROM (\(actual) EXCEPT \(expected)))
                    """) ?? -1
        }
    }

    /// `count` places in CSV around the scene's centre, within `meters`, ids `r0`…: heavy-tailed
    /// likes, a best time on some, chains' branches among them.
    static func csv(count: Int, meters: Double, seed: UInt64, likesScale: Double = 1) -> String {
        var random = SeededGenerator(seed: seed)
        let brands = ["스타벅스", "블루보틀", "카페 오월", "김밥천국", "CGV", "서점"]
        let categories = ["음식점 > 카페", "음식점 > 카페 > 디저트", "음식점 > 한식", "문화 > 영화관", ""]
        let tags = ["야경", "커피", "데이트", "맛집", "루프탑"]
        let times = ["", "", "", "18:00-20:00", "아침", "밤"]
        var text = "id,name,category,lat,lon,tags,likes,best_time\n"
        for row in 0..<count {
            let point = RecommendationScene.point(
                meters * Double.random(in: 0...1, using: &random).squareRoot(),
                Double.random(in: 0..<360, using: &random))
            let likes = Int(likesScale * exp(Double.random(in: 0...9, using: &random)))
            let name = "\(brands.randomElement(using: &random)!) \(row % 7 == 0 ? "\(row)호점" : "점\(row)")"
            let tagList = tags.filter { _ in Bool.random(using: &random) }.joined(separator: "|")
            text += "r\(row),\(name),\(categories.randomElement(using: &random)!),\(point.latitude),\(point.longitude),"
            text += "\(tagList),\(likes),\(times.randomElement(using: &random)!)\n"
        }
        return text
    }

    @Test func theFarthestBoundHoldsForEveryPointOfACell() {
        var random = SeededGenerator(seed: 31)
        let size = 1 / RecommendationCells.perDegree
        for latitude in [0.0, 37.5665, -45, 69.9, 84] {
            let center = Coordinate(uncheckedLatitude: latitude, longitude: 126.978)
            for _ in 0..<200 {
                let south = latitude + Double.random(in: -0.04...0.04, using: &random)
                let west = 126.978 + Double.random(in: -0.05...0.05, using: &random)
                let farthest = RecommendationCellQueue.farthest(
                    center: center, south: south, north: south + size, west: west, east: west + size)
                var largest = 0.0
                // The corners, then points anywhere in the cell.
                for sample in 0..<20 {
                    let north = sample < 4 ? Double(sample % 2) : Double.random(in: 0...1, using: &random)
                    let east = sample < 4 ? Double(sample / 2) : Double.random(in: 0...1, using: &random)
                    let point = Coordinate(uncheckedLatitude: south + size * north, longitude: west + size * east)
                    largest = max(largest, Geodesic.distance(from: center, to: point))
                }
                #expect(largest <= farthest)
                // Tight enough to leave few cells to the exact count: within 2% and a cell's corner.
                #expect(farthest <= largest * 1.02 + 60)
            }
        }
    }

    @Test func theAggregatesFollowEveryWrite() throws {
        let test = try ImportTestStore()
        let store = test.store
        _ = try store.importPlaces(from: try test.file("a.csv", Self.csv(count: 400, meters: 2_000, seed: 19)))
        #expect(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM recommend_cells") ?? 0 } > 50)
        #expect(try Self.mismatches(store) == 0)
        // Imported again with other positions, likes and times: the same ids, updated.
        _ = try store.importPlaces(
            from: try test.file("a.csv", Self.csv(count: 450, meters: 1_500, seed: 20, likesScale: 3)))
        #expect(try Self.mismatches(store) == 0)
        // A few places of another source among many: the import counts only their cells again.
        var few = ImportOptions(source: "b.csv")
        few.matchRadiusMeters = 0
        _ = try store.importPlaces(
            from: try test.file("b.csv", Self.csv(count: 40, meters: 1_500, seed: 21)), options: few)
        #expect(try Self.mismatches(store) == 0)
        let places = try store.read { try Place.order(Place.Columns.id).fetchAll($0) }
        _ = try store.editPlace(
            id: places[0].id!, PlaceEdit(coordinate: RecommendationScene.point(3_000, 10), bestTime: "밤"))
        _ = try store.removePlace(id: places[1].id!)
        try store.addPlace(Place(name: "새 곳", coordinate: RecommendationScene.point(5, 5), likes: 1_000_000))
        #expect(try Self.mismatches(store) == 0)
        // Another tool's plain SQL: the largest likes lowered and deleted, a cell emptied, and a
        // row of the candidate table replaced (no delete trigger fires for it).
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE places SET likes = 0 WHERE likes = (SELECT max(likes) FROM places)")
            try db.execute(sql: "DELETE FROM places WHERE id IN (SELECT id FROM places ORDER BY likes DESC LIMIT 3)")
            try db.execute(sql: "UPDATE places SET best_time = NULL WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE places SET latitude = latitude + 0.01 WHERE id % 5 = 0")
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO recommend_candidates (cell, id, latitude, longitude, likes, best_time)
                    SELECT cell, id, latitude, longitude, likes + 7, '10:00-11:00' FROM recommend_candidates
                    WHERE id % 4 = 1
                    """)
            let cell = try Int64.fetchOne(db, sql: "SELECT cell FROM recommend_cells WHERE places = 1 LIMIT 1")
            try db.execute(
                sql: "DELETE FROM places WHERE id IN (SELECT id FROM recommend_candidates WHERE cell = ?)",
                arguments: [cell])
            #expect(
                try Int.fetchOne(db, sql: "SELECT count(*) FROM recommend_cells WHERE cell = ?", arguments: [cell]) == 0
            )
        }
        try queue.close()
        #expect(try Self.mismatches(store) == 0)
    }

    /// Batches that grow threefold: the first counts its cells one by one against an empty table,
    /// the later ones count every cell again in one pass.
    @Test func aBatchedImportCountsItsCellsAgain() throws {
        let test = try ImportTestStore()
        var options = ImportOptions(source: "a.csv")
        options.batchSize = 50
        let summary = try test.store.importPlaces(
            from: try test.file("a.csv", Self.csv(count: 1_000, meters: 800, seed: 23)), options: options)
        #expect(summary.inserted == 1_000)
        #expect(try Self.mismatches(test.store) == 0)
        var small = ImportOptions(source: "c.csv")
        small.batchSize = 7
        small.matchRadiusMeters = 0
        _ = try test.store.importPlaces(
            from: try test.file("c.csv", Self.csv(count: 60, meters: 800, seed: 24)), options: small)
        #expect(try Self.mismatches(test.store) == 0)
    }

    @Test func readingCellsLazilyGivesTheRankingOfEveryPlace() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("a.csv", Self.csv(count: 3_000, meters: 4_000, seed: 7)))
        // The same file without the aggregates: every place is read, as before v19.
        let copy = test.directory.file("copy.sqlite").path
        let original = try DatabaseQueue(path: test.store.path)
        try original.inDatabase { try $0.execute(sql: "VACUUM INTO ?", arguments: [copy]) }
        try original.close()
        let queue = try DatabaseQueue(path: copy)
        try queue.write { try $0.execute(sql: "DROP TABLE recommend_cells") }
        try queue.close()
        let everyPlace = try FootprintStore.open(at: copy, mode: .readOnly)
        let centers = [
            RecommendationScene.center, RecommendationScene.point(1_200, 60), RecommendationScene.point(3_900, 200),
        ]
        let weights = [
            RecommendationWeights.defaults, try RecommendationWeights(parsing: "popularity=2,distance=0.1"),
            try RecommendationWeights(parsing: "time=3,popularity=0"),
        ]
        var compared = 0
        for center in centers {
            for radius in [150.0, 1_000, 3_000] {
                // The shortcut is taken, and its count of the places never read is exact.
                let count = try test.store.read { db in
                    let extent = RecommendationCandidates.Extent.circle(
                        center: center, flat: FlatDistance(center: center))
                    let queue = try #require(
                        try RecommendationCellQueue.make(
                            db, center: center, radius: radius, path: copy))
                    return try queue.unreadCount(
                        reader: RecommendationCandidates.CellReader(db, extent: extent, radius: radius, path: copy))
                }
                for (weights, limit) in zip(weights, [20, 5, 60]) {
                    let query = RecommendationQuery(
                        anchor: .point(center), radiusMeters: radius, limit: limit, minuteOfDay: 18 * 60 + 30,
                        weights: weights, clock: RecommendationScene.clock)
                    let lazy = try test.store.recommend(query)
                    #expect(lazy == (try everyPlace.recommend(query)))
                    #expect(lazy.candidateCount == count)
                    // A later page continues the same ranking.
                    if let cursor = lazy.recommendations.dropFirst(2).first?.cursor {
                        var next = query
                        next.after = cursor
                        #expect((try test.store.recommend(next)) == (try everyPlace.recommend(next)))
                    }
                    compared += lazy.recommendations.count
                }
            }
        }
        #expect(compared > 500)
    }
}
