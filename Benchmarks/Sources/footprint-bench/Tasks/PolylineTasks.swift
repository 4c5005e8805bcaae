import FootprintGeo

/// `encode`: the whole GPS track to one encoded polyline at precision 5, as the peers'
/// `polyline.encode(track as (lat, lon), 5)` and PostGIS `ST_AsEncodedPolyline(line, 5)`;
/// `chars` and the first 12 hex digits of the string's SHA-1 must equal theirs.
struct PolylineEncodeTask: BenchmarkTask {
    let name = "encode"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let track = try dataset.track.get()
        let (times, encoded) = try timeRuns(runs.count(n: track.count)) { try Polyline.encode(track, precision: 5) }
        return BenchmarkRecord(
            task: name, n: track.count, timesMs: times,
            extra: [
                ("precision", .number(5)),
                ("chars", .number(Double(encoded.utf8.count))),
                ("sha1", .string(String(SHA1.hexDigest(encoded.utf8).prefix(12)))),
            ])
    }
}

/// `decode`: that string back to positions, as the peers' `polyline.decode(s, 5)`; `points` and
/// `max_abs_err_deg_first1000` (|Δlat| + |Δlon| over the first 1000 positions) as theirs.
struct PolylineDecodeTask: BenchmarkTask {
    let name = "decode"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let track = try dataset.track.get()
        let encoded = try Polyline.encode(track, precision: 5)
        let (times, decoded) = try timeRuns(runs.count(n: track.count)) { try Polyline.decode(encoded, precision: 5) }
        var error = 0.0
        for (a, b) in zip(decoded.prefix(1000), track.prefix(1000)) {
            error = max(error, abs(a.latitude - b.latitude) + abs(a.longitude - b.longitude))
        }
        return BenchmarkRecord(
            task: name, n: track.count, timesMs: times,
            extra: [
                ("points", .number(Double(decoded.count))),
                ("max_abs_err_deg_first1000", .number(BenchmarkRecord.rounded(error, 7))),
            ])
    }
}
