import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// A long candidate list is judged in two halves, the second on a ``SearchPartner`` connection:
/// the results must be exactly the serial ones, and a commit that lands between the search's
/// transaction and the partner's must be caught (the search then judges alone).
@Suite struct SearchPartnerTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// 1,500 names that begin with 카페, 600 that hold it later, 400 others; spread over ~40 km
    /// around Seoul with uneven likes, so that proximity, length and popularity all decide.
    static func makeStore() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        var csv = "id,name,lat,lon,likes,category\n"
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for index in 1...2500 {
            let name: String
            switch index % 5 {
            case 0, 1, 2: name = "카페 \(index)호점" + String(repeating: "가", count: index % 7)
            case 3: name = index % 2 == 0 ? "동네카페\(index)" : "북카페 \(index)"
            default: name = "식당 \(index)"
            }
            let latitude = 37.4 + 0.35 * next()
            let longitude = 126.8 + 0.4 * next()
            let likes = Int(pow(10, 4 * next()))
            csv += "\(index),\(name),\(latitude),\(longitude),\(likes),카페\n"
        }
        let url = temporary.directory.file("places.csv")
        try Data(csv.utf8).write(to: url)
        _ = try temporary.store.importPlaces(from: url, options: ImportOptions(source: "places.csv"))
        try temporary.store.updateSearchIndex()
        return temporary
    }

    /// One search with a partner of its own, and whether the partner judged anything.
    static func searchWithPartner(
        _ store: FootprintStore, _ query: SearchQuery, beforeTransaction: () throws -> Void = {}
    ) throws -> (results: [SearchResult], partnerRead: Bool) {
        let partner = try SearchPartner(path: store.path)
        try partner.markBeforeSearch()
        try beforeTransaction()
        let results = try store.read { db in
            var run = try SearchRun(db, query.validated(), partner: partner)
            return try run.results()
        }
        return (results, partner.reads > 0)
    }

    static let queries = [
        SearchQuery("카페", near: seoul, limit: 20),
        SearchQuery("카페", limit: nil),
        SearchQuery("카페", near: seoul, withinMeters: 8000, limit: 30),
        SearchQuery("ㅋㅍ", near: seoul, limit: 50),
        SearchQuery("zkvp", near: seoul, limit: 20),
    ]

    @Test(arguments: queries)
    func theSplitSearchRanksExactlyAsTheSerialOne(_ query: SearchQuery) throws {
        let temporary = try Self.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let serial = try reader.read { db in
            var run = try SearchRun(db, query.validated())
            return try run.results()
        }
        let split = try Self.searchWithPartner(reader, query)
        #expect(split.partnerRead)
        #expect(!serial.isEmpty)
        #expect(split.results == serial)
    }

    @Test func aStoreLendsItsPartnerFromTheSecondSearchOn() throws {
        let temporary = try Self.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        // Every match: a top 20 near a point reads a few dozen candidates best bound first
        // (SearchBestFirstTests), too few to hand half of them over.
        let query = SearchQuery("카페", near: Self.seoul, limit: nil)
        let first = try reader.search(query)
        #expect(reader.searchPartners.idlePartner == nil)
        let second = try reader.search(query)
        let partner = try #require(reader.searchPartners.idlePartner)
        #expect(partner.reads > 0)
        #expect(first == second)
    }

    @Test func theSnapshotCheckSeesACommitByAnotherConnection() throws {
        let temporary = try TemporaryStore()
        let partner = try SearchPartner(path: temporary.path)
        try partner.markBeforeSearch()
        #expect(try partner.read { _ in 1 } == 1)
        try temporary.store.addPlace(Place(name: "카페 새 지점", coordinate: Self.seoul))
        #expect(try partner.read { _ in 1 } == nil)
        try partner.markBeforeSearch()
        #expect(try partner.read { _ in 1 } == 1)
    }

    /// A place added after the partner read its version but before the search began: the
    /// search sees it, the partner's snapshot would too, but the check cannot tell, so the search
    /// judges alone — and finds the new place.
    @Test func aCommitBeforeTheSearchMakesItJudgeAlone() throws {
        let temporary = try Self.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let query = SearchQuery("카페", near: Self.seoul, limit: 5)
        let split = try Self.searchWithPartner(reader, query) {
            try temporary.store.addPlace(Place(name: "카페", coordinate: Self.seoul, likes: 10_000))
        }
        #expect(!split.partnerRead)
        #expect(split.results.first?.place.name == "카페")
        #expect(split.results.first?.match.kind == .exact)
    }
}
