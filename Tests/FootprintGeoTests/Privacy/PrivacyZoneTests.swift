import Foundation
import Testing

@testable import FootprintGeo

@Suite("PrivacyZone")
struct PrivacyZoneTests {
    static let seoulCityHall = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// A closed ring of `corners` given as (latitude, longitude) pairs.
    static func ring(_ corners: [(Double, Double)]) -> [Coordinate] {
        let ring = corners.map { Coordinate(uncheckedLatitude: $0.0, longitude: $0.1) }
        return ring + [ring[0]]
    }

    /// A square of about 1.1 km (0.01°) with a square hole of about 0.45 km in its middle.
    static let donut = try! Polygon([
        ring([(37.50, 127.00), (37.50, 127.01), (37.51, 127.01), (37.51, 127.00)]),
        ring([(37.503, 127.003), (37.507, 127.003), (37.507, 127.007), (37.503, 127.007)]),
    ])

    @Test(arguments: [0.0, -5, 50_000.001, .nan, .infinity])
    func rejectsRadiusOutOfRange(radius: Double) {
        #expect(throws: FootprintGeoError.self) {
            try PrivacyZone(center: Self.seoulCityHall, radiusMeters: radius)
        }
    }

    @Test func radiusErrorIsOneSentence() {
        #expect(
            throws: FootprintGeoError.invalidArgument(
                name: "privacy zone radius", value: "0 m", reason: "it must be more than 0 m and at most 50 km")
        ) { try PrivacyZone(center: Self.seoulCityHall, radiusMeters: 0) }
        let error = FootprintGeoError.invalidArgument(
            name: "privacy zone radius", value: "0 m", reason: "it must be more than 0 m and at most 50 km")
        #expect(
            error.description == "The privacy zone radius 0 m is invalid: it must be more than 0 m and at most 50 km.")
    }

    @Test func acceptsFiftyKilometres() throws {
        let zone = try PrivacyZone(center: Self.seoulCityHall, radiusMeters: 50_000)
        #expect(zone.maximumCutMarginMeters == 25_000)
    }

    /// Points 5 cm inside and outside the circle along eight bearings: the haversine would be off
    /// by metres at this radius, so only the geodesic answers all of them right.
    @Test(arguments: [0.0, 45, 90, 135, 180, 225, 270, 315])
    func circleUsesTheGeodesic(bearing: Double) throws {
        let radius = 2_000.0
        let zone = try PrivacyZone(center: Self.seoulCityHall, radiusMeters: radius)
        let inside = Self.seoulCityHall.destination(bearingDegrees: bearing, distanceMeters: radius - 0.05)
        let outside = Self.seoulCityHall.destination(bearingDegrees: bearing, distanceMeters: radius + 0.05)
        #expect(zone.contains(inside))
        #expect(!zone.contains(outside))
        #expect(zone.contains(Self.seoulCityHall))
        #expect(abs(zone.distanceMeters(from: outside) - 0.05) < 1e-6)
        #expect(zone.distanceMeters(from: inside) == 0)
    }

    @Test func circleAcrossTheAntimeridian() throws {
        let center = Coordinate(uncheckedLatitude: -17.0, longitude: 179.999)
        let zone = try PrivacyZone(center: center, radiusMeters: 1_000)
        #expect(zone.contains(center.destination(bearingDegrees: 90, distanceMeters: 900)))
        #expect(!zone.contains(center.destination(bearingDegrees: 90, distanceMeters: 1_100)))
    }

    @Test func polygonWithHole() throws {
        let zone = try PrivacyZone(polygon: Self.donut)
        #expect(zone.contains(Coordinate(uncheckedLatitude: 37.501, longitude: 127.001)))
        #expect(!zone.contains(Coordinate(uncheckedLatitude: 37.505, longitude: 127.005)))  // in the hole
        #expect(!zone.contains(Coordinate(uncheckedLatitude: 37.52, longitude: 127.005)))
        // Planar metres on the mean sphere: 0.001° of latitude north of the north edge (the
        // ellipsoid says 110.9 m), and from the hole's centre 0.002° of longitude to its side edges.
        let degree = Geodesic.meanRadiusMeters * Double.pi / 180
        let north = Coordinate(uncheckedLatitude: 37.511, longitude: 127.005)
        #expect(abs(zone.distanceMeters(from: north) - 0.001 * degree) < 1e-6)
        let holeCenter = Coordinate(uncheckedLatitude: 37.505, longitude: 127.005)
        let side = 0.002 * cos(37.505 * Double.pi / 180) * degree
        #expect(abs(zone.distanceMeters(from: holeCenter) - side) < 1e-6)
    }

    @Test func polygonEquivalentRadius() throws {
        let zone = try PrivacyZone(polygon: Self.donut)
        // Exterior 0.01° × 0.01°, hole 0.004° × 0.004°, at 37.5° N.
        let degree = Geodesic.meanRadiusMeters * Double.pi / 180
        let width = cos(37.505 * Double.pi / 180) * degree
        let area = (0.0001 - 0.000016) * width * degree
        #expect(abs(zone.equivalentRadiusMeters - (area / Double.pi).squareRoot()) < 1)
    }

    @Test func rejectsEmptyOrFlatPolygon() {
        #expect(throws: FootprintGeoError.self) { try PrivacyZone(polygon: Polygon(unchecked: [])) }
        let flat = Self.ring([(37.5, 127.0), (37.5, 127.01), (37.5, 127.02)])
        #expect(throws: FootprintGeoError.self) { try PrivacyZone(polygon: Polygon(unchecked: [flat])) }
        let open = [Coordinate(uncheckedLatitude: 1, longitude: 1), Coordinate(uncheckedLatitude: 2, longitude: 1)]
        #expect(throws: FootprintGeoError.self) { try PrivacyZone(polygon: Polygon(unchecked: [open])) }
    }

    /// The seed is pinned to values computed independently (Python, same FNV-1a and SplitMix64),
    /// so a change of platform or of Swift cannot change an export.
    @Test func marginsArePinned() throws {
        var generator = SplitMix64Stream(state: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)  // SplitMix64's published first output
        let zone = try PrivacyZone(center: Self.seoulCityHall, radiusMeters: 500)
        #expect(zone.seed == 0x7daf_f989_65ae_1d12)
        let anchor = Coordinate(uncheckedLatitude: 37.57, longitude: 126.99)
        #expect(zone.cutMarginMeters(anchor: anchor, side: .entry) == 192.21981040880667)
        #expect(zone.cutMarginMeters(anchor: anchor, side: .exit) == 67.65797821195738)
    }

    @Test func marginsStayInBoundsAndVary() throws {
        let zone = try PrivacyZone(center: Self.seoulCityHall, radiusMeters: 1_000)
        var margins: [Double] = []
        for step in 0..<200 {
            let anchor = Self.seoulCityHall.destination(bearingDegrees: Double(step) * 1.8, distanceMeters: 1_010)
            margins.append(zone.cutMarginMeters(anchor: anchor, side: step.isMultiple(of: 2) ? .entry : .exit))
        }
        #expect(margins.allSatisfy { $0 >= 30 && $0 <= 500 })
        #expect(margins.min()! < 60)
        #expect(margins.max()! > 470)
        #expect(Set(margins).count == margins.count)
    }

    @Test func smallZoneHasTheMinimumMargin() throws {
        let zone = try PrivacyZone(center: Self.seoulCityHall, radiusMeters: 40)
        #expect(zone.maximumCutMarginMeters == 30)
        #expect(zone.cutMarginMeters(anchor: Self.seoulCityHall, side: .entry) == 30)
    }
}
