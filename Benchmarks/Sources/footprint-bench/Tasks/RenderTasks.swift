import FootprintGeo
import Foundation

/// `render_day_map`: a new `footprint render map --day DATE -o FILE.svg` process on the day of
/// ``DayExportTask`` (100,000 track points, one 200 m privacy zone on the route), timed from spawn
/// to exit (target ≤ 150 ms). Runs only when `FOOTPRINT_CLI` names the built executable.
/// Correctness: `bytes` of the SVG, and the task fails when the file is not an SVG document.
struct RenderDayMapTask: BenchmarkTask {
    let name = "render_day_map"
    let pointCount = 100_000

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        let track = Array(try dataset.track.get().prefix(pointCount))
        guard track.count == pointCount else { throw BenchmarkError("the track has fewer than \(pointCount) points") }
        let database = BenchmarkDatabase.scratchFile("daymap.sqlite")
        let output = BenchmarkDatabase.scratchFile("daymap.svg")
        BenchmarkDatabase.remove(database)
        defer {
            BenchmarkDatabase.remove(database)
            try? FileManager.default.removeItem(atPath: output)
        }
        try DayExportTask.prepare(database, executable: executable, track: track, center: track[pointCount / 2])
        let arguments = ["--db", database, "render", "map", "--day", "2024-05-01", "-o", output]
        guard try ColdCLITask.run(executable, arguments) == 0 else {
            throw BenchmarkError("\(executable) render map failed")
        }
        let (times, statuses) = try timeRuns(runs.count(n: pointCount)) { try ColdCLITask.run(executable, arguments) }
        guard statuses == 0, let bytes = FileManager.default.contents(atPath: output),
            String(decoding: bytes.prefix(200), as: UTF8.self).contains("<svg")
        else { throw BenchmarkError("\(executable) render map --day wrote no SVG") }
        return BenchmarkRecord(
            task: name, n: pointCount, timesMs: times, extra: [("bytes", .integer(Int64(bytes.count)))])
    }
}

/// `tile_pyramid`: a new `footprint render tiles --zoom 10-16 --bbox 126.8,37.45,127.2,37.70`
/// process on the shared database (every place of the dataset; 5,806 tiles in range at any N;
/// the basemap from `FOOTPRINT_DATA`, which tools/peers-extra.sh points at `Data/`),
/// timed from spawn to exit (target at 1M: ≤ 20 s on 2 cores, peak RSS ≤ 1 GB). Runs only when
/// `FOOTPRINT_CLI` names the built executable. Correctness: `tiles` written and their `bytes`;
/// `peak_rss_mb` of the child (`wait4`'s `ru_maxrss`).
struct TilePyramidTask: BenchmarkTask {
    let name = "tile_pyramid"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        _ = try BenchmarkDatabase.shared(dataset)
        let database = BenchmarkDatabase.path!
        let folder = BenchmarkDatabase.scratchFile("pyramid")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [
            "--db", database, "render", "tiles", "--zoom", "10-16", "--bbox", "126.8,37.45,127.2,37.70", "--out",
            folder,
            "--quiet",
        ]
        var times: [Double] = []
        var peak = 0
        for _ in 0..<max(1, runs.count(n: dataset.placeCount, heavy: true)) {
            try? FileManager.default.removeItem(atPath: folder)
            let start = DispatchTime.now().uptimeNanoseconds
            let (status, peakKB) = try ColdCLITask.spawn(executable, arguments)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard status == 0 else { throw BenchmarkError("\(executable) render tiles failed") }
            peak = max(peak, peakKB)
        }
        var tiles = 0
        var bytes = 0
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".svg") else { continue }
            tiles += 1
            bytes += (try? FileManager.default.attributesOfItem(atPath: folder + "/" + file)[.size] as? Int) ?? 0
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times,
            extra: [
                ("tiles", .integer(Int64(tiles))), ("bytes", .integer(Int64(bytes))),
                ("peak_rss_mb", .number(BenchmarkRecord.rounded(Double(peak) / 1024, 1))),
            ])
    }
}
