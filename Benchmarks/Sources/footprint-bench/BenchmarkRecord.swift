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
    /// For `kind: "batch"`: how many operations one run issued, and every operation's time.
    var batch: Int? = nil
    var operationTimesMs: [Double] = []

    /// A batch record (the peers' `common.emit_batch`): `runTotalsMs` are the runs' wall times,
    /// `operationTimesMs` every single operation's; min/median are per operation.
    init(task: String, n: Int, runTotalsMs: [Double], operationTimesMs: [Double], batch: Int,
        extra: [(key: String, value: JSONValue)] = [])
    {
        self.task = task
        self.n = n
        self.timesMs = runTotalsMs
        self.operationTimesMs = operationTimesMs
        self.batch = batch
        self.extra = extra
    }

    init(task: String, n: Int, timesMs: [Double], extra: [(key: String, value: JSONValue)] = []) {
        self.task = task
        self.n = n
        self.timesMs = timesMs
        self.extra = extra
    }

    var minimumMs: Double { (timesMs.min() ?? .nan) / Double(batch ?? 1) }

    /// Python's `statistics.median`: the middle value, or the mean of the two middle ones.
    var medianMs: Double {
        let sorted = timesMs.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return median / Double(batch ?? 1)
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
        ]
        if let batch {
            let operations = operationTimesMs.sorted()
            members += [
                ("ops_per_s", median > 0 ? .number(Self.rounded(1000 / median, 1)) : .null),
                ("kind", .string("batch")),
                ("batch", .number(Double(batch))),
                ("p50_op_ms", operations.isEmpty ? .null : .number(Self.rounded(operations[operations.count / 2], 4))),
                ("p99_op_ms", operations.isEmpty ? .null : .number(Self.rounded(operations[Int(Double(operations.count) * 0.99)], 4))),
            ]
        } else {
            members += [
                ("ops_per_s", median > 0 ? .number(Self.rounded(Double(n) / (median / 1000), 1)) : .null),
                ("kind", .string("bulk")),
            ]
        }
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
