import FootprintGeo
import FootprintStore
import FootprintTestSupport
import Foundation
import Testing

@Suite struct DayExportTests {
    static let zoneCenter = DayRouteFixtures.coordinate(37.503, 127.0)

    /// A 60-point walk north through a 100 m zone, a visit and a photo inside it and one of each
    /// outside, and the day's log.
    static func walkThroughZone() throws -> TemporaryStore {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        sql.addTrack(id: 1, points: DayRouteFixtures.walk(count: 60))
        try sql.run(on: store.path)
        try DayRouteFixtures.addVisit(
            store, name: "집", at: zoneCenter, arrived: "2024-05-18T08:00+09:00", left: "2024-05-18T09:00+09:00")
        try DayRouteFixtures.addVisit(
            store, name: "카페 \"숲\"", at: DayRouteFixtures.coordinate(37.506, 127.0), arrived: "2024-05-18T09:10+09:00",
            left: "2024-05-18T09:40:30+09:00")
        _ = try store.store.addPhoto(
            Photo(path: "home.jpg", takenAt: try LocalTime(iso8601: "2024-05-18T08:30+09:00"), coordinate: zoneCenter))
        _ = try store.store.addPhoto(
            Photo(
                path: "cafe.jpg", takenAt: try LocalTime(iso8601: "2024-05-18T09:20+09:00"),
                coordinate: DayRouteFixtures.coordinate(37.5061, 127.0)))
        try store.store.saveDay(
            Day(date: "2024-05-18", score: 72, weather: "맑음", sleepMinutes: 420, moodColor: "#ffcc00"))
        _ = try store.store.addPrivacyZone(name: "home", center: zoneCenter, radiusMeters: 100)
        return store
    }

    static func export(
        _ store: TemporaryStore, decimals: Int? = 6, simplify: Double? = nil, privacy: Bool = true,
        until: String = "2024-05-18"
    ) throws -> DayExport {
        try store.store.dayExport(
            from: "2024-05-18", through: until,
            options: DayExport.Options(
                decimals: decimals, simplifyMeters: simplify, mask: privacy ? try store.store.privacyMask() : nil))
    }

    /// True when no position lies within the zone plus the smallest cut margin.
    static func allOutside(
        _ coordinates: [Coordinate], beyond meters: Double = 100 + PrivacyZone.minimumCutMarginMeters
    ) -> Bool {
        coordinates.allSatisfy { Geodesic.distance(from: zoneCenter, to: $0) > meters }
    }

    @Test func geoJSONCutsTheRouteAndDropsWhatLiesInTheZone() throws {
        let store = try Self.walkThroughZone()
        let bytes = try Self.export(store).geoJSON()
        let validation = GeoJSONDecoder().validate(bytes)
        #expect(validation.isValid)
        #expect(validation.warnings.isEmpty)
        guard case .featureCollection(let collection)? = validation.object else {
            Issue.record("not a FeatureCollection")
            return
        }
        let kinds = collection.features.map { $0.property("kind") }
        #expect(kinds == [.string("route"), .string("visit"), .string("photo")])
        guard case .multiLineString(let route)? = collection.features[0].geometry else {
            Issue.record("the route is not cut in two")
            return
        }
        #expect(route.lines.count == 2)
        #expect(route.lines[0].coordinates.first == DayRouteFixtures.coordinate(37.5, 127))
        #expect(route.lines[1].coordinates.last == DayRouteFixtures.coordinate(37.5059, 127))
        let everything = collection.features.flatMap { $0.geometry?.allCoordinates ?? [] }
        #expect(Self.allOutside(everything))
        #expect(collection.features[1].property("name") == .string("카페 \"숲\""))
        #expect(collection.features[1].property("arrival") == .string("2024-05-18T09:10:00+09:00"))
        #expect(collection.features[1].property("departure") == .string("2024-05-18T09:40:30+09:00"))
        #expect(collection.features[1].property("duration") == .number(1830))
        #expect(collection.features[2].property("file") == .string("cafe.jpg"))
        #expect(collection.features[2].property("time") == .string("2024-05-18T09:20:00+09:00"))
        // The log is the foreign member `day`, never `properties` on the collection.
        #expect(collection.foreignMembers.map(\.key) == ["day"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasSuffix(
                ##","day":{"date":"2024-05-18","score":72,"weather":"맑음","sleep_minutes":420,"mood":"#ffcc00","note":null,"entries":[]}}"##
                    + "\n"))
        #expect(!text.contains("\"properties\":{\"date\""))
    }

    @Test func gpxAndPolylineMaskTheSamePoints() throws {
        let store = try Self.walkThroughZone()
        let export = try Self.export(store, decimals: nil)
        let document = try GPXDocument(bytes: export.gpx())
        #expect(document.waypoints.map(\.name) == ["카페 \"숲\""])
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].name == "2024-05-18")
        #expect(document.tracks[0].segments.count == 2)
        let points = document.tracks[0].segments.flatMap { $0 }
        #expect(Self.allOutside(points.map(\.coordinate) + document.waypoints.map(\.coordinate)))
        #expect(points.first?.time == Date(timeIntervalSince1970: DayRouteFixtures.morning))
        #expect(points.first?.elevation == 30)

        let lines = String(decoding: try Self.export(store, decimals: 5).polylines(), as: UTF8.self)
        #expect(lines.hasSuffix("\n"))
        let parts = lines.split(separator: "\n").map(String.init)
        #expect(parts.count == 2)
        let decoded = try parts.flatMap { try Polyline.decode($0) }
        #expect(Self.allOutside(decoded))
        #expect(decoded.count == points.count)
    }

    @Test func withoutPrivacyEverythingIsThere() throws {
        let store = try Self.walkThroughZone()
        let export = try Self.export(store, privacy: false)
        #expect(export.days[0].parts.map(\.count) == [60])
        #expect(export.days[0].visits.count == 2)
        #expect(export.days[0].photos.count == 2)
        // Masking changed nothing stored.
        #expect(try store.store.routeDay("2024-05-18").route.pointCount == 60)
    }

    @Test func theCutLiesBeyondTheZoneAndIsTheSameOnEveryRun() throws {
        let store = try Self.walkThroughZone()
        let first = try Self.export(store).geoJSON()
        let second = try Self.export(store).geoJSON()
        #expect(first == second)
        let kept = try Self.export(store).days[0].parts
        // Points 21…39 lie in the 100 m zone (11.1 m apart). The cut lies 30–50 m further out:
        // points 19 and 20 (22 and 11 m beyond the edge) always go, 16 (55 m) always stays; on
        // the exit side 40 and 41 always go and 44 stays.
        #expect(kept.count == 2)
        #expect((17...19).contains(kept[0].count))
        #expect((16...18).contains(kept[1].count))
    }

    @Test func simplifyKeepsTheEndsOfEachPart() throws {
        let store = try Self.walkThroughZone()
        let export = try Self.export(store, simplify: 1)
        #expect(export.days[0].parts.map(\.count) == [2, 2])
        let full = try Self.export(store).days[0].parts
        #expect(export.days[0].parts[0].first == full[0].first && export.days[0].parts[0].last == full[0].last)
        #expect(export.days[0].parts[1].last?.time == full[1].last?.time)
    }

    @Test func aPolygonZoneMasksToo() throws {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        sql.addTrack(id: 1, points: DayRouteFixtures.walk(count: 60))
        try sql.run(on: store.path)
        let square = try Polygon([
            [
                DayRouteFixtures.coordinate(37.502, 126.999), DayRouteFixtures.coordinate(37.502, 127.001),
                DayRouteFixtures.coordinate(37.504, 127.001), DayRouteFixtures.coordinate(37.504, 126.999),
                DayRouteFixtures.coordinate(37.502, 126.999),
            ]
        ])
        _ = try store.store.addPrivacyZone(name: "office", polygon: .polygon(square))
        let parts = try Self.export(store).days[0].parts
        #expect(parts.count == 2)
        #expect(parts.flatMap { $0 }.allSatisfy { !(37.502...37.504).contains($0.coordinate.latitude) })
    }

    @Test func aRangeHasEveryDayAndTheirLogs() throws {
        let store = try Self.walkThroughZone()
        var sql = TrackPointSQL()
        sql.addTrack(
            id: 2,
            points: DayRouteFixtures.walk(
                from: (37.6, 127.1), count: 5, startEpoch: DayRouteFixtures.morning + 2 * 86400))
        try sql.run(on: store.path)
        let export = try Self.export(store, until: "2024-05-21")
        #expect(export.days.map(\.date) == ["2024-05-18", "2024-05-20"])
        let text = String(decoding: try export.geoJSON(), as: UTF8.self)
        #expect(text.contains(#""days":[{"date":"2024-05-18","#))
        #expect(text.contains(#"{"date":"2024-05-20","score":null"#))
        #expect(GeoJSONDecoder().validate(text).isValid)
        let document = try GPXDocument(bytes: export.gpx())
        #expect(document.tracks.map(\.name) == ["2024-05-18", "2024-05-20"])
        #expect(document.metadata.name == "Footprint 2024-05-18 to 2024-05-21")
        #expect(String(decoding: try export.polylines(), as: UTF8.self).split(separator: "\n").count == 3)
    }

    /// A track across local midnight: each day's exported route reaches the point at midnight
    /// (GeoJSON, GPX and polyline alike), and a zone around it masks it as any other point.
    @Test func eachDayOfATrackAcrossMidnightEndsAtMidnight() throws {
        let store = try TemporaryStore()
        var sql = TrackPointSQL()
        let midnight = DayRouteFixtures.morning + 15 * 3600
        // 23:59:35, then every 10 s north: midnight is halfway from 37.5002 to 37.5003.
        sql.addTrack(id: 1, points: DayRouteFixtures.walk(count: 6, startEpoch: midnight - 25))
        try sql.run(on: store.path)
        let export = try Self.export(store, privacy: false, until: "2024-05-19")
        let latitudes = export.days.map { $0.parts.flatMap { $0 }.map(\.coordinate.latitude) }
        #expect(latitudes == [[37.5, 37.5001, 37.5002, 37.50025], [37.50025, 37.5003, 37.5004, 37.5005]])
        let document = try GPXDocument(bytes: export.gpx())
        #expect(document.tracks.map { $0.segments.flatMap { $0 }.count } == [4, 4])
        #expect(document.tracks[0].segments[0].last?.time == Date(timeIntervalSince1970: midnight))
        let polylines = String(decoding: try export.polylines(), as: UTF8.self).split(separator: "\n")
        let decoded = try polylines.map { try Polyline.decode(String($0)) }
        #expect(decoded.map { $0.map(\.latitude) } == latitudes)
        // A zone around the midnight point: it is masked with its neighbours, on both days.
        _ = try store.store.addPrivacyZone(
            name: "gate", center: DayRouteFixtures.coordinate(37.50025, 127.0), radiusMeters: 5)
        let masked = try Self.export(store, until: "2024-05-19")
        for day in masked.days {
            #expect(!day.parts.flatMap { $0 }.contains { $0.coordinate.latitude == 37.50025 })
        }
    }

    @Test func aDayWithNothingIsAnEmptyCollection() throws {
        let store = try TemporaryStore()
        let export = try store.store.dayExport(from: "2024-05-19", through: "2024-05-19", options: DayExport.Options())
        #expect(export.isEmpty)
        #expect(
            String(decoding: try export.geoJSON(), as: UTF8.self)
                == #"{"type":"FeatureCollection","features":[],"day":{"date":"2024-05-19","score":null,"weather":null,"sleep_minutes":null,"mood":null,"note":null,"entries":[]}}"#
                + "\n")
        #expect(try export.polylines().isEmpty)
        #expect(try GPXDocument(bytes: export.gpx()).tracks.isEmpty)
    }
}
