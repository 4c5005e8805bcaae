import FootprintGeo
import FootprintHangul
import FootprintStore
import Foundation
import GRDB

/// The shared database with its search index up to date (the import leaves its rows pending;
/// folding them is a rebuild, untimed here and timed by `search_index_build`).
enum SearchDatabase {
    nonisolated(unsafe) static var ready = false

    static func store(_ dataset: Dataset) throws -> FootprintStore {
        _ = try BenchmarkDatabase.shared(dataset)
        if !ready {
            try FootprintStore.open(at: BenchmarkDatabase.path!, mode: .readWrite).updateSearchIndex()
            ready = true
        }
        return try FootprintStore.open(at: BenchmarkDatabase.path!, mode: .readOnly)
    }

    /// The names of `places.csv` (column 2; the peers' generator writes no quotes), spaces kept.
    static func names(_ dataset: Dataset) throws -> [String] {
        let url = dataset.folder.appendingPathComponent("places.csv")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BenchmarkError("cannot read \(url.path)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            return fields.count > 1 ? String(fields[1]) : ""
        }
    }

    /// How many names contain each term with spaces removed from both (Footprint's substring
    /// semantics) and as written (the peers' `LIKE '%term%'` and trigram `MATCH`), summed over the
    /// terms: every name's substrings of each term length counted once, keyed by their packed
    /// scalars (terms of up to 3 scalars of 21 bits).
    static func scanCounts(_ terms: [String], names: [String]) -> (spacesIgnored: Int, asWritten: Int) {
        func key<S: Collection>(_ scalars: S) -> UInt64 where S.Element == UInt32 {
            scalars.reduce(UInt64(0)) { $0 << 21 | UInt64($1) }
        }
        let lengths = Set(terms.map { $0.unicodeScalars.count })
        precondition(lengths.allSatisfy { $0 <= 3 }, "scan counts take terms of up to 3 scalars")
        func counts(stripping: Bool) -> Int {
            var wanted: [UInt64: Int] = [:]
            for term in terms { wanted[key(term.unicodeScalars.map(\.value)), default: 0] += 1 }
            var total = 0
            var seen = Set<UInt64>()
            for name in names {
                let scalars = name.unicodeScalars.map(\.value).filter { !stripping || $0 != 0x20 }
                seen.removeAll(keepingCapacity: true)
                for length in lengths where length <= scalars.count {
                    for start in 0...(scalars.count - length) {
                        let packed = key(scalars[start..<(start + length)])
                        if let times = wanted[packed], seen.insert(packed).inserted { total += times }
                    }
                }
            }
            return total
        }
        return (counts(stripping: true), counts(stripping: false))
    }
}

/// `search_index_build`: `search_names` rebuilt from the 1M names (FTS5 `'rebuild'` with the
/// `footprint chosung` tokenizer), next to the peers' `fts5_trigram_build` done the same way on
/// the same file (`CREATE VIRTUAL TABLE … tokenize='trigram'` + `'rebuild'`), with both sizes
/// from `dbstat`.
struct SearchIndexBuildTask: BenchmarkTask {
    let name = "search_index_build"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        _ = try SearchDatabase.store(dataset)
        let path = BenchmarkDatabase.path!
        let store = try FootprintStore.open(at: path, mode: .readWrite)
        let count = runs.count(n: dataset.placeCount, heavy: true)
        let (times, _) = try timeRuns(count) { try store.rebuildSearchIndex(.names) }
        let (textTimes, _) = try timeRuns(1) { try store.rebuildSearchIndex(.text) }
        let size = try store.searchIndexSize()
        // The peers' table, built as bench_spatialite.py does, on a plain connection.
        let queue = try DatabaseQueue(path: path)
        var trigramTimes: [Double] = []
        var trigramBytes = 0
        for _ in 0..<count {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "DROP TABLE IF EXISTS peer_trigram") }
            let (time, _) = try timeRuns(1) {
                try queue.writeWithoutTransaction { db in
                    try db.execute(
                        sql: """
                            CREATE VIRTUAL TABLE peer_trigram USING fts5(name, content='places', content_rowid='id', tokenize='trigram');
                            INSERT INTO peer_trigram(peer_trigram) VALUES ('rebuild');
                            """)
                }
            }
            trigramTimes += time
        }
        try queue.read { db in
            trigramBytes =
                try Int.fetchOne(
                    db, sql: "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'peer\\_trigram\\_%' ESCAPE '\\'") ?? 0
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "DROP TABLE peer_trigram") }
        try queue.close()
        let trigram = BenchmarkRecord(task: "", n: 0, timesMs: trigramTimes)
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, timesMs: times,
            extra: [
                ("name_index_bytes", .number(Double(size.nameBytes))),
                ("trigram_bytes", .number(Double(trigramBytes))),
                (
                    "size_ratio",
                    .number(BenchmarkRecord.rounded(Double(size.nameBytes) / Double(max(1, trigramBytes)), 3))
                ),
                ("trigram_median_ms", .number(BenchmarkRecord.rounded(trigram.medianMs, 3))),
                (
                    "time_ratio",
                    .number(
                        BenchmarkRecord.rounded(
                            BenchmarkRecord(task: "", n: 0, timesMs: times).medianMs / trigram.medianMs, 3))
                ),
                ("text_index_build_ms", .number(BenchmarkRecord.rounded(textTimes[0], 3))),
                ("text_index_bytes", .number(Double(size.textBytes))),
            ])
    }
}

/// `fts_2syl` / `fts_3syl`: every place whose name contains the term (spaces ignored on both
/// sides), all ids fetched — `placeIDs(nameContaining:)`, the index's substring look-up. The
/// peers: `like_2syl_fullscan` (a scan, 100 terms) and `fts5_trigram_3syl`. `scan_hits` is a
/// plain scan with spaces removed (must equal `total_hits`); `as_written_hits` counts
/// `name.contains(term)`, the peers' semantics.
struct SubstringTask: BenchmarkTask {
    let name: String
    /// The two-syllable terms (`like2`), else the three-syllable ones (`fts3`).
    let twoSyllables: Bool

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        let terms = try Queries(folder: dataset.folder).terms(twoSyllables: twoSyllables)
        let (totals, operations, results) = try timeBatch(terms, runs: runs.count(n: dataset.placeCount)) {
            try store.placeIDs(nameContaining: $0).count
        }
        let hits = results.reduce(0, +)
        let scan = SearchDatabase.scanCounts(terms, names: try SearchDatabase.names(dataset))
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations, batch: terms.count,
            extra: [
                ("total_hits", .number(Double(hits))),
                ("avg_rows", .number(BenchmarkRecord.rounded(Double(hits) / Double(max(1, results.count)), 1))),
                ("scan_hits", .number(Double(scan.spacesIgnored))),
                ("as_written_hits", .number(Double(scan.asWritten))),
            ])
    }
}

/// `search_ranked_near`: the full ranked search, top 20, near the i-th radius centre, for the
/// 1000 three-syllable terms (`_2syl`: the two-syllable ones) — index look-ups, every candidate
/// read and judged, scored (BM25 length factor, proximity, popularity, recency), places read —
/// on one connection; `partner_p50_op_ms` is the median with the second connection on.
struct RankedSearchTask: BenchmarkTask {
    let name: String
    /// The two-syllable terms (`like2`), else the three-syllable ones (`fts3`).
    let twoSyllables: Bool

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        let queries = try Queries(folder: dataset.folder)
        let arguments = zip(queries.terms(twoSyllables: twoSyllables), queries.radiusCenters).map {
            SearchQuery($0, near: $1, limit: 20)
        }
        // One connection: the figure a one-core machine or a busy server gets.
        store.setSearchPartner(enabled: false)
        let (totals, operations, results) = try timeBatch(arguments, runs: runs.count(n: dataset.placeCount)) {
            try store.search($0).count
        }
        var extra: [(key: String, value: JSONValue)] = [("total_results", .number(Double(results.reduce(0, +))))]
        // With the second connection (``SearchPartner``) on the other core, when there is one.
        if ProcessInfo.processInfo.activeProcessorCount >= 2 {
            store.setSearchPartner(enabled: true)
            let (partnerTotals, partnerOperations, _) = try timeBatch(arguments, runs: 1) { try store.search($0).count }
            _ = partnerTotals
            let sorted = partnerOperations.sorted()
            extra.append(("partner_p50_op_ms", .number(BenchmarkRecord.rounded(sorted[sorted.count / 2], 4))))
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: arguments.count, extra: extra)
    }
}

/// `search_chosung`: ranked top-20 search for the 초성 (chosung — initial consonants) of the 1000
/// three-syllable terms (`늘식당` → `ㄴㅅㄷ`).
struct ChosungSearchTask: BenchmarkTask {
    let name = "search_chosung"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        let arguments = try Queries(folder: dataset.folder).threeSyllableTerms.map {
            SearchQuery(Chosung.of($0), limit: 20)
        }
        let (totals, operations, results) = try timeBatch(arguments, runs: runs.count(n: dataset.placeCount)) {
            try store.search($0).count
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: arguments.count,
            extra: [("total_results", .number(Double(results.reduce(0, +))))])
    }
}

extension Queries {
    func terms(twoSyllables: Bool) -> [String] { twoSyllables ? twoSyllableTerms : threeSyllableTerms }
}
