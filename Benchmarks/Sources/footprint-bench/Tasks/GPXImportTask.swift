import FootprintGeo
import FootprintStore
import Foundation

/// `gpx_import`: the peers' track (`track.csv`, 1M points at N = 1M) written as one GPX 1.1 `trk`
/// (`ele`, `time`, `hdop` per point, ~115 MB; untimed), then imported into a new database with
/// the noise filter on, timed from opening the store to the commit (PostGIS: `COPY` +
/// `ST_MakeLine`, 3.06 s on the same points). Correctness: `points` stored and the noise counts.
///
/// With `FOOTPRINT_CLI` set, one more untimed run imports the file through the CLI as a child
/// process, whose peak resident memory (`wait4`'s `ru_maxrss`) is `peak_rss_mb`: the streaming
/// reader holds one point at a time, so it stays flat whatever the file's size. Without it,
/// `process_peak_rss_mb` is this process's peak (`--only gpx_import` for a fair figure).
struct GPXImportTask: BenchmarkTask {
    let name = "gpx_import"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let gpx = BenchmarkDatabase.scratchFile("track.gpx")
        let points = try Self.writeGPX(from: dataset.folder.appendingPathComponent("track.csv"), to: gpx)
        defer { try? FileManager.default.removeItem(atPath: gpx) }
        let database = BenchmarkDatabase.scratchFile("gpx.sqlite")
        defer { BenchmarkDatabase.remove(database) }
        let options = try GPXImportOptions(timeZone: .fixed(seconds: 9 * 3600))
        var summary: GPXImportSummary?
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<runs.count(n: points, heavy: true) {
            BenchmarkDatabase.remove(database)
            let cpuBefore = Self.processCPUMilliseconds()
            let (time, result) = try timeRuns(1) {
                let store = try FootprintStore.open(at: database, mode: .create)
                return try store.importGPX(GPXImportFile(path: gpx), options: options)
            }
            cpuTimes.append(Self.processCPUMilliseconds() - cpuBefore)
            times += time
            summary = result
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: gpx)[.size] as? Int) ?? 0
        var extra: [(key: String, value: JSONValue)] = [
            ("points", .number(Double(summary?.points.inserted ?? 0))),
            ("noise_hdop", .number(Double(summary?.noiseCount(.hdop) ?? 0))),
            ("noise_speed", .number(Double(summary?.noiseCount(.speedSpike) ?? 0))),
            ("noise_duplicate", .number(Double(summary?.noiseCount(.duplicateTime) ?? 0))),
            ("gpx_bytes", .number(Double(bytes))),
            // CPU time of the process over the timed part (both threads): on a loaded machine the
            // wall time also counts waiting for a core.
            ("min_cpu_ms", .number(BenchmarkRecord.rounded(cpuTimes.min() ?? .nan, 3))),
        ]
        if let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] {
            BenchmarkDatabase.remove(database)
            let (status, peakKB) = try ColdCLITask.spawn(
                executable, ["--db", database, "import", "gpx", gpx, "--tz", "+09:00"])
            guard status == 0 else { throw BenchmarkError("\(executable) import gpx failed") }
            extra.append(("peak_rss_mb", .number(BenchmarkRecord.rounded(Double(peakKB) / 1024, 1))))
        } else {
            // This process's peak: an upper bound of the import's when run alone (`--only gpx_import`).
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            extra.append(("process_peak_rss_mb", .number(BenchmarkRecord.rounded(Double(usage.ru_maxrss) / 1024, 1))))
        }
        return BenchmarkRecord(task: name, n: points, timesMs: times, extra: extra)
    }

    /// Writes `track.csv` (`seq,time,lon,lat`) as GPX 1.1, with a made-up `ele` and an `hdop`
    /// that is above 20 on every 1000th point (the hdop rule's share of work); returns the points.
    /// Streams a megabyte at a time, so the preparation does not raise the process's peak memory.
    static func writeGPX(from csv: URL, to path: String) throws -> Int {
        guard let input = FileHandle(forReadingAtPath: csv.path) else {
            throw BenchmarkError("cannot read \(csv.path)")
        }
        defer { try? input.close() }
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let output = FileHandle(forWritingAtPath: path) else { throw BenchmarkError("cannot write \(path)") }
        defer { try? output.close() }
        var buffer = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="footprint-bench" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>peer track</name>
                <trkseg>

            """
        var count = 0
        var carry = ""
        var header = true
        while true {
            let chunk = input.readData(ofLength: 1 << 20)
            let text = carry + String(decoding: chunk, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            carry = chunk.isEmpty ? "" : String(lines.removeLast())
            for line in lines {
                if header {
                    header = false
                    continue
                }
                let fields = line.split(separator: ",")
                guard fields.count >= 4 else { continue }
                let elevation = 20 + Double(count % 500) / 10
                let hdop = count % 1000 == 999 ? "25.0" : "1.2"
                buffer += "      <trkpt lat=\"\(fields[3])\" lon=\"\(fields[2])\"><ele>\(elevation)</ele>"
                buffer += "<time>\(fields[1])</time><hdop>\(hdop)</hdop></trkpt>\n"
                count += 1
            }
            output.write(Data(buffer.utf8))
            buffer = ""
            if chunk.isEmpty { break }
        }
        output.write(Data("    </trkseg>\n  </trk>\n</gpx>\n".utf8))
        return count
    }

    /// User and system CPU time of this process so far, in milliseconds.
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
