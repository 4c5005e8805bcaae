import FootprintGeo
import FootprintStore
import Foundation

/// `search_fields`: ranked top-20 searches that find places by a field other than the name, for
/// every category and tag of `places.csv` (12 and 30 in the peers' data, each held by 30,000 to
/// 240,000 places): the word alone (the other fields read best rank first), the word near the
/// i-th radius centre (every place holding it judged), and for a tag `#tag` (the `tags` column).
/// The extra fields are the median of each kind.
struct FieldSearchTask: BenchmarkTask {
    let name = "search_fields"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let store = try SearchDatabase.store(dataset)
        let centers = try Queries(folder: dataset.folder).radiusCenters
        let (categories, tags) = try Self.categoriesAndTags(dataset)
        var arguments: [(kind: String, query: SearchQuery)] = []
        for (index, word) in (categories + tags).enumerated() {
            let kind = index < categories.count ? "category" : "tag"
            arguments.append((kind, SearchQuery(word, limit: 20)))
            arguments.append((kind + "_near", SearchQuery(word, near: centers[index % centers.count], limit: 20)))
            if kind == "tag" { arguments.append(("tag_hash", SearchQuery("#" + word, limit: 20))) }
        }
        store.setSearchPartner(enabled: false)
        let (totals, operations, results) = try timeBatch(arguments, runs: runs.count(n: dataset.placeCount)) {
            try store.search($0.query).count
        }
        var extra: [(key: String, value: JSONValue)] = [("total_results", .number(Double(results.reduce(0, +))))]
        for kind in ["category", "category_near", "tag", "tag_near", "tag_hash"] {
            let times = operations.enumerated().filter { arguments[$0.offset % arguments.count].kind == kind }
                .map(\.element).sorted()
            extra.append(("\(kind)_p50_op_ms", .number(BenchmarkRecord.rounded(times[times.count / 2], 4))))
        }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations,
            batch: arguments.count, extra: extra)
    }

    /// The distinct categories and tags of `places.csv` (columns `category` and `tags`, `|`-joined;
    /// the peers' generator writes no quotes), most frequent first.
    static func categoriesAndTags(_ dataset: Dataset) throws -> (categories: [String], tags: [String]) {
        let url = dataset.folder.appendingPathComponent("places.csv")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BenchmarkError("cannot read \(url.path)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) ?? []
        guard let categoryColumn = header.firstIndex(of: "category"), let tagsColumn = header.firstIndex(of: "tags")
        else { throw BenchmarkError("\(url.path) has no category or tags column") }
        var categories: [String: Int] = [:]
        var tags: [String: Int] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > max(categoryColumn, tagsColumn) else { continue }
            if !fields[categoryColumn].isEmpty { categories[String(fields[categoryColumn]), default: 0] += 1 }
            for tag in fields[tagsColumn].split(separator: "|") { tags[String(tag), default: 0] += 1 }
        }
        func ordered(_ counts: [String: Int]) -> [String] {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        }
        return (ordered(categories), ordered(tags))
    }
}
