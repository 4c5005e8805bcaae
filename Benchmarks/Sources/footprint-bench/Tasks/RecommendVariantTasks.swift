import FootprintGeo
import FootprintStore
import Foundation
import GRDB

/// `recommend_3km_history`: `recommend_3km` (the same 1000 centres, 3 km, top 20) on a copy of
/// the shared store with a visit history — 300 visits to 200 places spread over the data (every
/// 5,000th id), one visit in three within 30 days of the clock — so every query computes the
/// similarity to the history (IDF-weighted tags and category) and novelty as a real diary does.
/// Target: as `recommend_3km`.
struct RecommendHistoryTask: BenchmarkTask {
    let name = "recommend_3km_history"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        _ = try BenchmarkDatabase.shared(dataset)
        let copy = BenchmarkDatabase.scratchFile("recommend-history.sqlite")
        BenchmarkDatabase.remove(copy)
        defer { BenchmarkDatabase.remove(copy) }
        try FileManager.default.copyItem(atPath: BenchmarkDatabase.path!, toPath: copy)
        try Self.addVisits(copy)
        let store = try FootprintStore.open(at: copy, mode: .readOnly)
        return try RecommendRadiusTask.measure(name, store: store, dataset: dataset, runs: runs)
    }

    /// 300 visits to the places whose id is a multiple of 5,000: each place on 2024-05-20, every
    /// other one also on 2023-11-02.
    static func addVisits(_ database: String) throws {
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            for (date, modulus) in [("2024-05-20", 5_000), ("2023-11-02", 10_000)] {
                try db.execute(
                    sql: """
                        INSERT INTO visits(place_id, arrived_at, arrived_offset, local_date, source)
                        SELECT id, ? || 'T03:00:00Z', 32400, ?, 'bench' FROM places WHERE id % ? = 0
                        """,
                    arguments: [date, date, modulus])
            }
        }
        try queue.close()
    }
}

/// `recommend_3km_filtered`: `recommend_3km` with `--category 카페 --tag 루프탑 --tag 맛집 --tag
/// 조용한` (any of the tags): the filters are tested on each place of the radius.
struct RecommendFilteredTask: BenchmarkTask {
    let name = "recommend_3km_filtered"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try BenchmarkDatabase.shared(dataset)
        return try RecommendRadiusTask.measure(
            name, store: store, dataset: dataset, runs: runs,
            filter: PlaceFilter(category: "카페", anyTags: ["루프탑", "맛집", "조용한"]), checksRows: false)
    }
}
