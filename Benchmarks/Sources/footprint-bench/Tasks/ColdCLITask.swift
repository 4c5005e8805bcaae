import Foundation

/// `cli_nearby_cold`: a new `footprint nearby --at LAT,LON --radius 1000 --json` process on the
/// shared database, as users run it (start-up, opening the file, the query, the JSON), timed from
/// spawn to exit; the centres are the first `batch` radius centres. Runs only when
/// `FOOTPRINT_CLI` names the built executable (tools/peers-extra.sh sets it). The `sqlite3`
/// shell with `mod_spatialite` takes ~40 ms for the same query here.
struct ColdCLITask: BenchmarkTask {
    let name = "cli_nearby_cold"
    let batch = 50

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        guard let executable = ProcessInfo.processInfo.environment["FOOTPRINT_CLI"] else {
            throw BenchmarkError("set FOOTPRINT_CLI to the footprint executable to run \(name)")
        }
        _ = try BenchmarkDatabase.shared(dataset)
        let database = BenchmarkDatabase.path!
        let centers = try Array(Queries(folder: dataset.folder).radiusCenters.prefix(batch))
        let (totals, operations, results) = try timeBatch(centers, runs: runs.count(n: dataset.placeCount)) { center in
            try Self.run(
                executable,
                [
                    "--db", database, "nearby", "--at", "\(center.latitude),\(center.longitude)", "--radius", "1000",
                    "--limit", "20", "--json",
                ])
        }
        guard results.allSatisfy({ $0 == 0 }) else { throw BenchmarkError("\(executable) nearby failed") }
        return BenchmarkRecord(
            task: name, n: dataset.placeCount, runTotalsMs: totals, operationTimesMs: operations, batch: centers.count)
    }

    /// posix_spawn and waitpid, stdout and stderr to /dev/null: Foundation's `Process` adds tens of
    /// milliseconds of its own on Linux (it waits on a run loop). The exit status.
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        try spawn(executable, arguments).status
    }

    /// ``run(_:_:)`` with the child's peak resident set in KiB (`wait4`'s `ru_maxrss`).
    static func spawn(_ executable: String, _ arguments: [String]) throws -> (status: Int32, peakKB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else {
            throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        var exit: Int32 = 0
        var usage = rusage()
        wait4(pid, &exit, 0, &usage)
        return ((exit >> 8) & 0xFF, Int(usage.ru_maxrss))
    }
}
