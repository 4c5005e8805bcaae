import FootprintStore
import Foundation

/// `import_conflate`: a second source of the peer places imported into the 1M store with
/// matching on. Footprint's own (no peer); target ≤ 3 s, every copy merged, every new place
/// inserted.
///
/// The second source (untimed, deterministic, from `places.csv`): 100,000 rows; nine in ten are
/// copies of the peer place at an even stride, the name re-spaced and punctuated (spaces moved,
/// a `·` and a `!` added: `메가커피 문래역점` → `메가 커피문래역·점!`), moved 0–30 m in a random
/// direction; one in ten is a new place with a name no peer place has. Each run imports it
/// into a copy of the shared store (the copy untimed), so the query tasks see the store as it was.
struct ConflateImportTask: BenchmarkTask {
    let name = "import_conflate"
    static let rows = 100_000

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        _ = try BenchmarkDatabase.shared(dataset)
        guard let shared = BenchmarkDatabase.path else { throw BenchmarkError("no shared store") }
        let (text, copies, new) = try Self.secondSource(dataset)
        let input = BenchmarkDatabase.scratchFile("second.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let database = BenchmarkDatabase.scratchFile("conflate.sqlite")
        defer { BenchmarkDatabase.remove(database) }
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var summary: ImportSummary?
        for _ in 0..<runs.count(n: dataset.placeCount, heavy: true) {
            BenchmarkDatabase.remove(database)
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: shared + suffix) {
                try FileManager.default.copyItem(atPath: shared + suffix, toPath: database + suffix)
                // The copy's pages on disk before the clock starts: else the import's first
                // checkpoint waits for the whole copy to be written back (tens of seconds under load).
                try Self.flush(database + suffix)
            }
            let store = try FootprintStore.open(at: database, mode: .readWrite)
            let cpuBefore = GPXImportTask.processCPUMilliseconds()
            let (time, result) = try timeRuns(1) {
                try store.importPlaces(
                    from: URL(fileURLWithPath: input), options: ImportOptions(source: "second.csv"), progress: { _ in })
            }
            cpuTimes.append(GPXImportTask.processCPUMilliseconds() - cpuBefore)
            times += time
            summary = result
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times,
            extra: [
                ("rows", .number(Double(Self.rows))),
                ("merged", .number(Double(summary?.merged ?? 0))),
                ("inserted", .number(Double(summary?.inserted ?? 0))),
                ("expected_merged", .number(Double(copies))),
                ("expected_inserted", .number(Double(new))),
                ("min_cpu_ms", .number(BenchmarkRecord.rounded(cpuTimes.min() ?? .nan, 3))),
            ])
    }

    /// Writes the file at `path` to disk (`fsync`).
    static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchmarkError("\(path) could not be opened") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BenchmarkError("\(path) could not be written to disk") }
    }

    /// The CSV of the second source and how many of its rows are copies and new places.
    static func secondSource(_ dataset: Dataset) throws -> (text: String, copies: Int, new: Int) {
        let places = try peerPlaces(dataset)
        let stride = max(1, places.count / rows)
        var random = SplitMix64(seed: 16)
        var text = "id,name,lat,lon\n"
        text.reserveCapacity(rows * 48)
        var copies = 0
        var new = 0
        for row in 0..<min(rows, places.count) {
            let place = places[row * stride]
            // 0–30 m in a random direction (metres per degree: 111,320 × cos(latitude) east).
            let meters = Double(random.next() % 30_001) / 1000
            let angle = Double(random.next() % 360_000) / 1000 * .pi / 180
            let latitude = place.latitude + meters * cos(angle) / 111_320
            let longitude = place.longitude + meters * sin(angle) / (111_320 * cos(place.latitude * .pi / 180))
            let name: String
            if row % 10 == 9 {
                name = "새로 연 곳 \(row)"
                new += 1
            } else {
                name = respelled(place.name)
                copies += 1
            }
            text += "s\(row),\(name),\(String(format: "%.7f", latitude)),\(String(format: "%.7f", longitude))\n"
        }
        return (text, copies, new)
    }

    /// `name` with its spaces moved and punctuation added: its letters and digits unchanged.
    static func respelled(_ name: String) -> String {
        var characters = Array(name.filter { $0 != " " })
        guard characters.count >= 3 else { return String(characters) + "!" }
        characters.insert("·", at: characters.count - 1)
        characters.insert(" ", at: 2)
        return String(characters) + "!"
    }

    /// `places.csv`'s names and positions (`id,name,category,lon,lat,…`), in file order.
    static func peerPlaces(_ dataset: Dataset) throws -> [(name: String, latitude: Double, longitude: Double)] {
        let text = try String(contentsOf: dataset.folder.appendingPathComponent("places.csv"), encoding: .utf8)
        var places: [(name: String, latitude: Double, longitude: Double)] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 5, let longitude = Double(fields[3]), let latitude = Double(fields[4]) else {
                continue
            }
            places.append((String(fields[1]), latitude, longitude))
        }
        return places
    }
}

/// Sebastiano Vigna's SplitMix64: a deterministic 64-bit generator, the same sequence everywhere.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
