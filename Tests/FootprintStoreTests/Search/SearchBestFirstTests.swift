import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A name stage near a point reads its candidates best bound first from the store's
/// ``SearchRankSnapshot`` and stops early: the results must be exactly those of reading every
/// candidate, and a snapshot older than the file must never be used.
@Suite struct SearchBestFirstTests {
    static let seoul = SearchPartnerTests.seoul

    static let queries = [
        SearchQuery("카페", near: seoul, limit: 20),
        SearchQuery("카페", near: seoul, limit: 1),
        SearchQuery("카페", near: Coordinate(uncheckedLatitude: 37.70, longitude: 127.15), limit: 50),
        SearchQuery("호점", near: seoul, limit: 20),
        SearchQuery("ㅋㅍ", near: seoul, limit: 20),
        SearchQuery("카페", near: seoul, filter: PlaceFilter(minimumLikes: 100), limit: 20),
    ]

    /// The search as it runs without a snapshot (every candidate read), and with the snapshot.
    static func bothWays(_ store: FootprintStore, _ query: SearchQuery) throws -> (
        full: [SearchResult], bestFirst: [SearchResult], snapshot: SearchRankSnapshot?
    ) {
        try store.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            var full = try SearchRun(db, query.validated())
            let snapshot = try SearchRankSnapshot.build(db, dataVersion: version)
            var bestFirst = try SearchRun(db, query.validated())
            bestFirst.rankCache = snapshot
            return (try full.results(), try bestFirst.results(), snapshot)
        }
    }

    @Test(arguments: queries)
    func readingBestBoundFirstRanksExactlyAsReadingEveryCandidate(_ query: SearchQuery) throws {
        let temporary = try SearchPartnerTests.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let (full, bestFirst, snapshot) = try Self.bothWays(reader, query)
        #expect(snapshot != nil)
        #expect(!full.isEmpty)
        #expect(bestFirst == full)
    }

    /// The first stage's names begin with the query; one longer than the query can at best be a
    /// `prefix` match, so it is bounded a tier below an `exact` one and, once the results hold
    /// enough better scores, left unread. An exact name far away and unliked still ranks above
    /// every longer one, however near or popular.
    @Test func aLongerNameIsBoundedBelowAnExactOneAndLeftUnread() throws {
        let temporary = try SearchPartnerTests.makeStore()
        let busan = Coordinate(uncheckedLatitude: 35.1, longitude: 129.0)
        let far = try temporary.store.addPlace(Place(name: "카페", coordinate: busan))
        let near = try temporary.store.addPlace(Place(name: "카페", coordinate: Self.seoul, likes: 10))
        try temporary.store.updateSearchIndex()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let query = try SearchQuery("카페", near: Self.seoul, limit: 20).validated()
        let (full, bestFirst, read) = try reader.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            var full = try SearchRun(db, query)
            var bestFirst = try SearchRun(db, query)
            bestFirst.rankCache = try SearchRankSnapshot.build(db, dataVersion: version)
            return (
                try full.results(), try bestFirst.results(), (full: full.seen.count, bestFirst: bestFirst.seen.count)
            )
        }
        #expect(bestFirst == full)
        #expect(full.count == 20)
        #expect(full.prefix(2).map(\.place.id) == [near.id, far.id])
        #expect(full.prefix(2).allSatisfy { $0.match.kind == .exact })
        #expect(full.dropFirst(2).allSatisfy { $0.match.kind == .prefix })
        // 1,502 names begin with 카페: best bound first reads a few batches of them.
        #expect(read.full > 1500)
        #expect(read.bestFirst < read.full / 4)
    }

    @Test func visitsCountInTheBoundAsRecency() throws {
        let temporary = try SearchPartnerTests.makeStore()
        // The least popular place, visited today: its recency must count in its bound.
        let far = try #require(
            try temporary.store.search(SearchQuery("카페", limit: nil)).min {
                ($0.place.likes, -$0.place.coordinate.latitude) < ($1.place.likes, -$1.place.coordinate.latitude)
            })
        let today = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        try temporary.store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO visits(place_id, place_name, arrived_at, arrived_offset, local_date)
                    VALUES (?, ?, ?, 0, ?)
                    """,
                arguments: [far.place.id, far.place.name, today + "T10:00:00Z", today])
        }
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let (full, bestFirst, _) = try Self.bothWays(reader, SearchQuery("카페", near: Self.seoul, limit: 20))
        #expect(bestFirst == full)
    }

    @Test func aReadOnlyStoreBuildsItsSnapshotOnTheSecondSearchAndDropsItAfterACommit() throws {
        let temporary = try SearchPartnerTests.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let query = SearchQuery("카페", near: Self.seoul, limit: 20)
        let first = try reader.search(query)
        #expect(try reader.read { try reader.searchRankCaches.current($0) } == nil)
        #expect(try reader.search(query) == first)
        #expect(try reader.read { try reader.searchRankCaches.current($0) } != nil)
        // Another connection moves the best place next door to the point and makes it popular.
        let last = try #require(first.last)
        try temporary.store.write { db in
            try db.execute(
                sql: "UPDATE places SET likes = 50000, latitude = ?, longitude = ? WHERE id = ?",
                arguments: [Self.seoul.latitude, Self.seoul.longitude, last.place.id])
        }
        #expect(try reader.read { try reader.searchRankCaches.current($0) } == nil)
        let after = try reader.search(query)
        #expect(after != first)
        #expect(after.contains { $0.place.id == last.place.id && $0.place.likes == 50000 })
        let writable = try FootprintStore.open(at: temporary.path, mode: .readWrite)
        #expect(try writable.search(query) == after)
    }

    /// After another connection's commit, the snapshot is built again only once the data has
    /// stayed the same for `stableSeconds`: a store that an import changes every second searches
    /// without it rather than rebuild it every 64 searches.
    @Test func aStaleSnapshotIsBuiltAgainOnlyOnceTheDataStaysTheSame() throws {
        let temporary = try SearchPartnerTests.makeStore()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        for (stableSeconds, rebuilds) in [(3600.0, false), (0, true)] {
            let caches = SearchRankCaches(stableSeconds: stableSeconds)
            try reader.read { db in
                _ = try caches.snapshot(db)
                #expect(try caches.snapshot(db) != nil, "the first build waits for nothing")
            }
            try temporary.store.write { db in try db.execute(sql: "UPDATE places SET likes = likes + 1 WHERE id = 1") }
            for _ in 0..<(2 * SearchRankCaches.rebuildInterval) {
                _ = try reader.read { try caches.snapshot($0) }
            }
            #expect(try reader.read { try caches.current($0) != nil } == rebuilds, "stable after \(stableSeconds) s")
        }
    }

    @Test func aWritableStoreHasNoSnapshot() throws {
        let temporary = try SearchPartnerTests.makeStore()
        let query = SearchQuery("카페", near: Self.seoul, limit: 20)
        _ = try temporary.store.search(query)
        _ = try temporary.store.search(query)
        #expect(try temporary.store.read { try temporary.store.searchRankCaches.current($0) } == nil)
    }

    @Test(arguments: ["스타벅스 강남역점", "CGV 용산", "카페-온", "KT&G 25", "ㅋㅍ 카페", "Café 서울", "😀 카페"])
    func theNameLengthBoundNeverExceedsTheMatchersLength(_ name: String) throws {
        let bound = Array(name.utf8).withUnsafeBufferPointer { SearchRankSnapshot.nameLengthBound($0) }
        let normalized = SearchableText(name).normalized.unicodeScalars.count
        let withSymbols = SearchableText(name, keepingSymbols: true).normalized.unicodeScalars.count
        #expect(bound <= normalized)
        #expect(bound <= withSymbols)
        #expect(bound >= normalized - 2)
    }
}
