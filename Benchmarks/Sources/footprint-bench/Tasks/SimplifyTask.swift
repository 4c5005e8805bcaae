import FootprintGeo

/// `simplify_dp`: Douglas–Peucker of the whole GPS track at 1e-5 planar degrees, as shapely's
/// `line.simplify(1e-5, preserve_topology=False)` and PostGIS `ST_Simplify(line, 1e-5)`;
/// `out_points` must equal theirs (276,579 at N = 1,000,000; 27,507 at 100,000).
struct SimplifyTask: BenchmarkTask {
    let name = "simplify_dp"
    /// The peers' tolerance.
    let toleranceDegrees = 1e-5

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let line = LineString(unchecked: try dataset.track.get())
        let (times, simplified) = try timeRuns(runs.count(n: line.coordinates.count)) {
            try line.simplified(toleranceDegrees: toleranceDegrees)
        }
        return BenchmarkRecord(
            task: name, n: line.coordinates.count, timesMs: times,
            extra: [
                ("tolerance_deg", .number(toleranceDegrees)),
                ("out_points", .number(Double(simplified.coordinates.count))),
            ])
    }
}
