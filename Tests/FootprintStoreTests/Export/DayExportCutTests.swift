import FootprintGeo
import FootprintStore
import Foundation
import Testing

/// Every format cuts a route at a privacy zone at the same points: the cut is made on the stored
/// positions, not on the positions each format rounds to.
@Suite struct DayExportCutTests {
    static let center = Coordinate(uncheckedLatitude: 37.5, longitude: 127.0)

    /// A walk north through a 200 m zone, a point every ~5 m, positions with 7 decimals (as a
    /// phone writes them) so that 5 and 6 decimals round the crossing points differently.
    static func day(offset: Int) -> RouteDay {
        let points = (0..<400).map { index in
            let jitter = Double((index * 7919 + offset * 104_729) % 97) * 1.3e-7
            return RoutePoint(
                coordinate: Coordinate(
                    uncheckedLatitude: 37.4910003 + Double(index) * 0.0000451 + jitter,
                    longitude: 127.0000007 + Double(offset) * 0.0000131 + jitter),
                time: Date(timeIntervalSince1970: 1_716_000_000 + Double(index) * 5))
        }
        return RouteDay(
            date: "2024-05-18",
            route: DayRoute(date: "2024-05-18", source: .track, parts: [.init(trackID: 1, segment: 0, points: points)]))
    }

    /// The times of each part's first and last point: which points the cut kept.
    static func cuts(_ day: RouteDay, decimals: Int?) throws -> [[Date?]] {
        let mask = PrivacyMask(zones: [try PrivacyZone(center: center, radiusMeters: 200)])
        let export = try DayExport(
            days: [day], first: day.date, last: day.date, options: DayExport.Options(decimals: decimals, mask: mask))
        return export.days.flatMap(\.parts).map { [$0.first?.time, $0.last?.time] }
    }

    @Test(arguments: 0..<12) func everyPrecisionCutsAtTheSamePoints(offset: Int) throws {
        let day = Self.day(offset: offset)
        let stored = try Self.cuts(day, decimals: nil)
        #expect(stored.count == 2)
        for decimals in [5, 6, 7] {
            #expect(try Self.cuts(day, decimals: decimals) == stored, "decimals \(decimals)")
        }
    }

    @Test func theFormatsWriteTheSameCut() throws {
        let day = Self.day(offset: 3)
        let mask = PrivacyMask(zones: [try PrivacyZone(center: Self.center, radiusMeters: 200)])
        func export(_ decimals: Int?) throws -> DayExport {
            try DayExport(
                days: [day], first: day.date, last: day.date,
                options: DayExport.Options(decimals: decimals, mask: mask))
        }
        var polylines: [[Coordinate]] = []
        for line in String(decoding: try export(5).polylines(precision: 5), as: UTF8.self).split(separator: "\n") {
            polylines.append(try Polyline.decode(String(line), precision: 5))
        }
        guard case .featureCollection(let collection)? = GeoJSONDecoder().validate(try export(6).geoJSON()).object,
            case .multiLineString(let route)? = collection.features.first?.geometry
        else {
            Issue.record("the GeoJSON route is not cut")
            return
        }
        let document = try GPXDocument(bytes: try export(nil).gpx())
        let gpxParts = document.tracks[0].segments.map { $0.map(\.coordinate) }
        // The same parts of the same points: each written position within its format's rounding
        // of the stored one.
        #expect(polylines.map(\.count) == route.lines.map(\.coordinates.count))
        #expect(gpxParts.map(\.count) == polylines.map(\.count))
        for (part, line) in zip(gpxParts, route.lines) {
            for (stored, written) in zip(part, line.coordinates) {
                #expect(Geodesic.distance(from: stored, to: written) < 0.1)
            }
        }
        for (part, line) in zip(gpxParts, polylines) {
            for (stored, written) in zip(part, line) {
                #expect(Geodesic.distance(from: stored, to: written) < 1)
            }
        }
    }
}
