import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The compact candidate table (`v16-recommend-candidates`) and the day corridor's simplified
/// route: the shortcuts that make recommendations fast must give the very same answers.
@Suite struct RecommendationCellsTests {
    typealias Random = RecommendationPropertyTests.Random

    @Test func cellRangesHoldEveryPointWithinTheRadius() {
        var random = Random(state: 15)
        let centers = [
            RecommendationScene.center, Coordinate(uncheckedLatitude: 10, longitude: 179.999),
            Coordinate(uncheckedLatitude: -45, longitude: -179.9995),
            Coordinate(uncheckedLatitude: 69.9, longitude: 20),
            Coordinate(uncheckedLatitude: 85, longitude: 0), Coordinate(uncheckedLatitude: -89.99, longitude: 0),
            Coordinate(uncheckedLatitude: 0, longitude: 0),
        ]
        for center in centers {
            for radius in [5.0, 300, 3_000, 20_000, 50_000] {
                let ranges = RecommendationCells.ranges(center: center, radiusMeters: radius)
                for _ in 0..<300 {
                    // Half of the points on the circle itself, where a range that is too short fails.
                    let distance = random.next() < 0.5 ? radius : radius * random.next().squareRoot()
                    let point = Geodesic.destination(
                        from: center, bearingDegrees: random.next() * 360, distanceMeters: distance
                    ).coordinate
                    let cell =
                        RecommendationCells.band(point.latitude) * RecommendationCells.stride
                        + RecommendationCells.column(point.longitude)
                    #expect(
                        ranges.contains { $0.contains(cell) },
                        "\(point) at \(distance) m of \(center) is in no range of radius \(radius)")
                }
            }
        }
    }

    @Test func circleRangesAreNarrowerThanTheCirclesBox() {
        let ranges = RecommendationCells.ranges(center: RecommendationScene.center, radiusMeters: 3_000)
        let box = RecommendationCells.ranges(
            covering: SearchBox.covering(center: RecommendationScene.center, radiusMeters: 3_000))
        let cells = { (ranges: [ClosedRange<Int64>]) in ranges.reduce(0) { $0 + $1.count } }
        #expect(cells(ranges) < cells(box) * 85 / 100)
        #expect(cells(ranges) > cells(box) * 70 / 100)  // π/4 of the box, and the edge cells
    }

    /// The rows `recommend_candidates` should have, less the rows it has, and the other way round.
    static func mismatches(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let expected = """
                SELECT \(RecommendationCells.values(of: "places"))
                FROM places WHERE latitude IS NOT NULL AND longitude IS NOT NULL
                """
            let actual = "SELECT cell, \(RecommendationCells.columns) FROM recommend_candidates"
            return try Int.fetchOne(
                db,
                sql:
                    "SELECT (SELECT count(*) FROM (\(expected) EXCEPT \(actual))) + (SELECT count(*) FROM (\(actual) EXCEPT \(expected)))"
            ) ?? -1
        }
    }

    @Test func theTableFollowsEveryWriteToPlaces() throws {
        let scene = try RecommendationScene()
        let store = scene.store
        let moved = try scene.add("moved", 100, 0, likes: 5)
        let liked = try scene.add("liked", 200, 90)
        let removed = try scene.add("removed", 300, 180)
        let edited = try scene.add("edited", 400, 270)
        #expect(try Self.mismatches(scene.temporary.path) == 0)
        _ = try store.editPlace(
            id: edited.id!, PlaceEdit(coordinate: RecommendationScene.point(50, 45), bestTime: "밤"))
        _ = try store.removePlace(id: removed.id!)
        // Another tool, with plain SQL and no SpatiaLite: a move by the columns, new likes and window.
        let queue = try DatabaseQueue(path: scene.temporary.path)
        let target = RecommendationScene.point(2_500, 0)
        try queue.write { db in
            try db.execute(
                sql: "UPDATE places SET latitude = ?, longitude = ? WHERE id = ?",
                arguments: [target.latitude, target.longitude, moved.id!])
            try db.execute(
                sql: "UPDATE places SET likes = 9000, best_time = '10:00-11:00' WHERE id = ?", arguments: [liked.id!])
            // v17: the name, category and tags follow too.
            try db.execute(
                sql: "UPDATE places SET name = 'edited 2', category = '카페', tags = '야경|커피' WHERE id = ?",
                arguments: [edited.id!])
        }
        try queue.close()
        #expect(try Self.mismatches(scene.temporary.path) == 0)
        let near = try scene.recommend(radius: 1_000, minute: 10 * 60 + 30)
        // 9,000 likes and the window of 10:30 put the one 200 m away first.
        #expect(near.map(\.place.name) == ["liked", "edited 2"])
        #expect(near.first?.explanation[1].value == RecommendationScoring.popularity(likes: 9000, visits: 0))
        #expect(near.first?.explanation[4].value == 1)
        #expect(near.last?.explanation[4].value == 0)  // 밤 is 21:00-02:00
        let far = try scene.recommend(radius: 3_000)
        #expect(far.map(\.place.name).contains("moved"))
        #expect(abs((far.first { $0.place.name == "moved" }?.distanceMeters ?? 0) - 2_500) < 1e-6)
    }

    @Test func theSimplifiedRouteIsWithinItsToleranceOfTheRoute() throws {
        var random = Random(state: 8)
        var line = [RecommendationScene.center]
        var heading = 0.0
        for _ in 0..<2_000 {
            heading += (random.next() - 0.5) * 90
            line.append(
                Geodesic.destination(from: line.last!, bearingDegrees: heading, distanceMeters: 1 + random.next() * 6)
                    .coordinate)
        }
        for radius in [30.0, 300, 1_000] {
            let corridor = try #require(DayCorridor(lines: [line], points: [], radiusMeters: radius))
            for _ in 0..<2_000 {
                let point = Geodesic.destination(
                    from: line[random.int(0..<line.count)], bearingDegrees: random.next() * 360,
                    distanceMeters: random.next() * radius * 1.2
                ).coordinate
                let fine = corridor.screen(latitude: point.latitude, longitude: point.longitude, margin: 0)?.planar
                let coarse = corridor.coarseDistance(
                    latitude: point.latitude, longitude: point.longitude, limit: .infinity)
                guard let fine, let coarse else {
                    // Beyond the fine screen's reach, the coarse distance is beyond it less the tolerance.
                    let reach = radius * (1 + DayCorridor.planarError) + 1
                    #expect(fine == nil && (coarse ?? .infinity) > reach - corridor.tolerance - 1e-6)
                    continue
                }
                #expect(abs(fine - coarse) <= corridor.tolerance + 1e-6)
            }
        }
    }

    /// The day 2024-05-01 with `track`, a point a second, through the `sqlite3` shell (the track
    /// row needs SpatiaLite) as the benchmark adds its day.
    static func addDay(_ path: String, track: [Coordinate]) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [
            path, ".load mod_spatialite",
            """
            INSERT INTO tracks(id, name, source, source_id, kind, local_date) \
            VALUES (1, 'walk', 'test', 'trk:0', 'track', '2024-05-01'); \
            INSERT INTO track_days(track_id, local_date) VALUES (1, '2024-05-01');
            """,
        ]
        try shell.run()
        shell.waitUntilExit()
        try #require(shell.terminationStatus == 0)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (seq, c) in track.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO track_points(track_id, seq, latitude, longitude, segment, epoch, utc_offset,
                            local_date, noise)
                        VALUES (1, ?, ?, ?, 0, ?, 32400, '2024-05-01', 0)
                        """, arguments: [seq, c.latitude, c.longitude, 1_714_521_600 + seq])
            }
        }
        try queue.close()
    }

    @Test func aDayCorridorHoldsExactlyThePlacesWithinItsRadius() throws {
        let scene = try RecommendationScene()
        var random = Random(state: 21)
        var track = [RecommendationScene.center]
        var heading = 30.0
        for _ in 0..<800 {
            heading += (random.next() - 0.5) * 60
            track.append(
                Geodesic.destination(from: track.last!, bearingDegrees: heading, distanceMeters: 2 + random.next() * 4)
                    .coordinate)
        }
        try Self.addDay(scene.temporary.path, track: track)
        let route = try #require(scene.store.routeDays(from: "2024-05-01", through: "2024-05-01").first)
        let lines = route.route.parts.map(\.coordinates).filter { !$0.isEmpty }
        try #require(!lines.isEmpty)
        for index in 0..<500 {
            let point = Geodesic.destination(
                from: track[random.int(0..<track.count)], bearingDegrees: random.next() * 360,
                distanceMeters: random.next() * 150
            ).coordinate
            _ = try scene.store.addPlace(Place(name: "spot \(index)", coordinate: point, likes: random.int(0..<500)))
        }
        func nearest(_ c: Coordinate) -> Double {
            var best = Double.infinity
            for line in lines {
                for (a, b) in zip(line, line.dropFirst()) {
                    best = min(
                        best, LineString(unchecked: [a, b]).closestCoordinate(to: c)?.distanceMeters ?? .infinity)
                }
            }
            return best
        }
        let places = try scene.store.places()
        for radius in [10.0, 60] {
            let page = try scene.store.recommend(
                RecommendationQuery(
                    anchor: .day("2024-05-01"), radiusMeters: radius, limit: 1_000, clock: RecommendationScene.clock))
            let expected = places.filter { nearest($0.coordinate) <= radius }
            #expect(page.candidateCount == expected.count)
            #expect(Set(page.recommendations.map(\.place.id)) == Set(expected.map(\.id)))
            for spot in page.recommendations { #expect(spot.distanceMeters == nearest(spot.place.coordinate)) }
        }
    }
}
