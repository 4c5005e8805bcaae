import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// The places a map draws in a box, checked against the box itself: read band by band from
/// `recommend_candidates` for a small box without a filter, through the spatial index otherwise.
@Suite struct MapPlacesTests {
    /// Boxes around `center`: small ones (a few cell bands), one on a place's exact position
    /// (edges included), and one taller than ``FootprintStore/mapCellBands`` bands.
    static func boxes(around center: Coordinate, places: [Place]) -> [BoundingBox] {
        var boxes: [BoundingBox] = []
        for (index, size) in [0.004, 0.01, 0.02, 0.05].enumerated() {
            let shift = Double(index) * 0.003
            var west = center.longitude - size / 2 + shift
            var east = center.longitude + size / 2 + shift
            if west < -180 { west += 360 }
            if east > 180 { east -= 360 }
            boxes.append(
                BoundingBox(
                    uncheckedWest: west, south: max(-90, center.latitude - size / 2 - shift), east: east,
                    north: min(90, center.latitude + size / 2 - shift)))
        }
        let corner = places[7].coordinate
        boxes.append(
            BoundingBox(
                uncheckedWest: corner.longitude, south: corner.latitude, east: min(180, corner.longitude + 0.01),
                north: min(90, corner.latitude + 0.01)))
        boxes.append(
            BoundingBox(
                uncheckedWest: max(-180, center.longitude - 0.1), south: max(-90, center.latitude - 0.1),
                east: min(180, center.longitude + 0.1), north: min(90, center.latitude + 0.1)))
        return boxes
    }

    @Test(arguments: 0..<3)
    func aBoxHoldsExactlyThePlacesInsideIt(caseIndex: Int) throws {
        let testCase = NearbyTests.cases[caseIndex]
        let temporary = try TemporaryStore()
        let places = try temporary.addPlaces(
            NearbyTests.scatter(around: testCase.center, spread: testCase.spread, count: 400))
        for box in Self.boxes(around: testCase.center, places: places) {
            let expected = places.filter { box.contains($0.coordinate) }.map(\.id!).sorted()
            let found = try temporary.store.mapPlaces(in: box)
            #expect(found.map(\.id) == expected, "box \(box)")
            // A filter (here one every place passes) reads through the spatial index: the same places.
            let filtered = try temporary.store.mapPlaces(in: box, filter: PlaceFilter(minimumLikes: 0))
            #expect(filtered.map(\.id) == expected, "box \(box), filtered")
            for place in found {
                let stored = places.first { $0.id == place.id }!
                #expect(place.name == stored.name && place.coordinate == stored.coordinate)
            }
        }
    }
}
