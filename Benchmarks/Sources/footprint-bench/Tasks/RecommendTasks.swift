import FootprintGeo
import FootprintStore
import Foundation
import GRDB

/// `recommend_3km`: `recommend(--at centre, radius 3 km, top 20)` — every term, explanations and
/// diversity — for each of the 1000 kNN centres of `queries.json` (batch, as the other query
/// tasks). `avg_rows` is the mean number of candidates (places within 3 km, exact WGS84), and the
/// task fails unless it equals a brute-force count over `places.csv` (untimed). Targets: p50 ≤ 10
/// ms, p99 ≤ 25 ms.
struct RecommendRadiusTask: BenchmarkTask {
    let name = "recommend_3km"
    /// A fixed "now": the same ranking on every run.
    static let clock = RecommendationClock(localDate: "2024-06-01", minuteOfDay: 18 * 60)

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        try Self.measure(name, store: try BenchmarkDatabase.shared(dataset), dataset: dataset, runs: runs)
    }

    /// The task on `store`: with `filter`, and checking the candidates against the brute-force
    /// count when `checksRows` (which counts every place within the radius).
    static func measure(
        _ name: String, store: FootprintStore, dataset: Dataset, runs: RunCounts, filter: PlaceFilter = PlaceFilter(),
        checksRows: Bool = true
    ) throws -> BenchmarkRecord {
        let radiusMeters = 3_000.0
        let centers = try Queries(folder: dataset.folder).knnCenters
        let (totals, operations, results) = try timeBatch(centers, runs: runs.count(n: dataset.placeCount)) { center in
            let page = try store.recommend(
                RecommendationQuery(
                    anchor: .point(center), radiusMeters: radiusMeters, limit: 20, filter: filter, clock: Self.clock))
            return (page.candidateCount, page.recommendations.count)
        }
        let rows = results.map(\.0).reduce(0, +)
        var extra: [(key: String, value: JSONValue)] = [
            ("avg_rows", .number(BenchmarkRecord.rounded(Double(rows) / Double(centers.count), 1)))
        ]
        if checksRows {
            let expected = try Self.bruteForceCount(centers, radius: radiusMeters, places: dataset.places.get())
            guard rows == expected else {
                throw BenchmarkError("\(name) saw \(rows) candidates; a brute-force count gives \(expected)")
            }
            extra.append(("brute_force_rows", .number(Double(expected))))
        }
        extra.append(("returned", .number(Double(results.map(\.1).reduce(0, +)))))
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations, batch: centers.count,
            extra: extra)
    }

    /// Places within `radius` of each centre, summed: every place in the centre's latitude band
    /// (places sorted by latitude), measured with Karney's geodesic unless the haversine bounds
    /// already decide it.
    static func bruteForceCount(_ centers: [Coordinate], radius: Double, places: [Coordinate]) throws -> Int {
        let sorted = places.sorted { $0.latitude < $1.latitude }
        let latitudes = sorted.map(\.latitude)
        // Conservative: a degree of latitude is at least 110.5 km.
        let band = radius / 110_000
        var total = 0
        for center in centers {
            var low = 0
            var high = latitudes.count
            while low < high {
                let middle = (low + high) / 2
                if latitudes[middle] < center.latitude - band { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < sorted.count, latitudes[index] <= center.latitude + band {
                let bounds = Geodesic.distanceBounds(from: center, to: sorted[index])
                if bounds.upperBound <= radius {
                    total += 1
                } else if bounds.lowerBound <= radius, Geodesic.distance(from: center, to: sorted[index]) <= radius {
                    total += 1
                }
                index += 1
            }
        }
        return total
    }
}

/// `recommend_day`: `recommend(--day)` with a 300 m corridor around a 10 km walk — the first
/// 2,500 points of the peers' track as one local day — over the shared million places (copied,
/// untimed, with the day's track added). Target: p50 ≤ 20 ms.
struct RecommendDayTask: BenchmarkTask {
    let name = "recommend_day"
    let pointCount = 2_500

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        _ = try BenchmarkDatabase.shared(dataset)
        let track = Array(try dataset.track.get().prefix(pointCount))
        let copy = BenchmarkDatabase.scratchFile("recommend-day.sqlite")
        BenchmarkDatabase.remove(copy)
        defer { BenchmarkDatabase.remove(copy) }
        try FileManager.default.copyItem(atPath: BenchmarkDatabase.path!, toPath: copy)
        try Self.addDay(copy, track: track)
        let store = try FootprintStore.open(at: copy, mode: .readOnly)
        let query = RecommendationQuery(anchor: .day("2024-05-01"), limit: 20, clock: RecommendRadiusTask.clock)
        _ = try store.recommend(query)  // warm-up
        let (times, page) = try timeRuns(max(20, runs.count(n: pointCount))) { try store.recommend(query) }
        let length = zip(track, track.dropFirst()).reduce(0) { $0 + Geodesic.distance(from: $1.0, to: $1.1) }
        return BenchmarkRecord(
            task: name, n: pointCount, timesMs: times,
            extra: [
                ("p50_ms", .number(BenchmarkRecord.rounded(times.sorted()[times.count / 2], 3))),
                ("route_m", .number(BenchmarkRecord.rounded(length, 1))),
                ("candidates", .number(Double(page.candidateCount))),
                ("returned", .number(Double(page.recommendations.count))),
            ])
    }

    /// The track as day 2024-05-01 (+09:00), a point a second (``DayExportTask/addDay``).
    static func addDay(_ database: String, track: [Coordinate]) throws {
        try DayExportTask.addDay(database, track: track, secondsApart: 1)
    }
}

/// `recommend_cli_cold`: a new `footprint recommend --at 37.55,127.0 --json` process on the
/// shared database, spawn to exit, median of 30 runs after a warm-up. Target ≤ 40 ms. Runs only
/// when `FOOTPRINT_CLI` names the built executable.
struct RecommendColdCLITask: BenchmarkTask {
    let name = "recommend_cli_cold"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        _ = try BenchmarkDatabase.shared(dataset)
        let arguments = ["--db", BenchmarkDatabase.path!, "recommend", "--at", "37.55,127.0", "--json"]
        guard try ColdCLITask.run(executable, arguments) == 0 else {
            throw BenchmarkError("\(executable) recommend failed")
        }
        let (times, statuses) = try timeRuns(30) { try ColdCLITask.run(executable, arguments) }
        guard statuses == 0 else { throw BenchmarkError("\(executable) recommend failed") }
        return BenchmarkRecord(task: name, n: dataset.placeCount, timesMs: times)
    }
}
