import FootprintHangul
import FootprintStore
import Foundation

/// `search_typo`: ranked top-20 search for the 1000 three-syllable terms (`fts3`), each with one
/// neighbouring-key slip on the 2-set layout (a keystroke chosen by the term's index, replaced by
/// its first neighbour that still composes to three syllables: `늘식당` → `늘식덩`), on one
/// connection. `recall`: the share of terms whose untyped search's first place is in the typed
/// one's top 20 (terms whose untyped search finds nothing are left out of it).
struct TypoSearchTask: BenchmarkTask {
    let name = "search_typo"

    /// `term` with one neighbouring key replaced, from keystroke `seed` on; `nil` when no slip
    /// keeps three syllables.
    static func typo(of term: String, seed: Int) -> String? {
        let keys = Array(DubeolsikKeyboard.keystrokes(of: term).unicodeScalars)
        guard !keys.isEmpty else { return nil }
        for offset in 0..<keys.count {
            let index = (seed + offset) % keys.count
            for neighbour in DubeolsikKeyboard.neighbours(of: keys[index]) {
                var typed = keys
                typed[index] = neighbour
                let text = HangulComposer.compose(String(String.UnicodeScalarView(typed)))
                if text != term, text.unicodeScalars.count == term.unicodeScalars.count,
                    text.unicodeScalars.allSatisfy({ HangulSyllable($0) != nil })
                {
                    return text
                }
            }
        }
        return nil
    }

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        store.setSearchPartner(enabled: false)
        let terms = try Queries(folder: dataset.folder).threeSyllableTerms
        var pairs: [(typed: String, expected: Int64?)] = []
        for (index, term) in terms.enumerated() {
            guard let typed = Self.typo(of: term, seed: index * 7) else { continue }
            pairs.append((typed, try store.search(SearchQuery(term, limit: 1)).first?.place.id))
        }
        let arguments = pairs.map { SearchQuery($0.typed, limit: 20) }
        let (totals, operations, results) = try timeBatch(arguments, runs: runs.count(n: dataset.placeCount)) {
            try store.search($0).map { $0.place.id! }
        }
        // FOOTPRINT_BENCH_TRACE=F: one line per query in F — its fastest wall time of the runs, its
        // least thread CPU time of three more searches (ms; CPU holds on a loaded machine), the
        // query, the result count: how the slow queries were found.
        if let trace = ProcessInfo.processInfo.environment["FOOTPRINT_BENCH_TRACE"] {
            var lines = ""
            func cpu() -> Double {
                var spec = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
                return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
            }
            for (index, pair) in pairs.enumerated() {
                let times = stride(from: index, to: operations.count, by: pairs.count).map { operations[$0] }
                var best = Double.infinity
                for _ in 0..<3 {
                    let start = cpu()
                    _ = try store.search(arguments[index])
                    best = min(best, cpu() - start)
                }
                lines += "\(times.min()!)\t\(best)\t\(pair.typed)\t\(results[index].count)\n"
            }
            try lines.write(toFile: trace, atomically: true, encoding: .utf8)
        }
        var found = 0
        var judged = 0
        for (pair, ids) in zip(pairs, results) {
            guard let expected = pair.expected else { continue }
            judged += 1
            if ids.contains(expected) { found += 1 }
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: arguments.count,
            extra: [
                ("recall", .number(BenchmarkRecord.rounded(Double(found) / Double(max(judged, 1)), 4))),
                ("recall_terms", .number(Double(judged))),
                ("total_results", .number(Double(results.reduce(0) { $0 + $1.count }))),
            ])
    }
}

/// `search_abbrev`: ranked top-20 search for 1000 two-syllable abbreviations made from the
/// peers' names — the first and third syllables of the first Hangul word of three syllables or
/// more in every 997th name (`민름다스튜디오` → `민다`) — on one connection. `recall`: the share
/// whose top 20 holds a place whose name has that word.
struct AbbreviationSearchTask: BenchmarkTask {
    let name = "search_abbrev"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        store.setSearchPartner(enabled: false)
        let names = try SearchDatabase.names(dataset)
        var pairs: [(abbreviation: String, word: String)] = []
        var index = 0
        while pairs.count < 1000 && index < names.count * 4 {
            let name = names[index % names.count]
            index += 997
            guard
                let word = name.split(separator: " ").first(where: { word in
                    word.count >= 3 && word.unicodeScalars.allSatisfy { HangulSyllable($0) != nil }
                })
            else { continue }
            let syllables = Array(word)
            pairs.append((String([syllables[0], syllables[2]]), String(word)))
        }
        let arguments = pairs.map { SearchQuery($0.abbreviation, limit: 20) }
        let (totals, operations, results) = try timeBatch(arguments, runs: runs.count(n: dataset.placeCount)) {
            try store.search($0).map(\.place.name)
        }
        let found = zip(pairs, results).filter { pair, names in names.contains { $0.contains(pair.word) } }.count
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: arguments.count,
            extra: [
                ("recall", .number(BenchmarkRecord.rounded(Double(found) / Double(max(pairs.count, 1)), 4))),
                ("total_results", .number(Double(results.reduce(0) { $0 + $1.count }))),
            ])
    }
}
