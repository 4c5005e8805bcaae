import Testing

@testable import FootprintGeo

@Suite struct CoordinateTests {
    @Test func acceptsTheLimits() throws {
        let corner = try Coordinate(latitude: -90, longitude: 180)
        #expect(corner.latitude == -90)
        #expect(corner.longitude == 180)
    }

    @Test func rejectsNotANumber() {
        #expect(throws: FootprintGeoError.notANumber(axis: "latitude")) {
            try Coordinate(latitude: .nan, longitude: 127)
        }
    }

    @Test func rejectsTheKoreanSwap() {
        #expect(throws: FootprintGeoError.swappedLatitudeLongitude(latitude: 126.978, longitude: 37.5665)) {
            try Coordinate(latitude: 126.978, longitude: 37.5665)
        }
    }

    @Test func rejectsOutOfRange() {
        #expect(throws: FootprintGeoError.outOfRange(axis: "latitude", value: 126)) {
            try Coordinate(latitude: 126, longitude: 127)
        }
        #expect(throws: FootprintGeoError.outOfRange(axis: "longitude", value: 180.5)) {
            try Coordinate(latitude: 37, longitude: 180.5)
        }
    }

    @Test func boxAcrossTheAntimeridianContainsBothSides() throws {
        let box = try BoundingBox(west: 170, south: -20, east: -170, north: 20)
        #expect(box.crossesAntimeridian)
        #expect(box.contains(Coordinate(uncheckedLatitude: 0, longitude: 179)))
        #expect(box.contains(Coordinate(uncheckedLatitude: 0, longitude: -179)))
        #expect(!box.contains(Coordinate(uncheckedLatitude: 0, longitude: 0)))
    }
}
