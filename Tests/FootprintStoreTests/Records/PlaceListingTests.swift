import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

@Suite struct PlaceListingTests {
    /// Five places `p0` … `p4`, ids 1 … 5.
    private func store() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        try temporary.addPlaces((0..<5).map { try Coordinate(latitude: 37.5 + Double($0) / 100, longitude: 127) })
        return temporary
    }

    @Test func placesComeByIdAsTheyAreRead() throws {
        let temporary = try store()
        var names: [String] = []
        try temporary.store.forEachPlace { names.append($0.name) }
        #expect(names == ["p0", "p1", "p2", "p3", "p4"])
        #expect(try temporary.store.places().map(\.name) == names)
    }

    @Test func aLimitAndAStartingIdCutTheListing() throws {
        let temporary = try store()
        var ids: [Int64] = []
        try temporary.store.forEachPlace(limit: 2, afterID: 2) { ids.append($0.id!) }
        #expect(ids == [3, 4])
        ids = []
        try temporary.store.forEachPlace(limit: 10, afterID: 5) { ids.append($0.id!) }
        #expect(ids.isEmpty)
    }

    @Test func anErrorOfTheCallerStopsTheListing() throws {
        struct Stop: Error {}
        let temporary = try store()
        var seen = 0
        #expect(throws: Stop.self) {
            try temporary.store.forEachPlace { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(seen == 2)
    }
}
