import FootprintGeo

/// One JSON line of the peer contract: `{"peer", "task", "n", "runs", "min_ms", "median_ms",
/// "ops_per_s", "kind", …extra, "dataset_n", "run_id"}`, rounded as the peers' `common.emit`.
struct BenchmarkRecord {
    var task: String
    /// The size of the task's input: track points or places.
    var n: Int
    /// Wall time of each run in milliseconds (`kind: "bulk"`: one run does the whole job).
    var timesMs: [Double]
    /// Correctness anchors and notes, in print order.
    var extra: [(key: String, value: JSONValue)] = []

    var minimumMs: Double { timesMs.min() ?? .nan }

    /// Python's `statistics.median`: the middle value, or the mean of the two middle ones.
    var medianMs: Double {
        let sorted = timesMs.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The line to print, with the fields every record of the run shares.
    func jsonLine(datasetN: Int?, runID: String?) -> String {
        let median = medianMs
        var members: [(key: String, value: JSONValue)] = [
            ("peer", .string("footprint")),
            ("task", .string(task)),
            ("n", .number(Double(n))),
            ("runs", .number(Double(timesMs.count))),
            ("min_ms", .number(Self.rounded(minimumMs, 3))),
            ("median_ms", .number(Self.rounded(median, 3))),
            ("ops_per_s", median > 0 ? .number(Self.rounded(Double(n) / (median / 1000), 1)) : .null),
            ("kind", .string("bulk")),
        ]
        members += extra
        members.append(("dataset_n", datasetN.map { .number(Double($0)) } ?? .null))
        members.append(("run_id", runID.map { .string($0) } ?? .null))
        return JSONValue.object(members).serialized()
    }

    /// Python's `round(value, digits)` for the magnitudes printed here.
    static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded(.toNearestOrEven) / scale
    }
}
