import FootprintGeo
import Foundation
import Testing

@testable import FootprintStore

/// The estimate's error bound, checked against the exact geodesic (Karney, which the Geo tests
/// check against GeographicLib) over its whole usable domain.
@Suite struct FlatDistanceTests {
    @Test func staysWithinItsRelativeErrorBound() {
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var worst = 0.0
        for _ in 0..<20_000 {
            let center = Coordinate(uncheckedLatitude: (next() * 2 - 1) * FlatDistance.maximumLatitude, longitude: next() * 360 - 180)
            let distance = next() * FlatDistance.maximumRadius
            let point = Geodesic.destination(from: center, bearingDegrees: next() * 360, distanceMeters: distance).coordinate
            let estimate = FlatDistance(center: center).estimate(latitude: point.latitude, longitude: point.longitude)
            let exact = Geodesic.distance(from: center, to: point)
            if exact > 1 { worst = max(worst, abs(estimate - exact) / exact) }
        }
        #expect(worst < FlatDistance.relativeError)
    }

    @Test func searchBoxesHoldTheCircle() {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<5_000 {
            let center = Coordinate(uncheckedLatitude: next() * 180 - 90, longitude: next() * 360 - 180)
            let radius = pow(10, next() * 7)
            let point = Geodesic.destination(from: center, bearingDegrees: next() * 360, distanceMeters: radius * next()).coordinate
            let boxes = SearchBox.covering(center: center, radiusMeters: radius)
            let inside = boxes.contains { box in
                point.latitude >= box.south && point.latitude <= box.north && point.longitude >= box.west
                    && point.longitude <= box.east
            }
            #expect(inside, "\(point) not in the boxes of \(center) r=\(radius)")
        }
    }
}
