import FootprintGeo
import FootprintStore
import Foundation

/// `readers_during_import`: issue #17's readers beside a 1M import, each query timed inside a
/// long-lived reader process (no process start, no schema load, a store opened once): the CLI
/// (`FOOTPRINT_CLI`) imports the peer places with `--batch-seconds 1` into a new store, alone and
/// then beside four readers — this executable started again with `--reader-worker`, one per kind:
/// ranked `search` near a centre, `nearby` (1 km), `recommend` (3 km) and the places of a
/// z14-tile-sized box (what `render tile` reads). Each reader opens the store once the first
/// batch is committed and queries back to back until the import ends, or with
/// `FOOTPRINT_READER_PAUSE_MS` between two queries. Footprint's own (no peer).
///
/// The record's time is the import beside the readers; its extras the import alone, the
/// slowdown, and the readers' p50/p99 over every query and per kind, and their errors.
struct ReadersDuringImportTask: BenchmarkTask {
    let name = "readers_during_import"
    static let kinds = ["search", "nearby", "recommend", "map"]
    static let pauseMilliseconds = Int(ProcessInfo.processInfo.environment["FOOTPRINT_READER_PAUSE_MS"] ?? "") ?? 0

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let cli = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        let database = BenchmarkDatabase.scratchFile("readers.sqlite")
        let stop = database + ".stop"
        defer {
            BenchmarkDatabase.remove(database)
            try? FileManager.default.removeItem(atPath: stop)
        }
        let places = dataset.folder.appendingPathComponent("places.csv").path
        BenchmarkDatabase.remove(database)
        let alone = try Self.wait(for: try Self.startImport(cli, database: database, places: places))

        BenchmarkDatabase.remove(database)
        try? FileManager.default.removeItem(atPath: stop)
        let importer = try Self.startImport(cli, database: database, places: places)
        try Self.waitForFirstBatch(database, importer: importer.process)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var readers: [(Process, Pipe)] = []
        for kind in Self.kinds {
            let process = Process()
            process.executableURL = executable
            process.arguments = [
                "--reader-worker", database, dataset.folder.path, kind, stop, String(Self.pauseMilliseconds),
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            readers.append((process, pipe))
        }
        let shared = try Self.wait(for: importer)
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        var all: [Double] = []
        var errors = 0
        var extra: [(key: String, value: JSONValue)] = []
        for ((process, pipe), kind) in zip(readers, Self.kinds) {
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            guard process.terminationStatus == 0, let failed = fields.first.flatMap({ Int($0) }) else {
                throw BenchmarkError("the \(kind) reader failed (status \(process.terminationStatus))")
            }
            let times = fields.dropFirst().compactMap { Double($0) }.sorted()
            errors += failed
            all += times
            extra.append(("\(kind)_queries", .number(Double(times.count))))
            extra.append(("\(kind)_p99_ms", .number(BenchmarkRecord.rounded(Self.percentile(times, 0.99), 3))))
        }
        all.sort()
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: [shared * 1000],
            extra: [
                ("import_alone_ms", .number(BenchmarkRecord.rounded(alone * 1000, 3))),
                ("slowdown", .number(BenchmarkRecord.rounded(shared / alone - 1, 3))),
                ("reader_pause_ms", .number(Double(Self.pauseMilliseconds))),
                ("reader_queries", .number(Double(all.count))),
                ("reader_p50_ms", .number(BenchmarkRecord.rounded(Self.percentile(all, 0.5), 3))),
                ("reader_p99_ms", .number(BenchmarkRecord.rounded(Self.percentile(all, 0.99), 3))),
                ("reader_max_ms", .number(BenchmarkRecord.rounded(all.last ?? .nan, 3))),
                ("reader_errors", .number(Double(errors))),
            ] + extra)
    }

    /// The value below which `fraction` of the sorted `values` lie.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        return values[min(values.count - 1, Int((Double(values.count) * fraction).rounded(.down)))]
    }

    /// `footprint import places` of the file into the database, as a shared import.
    static func startImport(_ cli: String, database: String, places: String) throws -> (process: Process, start: Date) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli)
        process.arguments = ["--db", database, "import", "places", places, "--batch-seconds", "1"]
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        return (process, start)
    }

    /// Waits for an import and returns its wall time in seconds.
    static func wait(for run: (process: Process, start: Date)) throws -> Double {
        run.process.waitUntilExit()
        guard run.process.terminationStatus == 0 else {
            throw BenchmarkError("the import failed (status \(run.process.terminationStatus))")
        }
        return Date().timeIntervalSince(run.start)
    }

    /// Waits until the store holds places (its first batch committed).
    static func waitForFirstBatch(_ database: String, importer: Process) throws {
        while importer.isRunning {
            if FileManager.default.fileExists(atPath: database),
                let store = try? FootprintStore.open(at: database, mode: .readOnly, memoryMapped: false),
                let count = try? store.placeCount(), count > 0
            {
                return
            }
            usleep(50_000)
        }
        throw BenchmarkError("the import ended before its first batch was seen")
    }
}

/// `footprint-bench --reader-worker DB DATASET KIND STOPFILE PAUSE_MS`: one reader of
/// `readers_during_import`. Queries its kind over the peers' centres and terms until STOPFILE
/// exists, then prints the number of failed queries and every query's time in milliseconds.
enum ReaderWorker {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 5, let pause = Int(arguments[4]) else {
            throw BenchmarkError("usage: footprint-bench --reader-worker DB DATASET KIND STOPFILE PAUSE_MS")
        }
        let store = try FootprintStore.open(at: arguments[0], mode: .readOnly)
        let queries = try Queries(folder: URL(fileURLWithPath: arguments[1]))
        let kind = arguments[2]
        let stop = arguments[3]
        let centers = queries.radiusCenters
        let terms = queries.twoSyllableTerms
        let query: (Int) throws -> Void
        switch kind {
        case "search":
            query = { index in
                _ = try store.search(
                    SearchQuery(terms[index % terms.count], near: centers[index % centers.count], limit: 20))
            }
        case "nearby":
            query = { index in _ = try store.placeIDs(within: 1000, of: centers[index % centers.count]) }
        case "recommend":
            query = { index in
                _ = try store.recommend(
                    RecommendationQuery(anchor: .point(centers[index % centers.count]), radiusMeters: 3000, limit: 20))
            }
        case "map":
            // A z14 tile at 37.5°N is ~0.022° of longitude by ~0.017° of latitude.
            query = { index in
                let center = centers[index % centers.count]
                _ = try store.mapPlaces(
                    in: BoundingBox(
                        uncheckedWest: center.longitude - 0.011, south: center.latitude - 0.0087,
                        east: center.longitude + 0.011, north: center.latitude + 0.0087))
            }
        default:
            throw BenchmarkError("no reader kind \(kind)")
        }
        let clock = ContinuousClock()
        var times: [Double] = []
        var failed = 0
        var index = 0
        while !FileManager.default.fileExists(atPath: stop) {
            let start = clock.now
            do { try query(index) } catch { failed += 1 }
            let (whole, fraction) = (clock.now - start).components
            times.append(Double(whole) * 1000 + Double(fraction) / 1e15)
            index += 1
            if pause > 0 { usleep(useconds_t(pause * 1000)) }
        }
        print(failed, times.map { String(format: "%.3f", $0) }.joined(separator: " "))
    }
}
