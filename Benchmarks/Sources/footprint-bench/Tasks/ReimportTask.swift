import FootprintStore
import Foundation
import GRDB

/// `import_places_csv_again`: `places.csv` imported a second time into the store its first import
/// made (that import untimed), matching on: every row is its own place again. Footprint's own (no
/// peer); target ≤ 8 s and nothing changed: `updated` and `merged` 0, and the digest of every
/// row of `places` and `place_sources` the same before and after (`unchanged_digest`).
struct ReimportTask: BenchmarkTask {
    let name = "import_places_csv_again"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let input = dataset.folder.appendingPathComponent("places.csv")
        let database = BenchmarkDatabase.scratchFile("again.sqlite")
        BenchmarkDatabase.remove(database)
        defer { BenchmarkDatabase.remove(database) }
        let options = ImportOptions(source: "places.csv")
        _ = try FootprintStore.open(at: database, mode: .create).importPlaces(from: input, options: options)
        let before = try Self.digest(database)
        // The first import's pages on disk before the clock starts (see ``ConflateImportTask``).
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try ConflateImportTask.flush(database + suffix)
        }
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var summary: ImportSummary?
        for _ in 0..<runs.count(n: dataset.placeCount, heavy: true) {
            let store = try FootprintStore.open(at: database, mode: .readWrite)
            let cpuBefore = GPXImportTask.processCPUMilliseconds()
            let (time, result) = try timeRuns(1) { try store.importPlaces(from: input, options: options) }
            cpuTimes.append(GPXImportTask.processCPUMilliseconds() - cpuBefore)
            times += time
            summary = result
        }
        let after = try Self.digest(database)
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times,
            extra: [
                ("unchanged", .number(Double(summary?.unchanged ?? 0))),
                ("updated", .number(Double(summary?.updated ?? 0))),
                ("merged", .number(Double(summary?.merged ?? 0))),
                ("inserted", .number(Double(summary?.inserted ?? 0))),
                ("unchanged_digest", .bool(before == after)),
                ("min_cpu_ms", .number(BenchmarkRecord.rounded(cpuTimes.min() ?? .nan, 3))),
            ])
    }

    /// FNV-1a (64 bits) of every value of every row of `places` and `place_sources`, in key order.
    static func digest(_ database: String) throws -> UInt64 {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        return try queue.read { db in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            func mix(_ bytes: some Sequence<UInt8>) {
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
            }
            for sql in [
                "SELECT * FROM places ORDER BY id", "SELECT * FROM place_sources ORDER BY source, source_id",
            ] {
                let rows = try Row.fetchCursor(db, sql: sql)
                while let row = try rows.next() {
                    for value in row.databaseValues {
                        switch value.storage {
                        case .null: mix([0])
                        case .int64(let number): withUnsafeBytes(of: number) { mix($0) }
                        case .double(let number): withUnsafeBytes(of: number) { mix($0) }
                        case .string(let text): mix(text.utf8)
                        case .blob(let data): mix(data)
                        }
                    }
                }
            }
            return hash
        }
    }
}
