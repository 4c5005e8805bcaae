import FootprintGeo
import FootprintStore
import Foundation

/// `search_throughput`: how many ranked searches a second the machine serves when two processes
/// search the same store at once — each running the 1,000 two-syllable terms (`like2`, top 20,
/// `near` the i-th radius centre, as `search_ranked_near_2syl`) in a loop for a fixed time —
/// beside one process alone doing the same. The searches run with the second connection off
/// (``FootprintStore/setSearchPartner(enabled:)``), as a server serving many requests would.
///
/// Each process is this executable started again with `--search-worker` (``SearchWorker``); it
/// prints how many searches it finished and in how long. Footprint's own (no peer).
struct SearchThroughputTask: BenchmarkTask {
    let name = "search_throughput"
    /// How long each process searches, in seconds (`FOOTPRINT_THROUGHPUT_SECONDS`, default 10).
    static let seconds = Double(ProcessInfo.processInfo.environment["FOOTPRINT_THROUGHPUT_SECONDS"] ?? "") ?? 10

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        _ = try SearchDatabase.store(dataset)
        let path = BenchmarkDatabase.path!
        let single = try Self.run(processes: 1, path: path, dataset: dataset)
        let pair = try Self.run(processes: 2, path: path, dataset: dataset)
        let singleRate = single.reduce(0) { $0 + $1.perSecond }
        let pairRate = pair.reduce(0) { $0 + $1.perSecond }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: pair.map { $0.milliseconds / Double(max(1, $0.searches)) },
            extra: [
                ("processes", .number(2)),
                ("seconds_per_process", .number(Self.seconds)),
                ("total_qps", .number(BenchmarkRecord.rounded(pairRate, 1))),
                ("single_process_qps", .number(BenchmarkRecord.rounded(singleRate, 1))),
                ("scaling", .number(BenchmarkRecord.rounded(pairRate / max(singleRate, 1e-9), 3))),
                ("searches", .number(Double(pair.reduce(0) { $0 + $1.searches }))),
            ])
    }

    /// What one worker reported.
    struct Report {
        var searches: Int
        var milliseconds: Double
        var perSecond: Double { Double(searches) / (milliseconds / 1000) }
    }

    /// Starts `processes` workers at once and waits for their reports.
    static func run(processes: Int, path: String, dataset: Dataset) throws -> [Report] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var running: [(Process, Pipe)] = []
        for _ in 0..<processes {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--search-worker", path, dataset.folder.path, String(seconds)]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            running.append((process, pipe))
        }
        return try running.map { process, pipe in
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            guard process.terminationStatus == 0, fields.count == 2, let count = Int(fields[0]),
                let milliseconds = Double(fields[1])
            else {
                throw BenchmarkError("a search worker failed (status \(process.terminationStatus))")
            }
            return Report(searches: count, milliseconds: milliseconds)
        }
    }
}

/// `footprint-bench --search-worker DB DATASET SECONDS`: runs the ranked two-syllable searches in
/// a loop on its own read-only store for SECONDS (after one untimed pass over the first 100) and
/// prints `SEARCHES MILLISECONDS`.
enum SearchWorker {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 3, let seconds = Double(arguments[2]) else {
            throw BenchmarkError("usage: footprint-bench --search-worker DB DATASET SECONDS")
        }
        let store = try FootprintStore.open(at: arguments[0], mode: .readOnly)
        store.setSearchPartner(enabled: false)
        let queries = try Queries(folder: URL(fileURLWithPath: arguments[1]))
        let searches = zip(queries.twoSyllableTerms, queries.radiusCenters).map {
            SearchQuery($0, near: $1, limit: 20)
        }
        for search in searches.prefix(100) { _ = try store.search(search) }
        let clock = ContinuousClock()
        let start = clock.now
        let end = start + .milliseconds(Int(seconds * 1000))
        var count = 0
        while clock.now < end {
            _ = try store.search(searches[count % searches.count])
            count += 1
        }
        let (whole, fraction) = (clock.now - start).components
        print(count, Double(whole) * 1000 + Double(fraction) / 1e15)
    }
}
