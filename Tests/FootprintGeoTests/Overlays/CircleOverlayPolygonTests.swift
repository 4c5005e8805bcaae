import FootprintGeo
import Foundation
import Testing

/// A circle as a geodesic polygon: vertices exactly on the circle (WGS84 direct problem), every
/// point of every edge, drawn straight in longitude and latitude as GeoJSON consumers draw it,
/// within 1 m inside; counterclockwise, closed, cut at the antimeridian, valid RFC 7946.
@Suite struct CircleOverlayPolygonTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var latitude: Double
        var longitude: Double
        var radius: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Seoul 10 m", latitude: 37.5665, longitude: 126.978, radius: 10),
        Case(name: "Seoul 100 m", latitude: 37.5665, longitude: 126.978, radius: 100),
        Case(name: "Seoul 5 km", latitude: 37.5665, longitude: 126.978, radius: 5_000),
        Case(name: "Seoul 50 km", latitude: 37.5665, longitude: 126.978, radius: 50_000),
        Case(name: "equator 50 km", latitude: 0, longitude: 0, radius: 50_000),
        Case(name: "Tromsø 1000 km", latitude: 69.65, longitude: 18.96, radius: 1_000_000),
        Case(name: "11 km from the north pole, 5 km", latitude: 89.9, longitude: 30, radius: 5_000),
        Case(name: "near the south pole, 500 m", latitude: -89.99, longitude: -120, radius: 500),
        Case(name: "across the antimeridian, 5 km", latitude: -16.5, longitude: 179.99, radius: 5_000),
        Case(name: "across the antimeridian, 50 km", latitude: 65.0, longitude: -179.8, radius: 50_000),
        Case(name: "around the north pole, 50 km", latitude: 89.8, longitude: 10, radius: 50_000),
        Case(name: "around the south pole, 1000 km", latitude: -84, longitude: 100, radius: 1_000_000),
    ]

    func circle(_ test: Case) throws -> CircleOverlay {
        try CircleOverlay(
            center: Coordinate(latitude: test.latitude, longitude: test.longitude), radiusMeters: test.radius)
    }

    /// Points along the straight edge from `start` to `end` in longitude and latitude, the short
    /// way round the antimeridian.
    func samples(from start: Coordinate, to end: Coordinate, count: Int = 40) -> [Coordinate] {
        var step = end.longitude - start.longitude
        if step > 180 { step -= 360 } else if step < -180 { step += 360 }
        return (1..<count).map { index in
            let fraction = Double(index) / Double(count)
            var longitude = start.longitude + fraction * step
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            return Coordinate(
                uncheckedLatitude: start.latitude + fraction * (end.latitude - start.latitude), longitude: longitude)
        }
    }

    /// Twice the signed area in unwrapped degrees: positive for a counterclockwise ring.
    func signedArea(_ ring: [Coordinate]) -> Double {
        var sum = 0.0
        var shift = 0.0
        var previous = (x: ring[0].longitude, y: ring[0].latitude)
        for index in 1..<ring.count {
            var step = ring[index].longitude - ring[index - 1].longitude
            if step > 180 { step -= 360 } else if step < -180 { step += 360 }
            shift += step
            let current = (x: ring[0].longitude + shift, y: ring[index].latitude)
            sum += previous.x * current.y - current.x * previous.y
            previous = current
        }
        return sum
    }

    /// How far outside the circle an edge may run: none, except around a pole, where straight
    /// edges in longitude and latitude bow outward and are held within the tolerance instead.
    func outsideAllowance(_ circle: CircleOverlay) -> Double {
        let poles = [90.0, -90].map { Coordinate(uncheckedLatitude: $0, longitude: 0) }
        return poles.contains { circle.center.distance(to: $0) < circle.radiusMeters }
            ? CircleOverlay.toleranceMeters : 1e-6
    }

    @Test(arguments: cases)
    func verticesLieOnTheCircle(test: Case) throws {
        let circle = try circle(test)
        let vertices = circle.vertices()
        #expect(vertices.count >= CircleOverlay.minimumVertexCount)
        #expect(vertices.count <= CircleOverlay.maximumVertexCount)
        for vertex in vertices {
            #expect(abs(circle.center.distance(to: vertex) - test.radius) <= 1e-6)
        }
    }

    @Test(arguments: cases)
    func everyEdgeStaysWithinOneMetreInside(test: Case) throws {
        let circle = try circle(test)
        let vertices = circle.vertices()
        var worst = 0.0
        for index in vertices.indices {
            for point in samples(from: vertices[index], to: vertices[(index + 1) % vertices.count]) {
                let distance = circle.center.distance(to: point)
                #expect(distance <= test.radius + outsideAllowance(circle))
                worst = max(worst, abs(test.radius - distance))
            }
        }
        #expect(worst <= CircleOverlay.toleranceMeters)
        // Not needlessly dense either: the largest gap uses at least a tenth of the budget.
        if vertices.count > CircleOverlay.minimumVertexCount { #expect(worst >= 0.1) }
    }

    @Test(arguments: cases)
    func thePolygonsEdgesStayOnTheCircleAndItsRingsAreCounterclockwise(test: Case) throws {
        let circle = try circle(test)
        let geometry = circle.geodesicPolygon()
        let polygons: [Polygon]
        switch geometry {
        case .polygon(let polygon): polygons = [polygon]
        case .multiPolygon(let multiPolygon): polygons = multiPolygon.polygons
        default: Issue.record("a circle gave \(geometry.geoJSONTypeName)"); return
        }
        for polygon in polygons {
            #expect(polygon.rings.count == 1)
            let ring = try #require(polygon.exterior)
            #expect(ring.first == ring.last)
            #expect(signedArea(ring) > 0)
            for coordinate in ring { #expect(abs(coordinate.longitude) <= 180) }
            for index in 1..<ring.count {
                let start = ring[index - 1]
                let end = ring[index]
                // The seams RFC 7946 §3.1.9 adds along ±180° and the pole are not the circle.
                if abs(start.longitude) == 180 && abs(end.longitude) == 180 { continue }
                if abs(start.latitude) == 90 && abs(end.latitude) == 90 { continue }
                for point in samples(from: start, to: end, count: 8) + [start, end] {
                    let distance = circle.center.distance(to: point)
                    #expect(distance <= test.radius + outsideAllowance(circle))
                    #expect(distance >= test.radius - CircleOverlay.toleranceMeters)
                }
            }
        }
    }

    /// Centres whose rings' longitude steps do not sum back to exactly 0 in floating point
    /// (179.999°), which `Polygon.splitAtAntimeridian()` leaves uncut, and ones centred on
    /// either side of the meridian.
    @Test(arguments: [(179.999, 2_000.0), (179.99, 2_000), (179.999, 5_000), (-179.9995, 300), (179.9, 20_000)])
    func everyCircleAcrossTheAntimeridianIsCut(longitude: Double, radius: Double) throws {
        let circle = try CircleOverlay(
            center: Coordinate(latitude: -16.5, longitude: longitude), radiusMeters: radius)
        guard case .multiPolygon(let multiPolygon) = circle.geodesicPolygon() else {
            Issue.record("not cut")
            return
        }
        #expect(multiPolygon.polygons.count == 2)
        #expect(multiPolygon.polygons[0].rings[0].allSatisfy { $0.longitude > 0 && $0.longitude <= 180 })
        #expect(multiPolygon.polygons[1].rings[0].allSatisfy { $0.longitude < 0 && $0.longitude >= -180 })
        // Every vertex is in one piece or the other; only the crossings are added.
        let count = multiPolygon.polygons.reduce(0) { $0 + $1.rings[0].count - 1 }
        #expect(count == circle.vertices().count + 4)
        for polygon in multiPolygon.polygons { #expect(signedArea(polygon.rings[0]) > 0) }
    }

    @Test func aCircleAwayFromTheAntimeridianIsOneClosedRingOfItsVertices() throws {
        let circle = try circle(Self.cases[2])
        let vertices = circle.vertices()
        #expect(circle.geodesicPolygon() == .polygon(Polygon(unchecked: [vertices + [vertices[0]]])))
        // Starts due north, then turns counterclockwise (west first).
        #expect(vertices[0].latitude > circle.center.latitude)
        #expect(abs(vertices[0].longitude - circle.center.longitude) < 1e-9)
        #expect(vertices[1].longitude < circle.center.longitude)
    }

    @Test func vertexCountFollowsTheSagittaAwayFromThePoles() throws {
        // r(1 − cos(π/n)) ≤ 0.9 m: 10 m → 16 (the minimum), 100 m → 24, 5 km → 166, 50 km → 524.
        let expected: [Double: Int] = [10: 16, 100: 24, 5_000: 166, 50_000: 524]
        for (radius, count) in expected {
            let circle = try CircleOverlay(center: Self.cases[0].centerCoordinate, radiusMeters: radius)
            #expect(circle.vertices().count == count)
        }
    }

    @Test func aCircleAcrossTheAntimeridianIsCutIntoTwoPolygons() throws {
        let geometry = try circle(Self.cases[8]).geodesicPolygon()
        guard case .multiPolygon(let multiPolygon) = geometry else {
            Issue.record("expected a MultiPolygon, got \(geometry.geoJSONTypeName)")
            return
        }
        #expect(multiPolygon.polygons.count == 2)
        let longitudes = multiPolygon.polygons.map { $0.rings[0].map(\.longitude) }
        #expect(longitudes[0].max() == 180)
        #expect(longitudes[0].allSatisfy { $0 > 0 })
        #expect(longitudes[1].min() == -180)
        #expect(longitudes[1].allSatisfy { $0 < 0 })
    }

    @Test func aCircleAroundAPoleClosesAlongThePole() throws {
        let geometry = try circle(Self.cases[10]).geodesicPolygon()
        guard case .polygon(let polygon) = geometry else {
            Issue.record("expected a Polygon, got \(geometry.geoJSONTypeName)")
            return
        }
        let ring = polygon.rings[0]
        #expect(ring.contains(Coordinate(uncheckedLatitude: 90, longitude: 0)))
        #expect(ring.filter { $0.latitude == 90 }.count == 3)
        #expect(ring[0].longitude == -180)
    }

    @Test(arguments: cases)
    func encodedCircleIsValidGeoJSONWithoutWarnings(test: Case) throws {
        let circle = try circle(test)
        let text = GeoJSONEncoder().encode(Overlay.circle(circle).feature())
        let validation = GeoJSONDecoder().validate(text)
        #expect(validation.errors == [])
        #expect(validation.warnings == [])
        guard case .feature(let feature)? = validation.object else {
            Issue.record("not a Feature")
            return
        }
        #expect(feature.property("radius_m") == .number(test.radius))
        // 6 decimals move a vertex by at most about 8 cm.
        for coordinate in try #require(feature.geometry).allCoordinates
        where abs(coordinate.latitude) != 90 && abs(coordinate.longitude) != 180 {
            let distance = circle.center.distance(to: coordinate)
            #expect(distance <= test.radius + outsideAllowance(circle) + 0.1)
            #expect(distance >= test.radius - CircleOverlay.toleranceMeters - 0.1)
        }
    }
}

extension CircleOverlayPolygonTests.Case {
    var centerCoordinate: Coordinate { Coordinate(uncheckedLatitude: latitude, longitude: longitude) }
}
