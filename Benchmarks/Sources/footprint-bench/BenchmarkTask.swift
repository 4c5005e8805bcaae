/// One benchmark of the peer contract (/work/shared/peers/README.md): a task name shared with the
/// peers that do the same work, and a measurement on a dataset.
///
/// Later issues add their tasks (store loading, search, nearby …) as new conforming types listed
/// in ``BenchmarkTasks/all``.
protocol BenchmarkTask: Sendable {
    /// The `task` field, the same as the peer's for like-for-like work (`encode`, `simplify_dp` …).
    var name: String { get }
    /// Prepares the input (untimed), times the operation `runs` times, and returns the record
    /// with the correctness fields the peers print (`chars`, `sha1`, `out_points` …).
    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord
}

/// Every task, in the order they run and print.
enum BenchmarkTasks {
    static let all: [any BenchmarkTask] = [
        PolylineEncodeTask(),
        PolylineDecodeTask(),
        SimplifyTask(),
        TileTask(),
        GeodesicTask(),
        ParallelGeodesicTask(),
        ImportTask(file: "places.csv"),
        ImportTask(file: "places.geojson"),
        GPXImportTask(),
        ConflateImportTask(),
        ReimportTask(),
        RadiusTask(),
        NearestTask(),
        ExportTask(),
        SearchIndexBuildTask(),
        SubstringTask(name: "fts_2syl", twoSyllables: true),
        SubstringTask(name: "fts_3syl", twoSyllables: false),
        RankedSearchTask(name: "search_ranked_near", twoSyllables: false),
        RankedSearchTask(name: "search_ranked_near_2syl", twoSyllables: true),
        ChosungSearchTask(),
        FieldSearchTask(),
        TypoSearchTask(),
        AbbreviationSearchTask(),
        SearchThroughputTask(),
        ColdCLITask(),
        VisitDetectTask(),
        TileSVGTask(),
        DayExportTask(),
        RenderDayMapTask(),
        TilePyramidTask(),
        RecommendRadiusTask(),
        RecommendHistoryTask(),
        RecommendFilteredTask(),
        RecommendDayTask(),
        RecommendColdCLITask(),
        ReadersDuringImportTask(),
    ]
}

/// The repetitions of the peers' `common.runs_default`: `PEERS_RUNS` (default 5); whole-dataset
/// heavy jobs use at most 3 at N ≥ 1,000,000 (`PEERS_RUNS_HEAVY` overrides).
struct RunCounts {
    var runs: Int?
    var heavyRuns: Int?

    init(environment: [String: String]) {
        runs = environment["PEERS_RUNS"].flatMap { Int($0) }
        heavyRuns = environment["PEERS_RUNS_HEAVY"].flatMap { Int($0) }
    }

    /// How many times to run a task whose input has `n` items.
    func count(n: Int, heavy: Bool = false) -> Int {
        if heavy, let heavyRuns { return heavyRuns }
        if let runs { return heavy && n >= 1_000_000 ? min(runs, 3) : runs }
        return heavy && n >= 1_000_000 ? 3 : 5
    }
}
