import FootprintGeo
import FootprintStore
import Foundation

/// The place database the query tasks share: made by the CSV import task (or, when that task is
/// not run, by an untimed import), in `PEERS_OUT` or a temporary folder, removed at exit.
///
/// `FOOTPRINT_BENCH_DB` names a store already imported from this dataset's `places.csv` (e.g. by
/// `footprint --db F import places places.csv`): the query tasks use it as it is and it is kept,
/// so that working on one query task does not cost a million-place import per run.
enum BenchmarkDatabase {
    nonisolated(unsafe) static var path: String? = ProcessInfo.processInfo.environment["FOOTPRINT_BENCH_DB"]
    /// Whether ``path`` is the caller's (`FOOTPRINT_BENCH_DB`), to be kept.
    static let isGiven = ProcessInfo.processInfo.environment["FOOTPRINT_BENCH_DB"] != nil

    static func scratchFile(_ name: String) -> String {
        let folder = ProcessInfo.processInfo.environment["PEERS_OUT"] ?? NSTemporaryDirectory()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder as NSString).appendingPathComponent(
            "footprint-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// The shared database, importing `places.csv` untimed if no task made it yet.
    static func shared(_ dataset: Dataset) throws -> FootprintStore {
        // A given path that does not exist yet is made here, and kept.
        if let given = path, isGiven, !FileManager.default.fileExists(atPath: given) {
            let store = try FootprintStore.open(at: given, mode: .create)
            _ = try store.importPlaces(
                from: dataset.folder.appendingPathComponent("places.csv"), options: ImportOptions(source: "places.csv"),
                progress: { _ in })
        }
        if path == nil {
            let file = scratchFile("places.sqlite")
            remove(file)
            let store = try FootprintStore.open(at: file, mode: .create)
            _ = try store.importPlaces(
                from: dataset.folder.appendingPathComponent("places.csv"), options: ImportOptions(source: "places.csv"),
                progress: { _ in })
            path = file
        }
        return try FootprintStore.open(at: path!, mode: .readOnly)
    }
}

/// `import_places_csv` / `import_places_geojson`: a new database from the peers' file, spatial
/// index built (SpatiaLite: `bulk_load` + `create_spatial_index`; PostGIS: `copy_load` + GiST;
/// ogr2ogr: `csv_to_spatialite` / `geojson_to_spatialite`). `db_bytes` is the file afterwards.
struct ImportTask: BenchmarkTask {
    let file: String
    var name: String { file.hasSuffix(".csv") ? "import_places_csv" : "import_places_geojson" }

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let input = dataset.folder.appendingPathComponent(file)
        let database = BenchmarkDatabase.scratchFile(name + ".sqlite")
        var summary: ImportSummary?
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<runs.count(n: dataset.placeCount, heavy: true) {
            BenchmarkDatabase.remove(database)
            let cpuBefore = GPXImportTask.processCPUMilliseconds()
            let (time, result) = try timeRuns(1) {
                let store = try FootprintStore.open(at: database, mode: .create)
                return try store.importPlaces(
                    from: input, options: ImportOptions(source: "places.csv"), progress: { _ in })
            }
            cpuTimes.append(GPXImportTask.processCPUMilliseconds() - cpuBefore)
            times += time
            summary = result
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
        if file.hasSuffix(".csv"), BenchmarkDatabase.path == nil {
            BenchmarkDatabase.path = database
        } else {
            BenchmarkDatabase.remove(database)
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times,
            extra: [
                ("inserted", .number(Double(summary?.inserted ?? 0))), ("db_bytes", .number(Double(bytes))),
                ("min_cpu_ms", .number(BenchmarkRecord.rounded(cpuTimes.min() ?? .nan, 3))),
            ])
    }
}

/// `radius_1km`: every place within 1000 m (exact WGS84 geodesic) of each of the 1000 centres,
/// all ids fetched; `total_hits` must equal the peers' (1,255,429 at 1M).
struct RadiusTask: BenchmarkTask {
    let name = "radius_1km"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try BenchmarkDatabase.shared(dataset)
        let queries = try Queries(folder: dataset.folder)
        let (totals, operations, results) = try timeBatch(
            queries.radiusCenters, runs: runs.count(n: dataset.placeCount)
        ) {
            try store.placeIDs(within: queries.radiusMeters, of: $0).count
        }
        let hits = results.reduce(0, +)
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: queries.radiusCenters.count,
            extra: [
                ("total_hits", .number(Double(hits))),
                ("avg_rows", .number(BenchmarkRecord.rounded(Double(hits) / Double(results.count), 1))),
            ])
    }
}

/// `knn20`: the 20 nearest places of each of the 1000 centres in exact WGS84 metres (SpatiaLite's
/// `knn20_expanding_radius` is ellipsoidal too; PostGIS's `<->` on geography is spherical).
struct NearestTask: BenchmarkTask {
    let name = "knn20"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try BenchmarkDatabase.shared(dataset)
        let queries = try Queries(folder: dataset.folder)
        let (totals, operations, results) = try timeBatch(queries.knnCenters, runs: runs.count(n: dataset.placeCount)) {
            try store.nearby(NearbyQuery(center: $0, extent: .nearest(k: queries.k), limit: queries.k))
        }
        let kth = results.map { $0.last?.distanceMeters ?? 0 }
        let sum = results.flatMap { $0.map(\.distanceMeters) }.reduce(0, +)
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: queries.knnCenters.count,
            extra: [
                ("mean_kth_dist_m", .number(BenchmarkRecord.rounded(kth.reduce(0, +) / Double(kth.count), 3))),
                ("sum_dist_m", .number(BenchmarkRecord.rounded(sum, 3))),
            ])
    }
}

/// `geojson_export`: every place to a GeoJSON FeatureCollection file (PostGIS
/// `geojson_export_copy`, SpatiaLite `geojson_export_asgeojson`).
struct ExportTask: BenchmarkTask {
    let name = "geojson_export"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try BenchmarkDatabase.shared(dataset)
        let file = BenchmarkDatabase.scratchFile("places.geojson")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (times, _) = try timeRuns(runs.count(n: dataset.placeCount, heavy: true)) {
            FileManager.default.createFile(atPath: file, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            try store.exportPlaces { try handle.write(contentsOf: $0) }
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times, extra: [("bytes", .number(Double(bytes)))])
    }
}
