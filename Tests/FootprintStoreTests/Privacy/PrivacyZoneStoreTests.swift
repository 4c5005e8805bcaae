import FootprintGeo
import FootprintStore
import FootprintTestSupport
import Testing

@Suite struct PrivacyZoneStoreTests {
    @Test func zonesAreAddedListedAndRemoved() throws {
        let store = try TemporaryStore()
        let home = try store.store.addPrivacyZone(
            name: " home ", center: DayRouteFixtures.coordinate(37.5, 127), radiusMeters: 150)
        let square = try Polygon([
            [
                DayRouteFixtures.coordinate(37.0, 127.0), DayRouteFixtures.coordinate(37.0, 127.01),
                DayRouteFixtures.coordinate(37.01, 127.01), DayRouteFixtures.coordinate(37.0, 127.0),
            ]
        ])
        let office = try store.store.addPrivacyZone(
            name: "office", polygon: .multiPolygon(MultiPolygon([square, square])))
        #expect(home.name == "home")
        #expect(try store.store.privacyZones() == [home, office])
        #expect(try store.store.privacyMask().zones.count == 3)
        try store.store.removePrivacyZone(id: home.id)
        #expect(try store.store.privacyZones().map(\.id) == [office.id])
        #expect(throws: FootprintStoreError.privacyZoneNotFound(id: home.id)) {
            try store.store.removePrivacyZone(id: home.id)
        }
    }

    @Test(arguments: [0.0, -5, 50_000.5, .nan])
    func aRadiusOutOfRangeIsRefused(_ radius: Double) throws {
        let store = try TemporaryStore()
        #expect(throws: FootprintGeoError.self) {
            try store.store.addPrivacyZone(
                name: "home", center: DayRouteFixtures.coordinate(37.5, 127), radiusMeters: radius)
        }
        #expect(try store.store.privacyZones().isEmpty)
    }

    @Test func aLineIsNotAZone() throws {
        let store = try TemporaryStore()
        let line = LineString(unchecked: [DayRouteFixtures.coordinate(37, 127), DayRouteFixtures.coordinate(37.1, 127)])
        #expect(throws: FootprintStoreError.self) {
            try store.store.addPrivacyZone(name: "x", polygon: .lineString(line))
        }
        #expect(throws: FootprintStoreError.self) {
            try store.store.addPrivacyZone(name: "  ", center: DayRouteFixtures.coordinate(37.5, 127), radiusMeters: 10)
        }
    }
}
