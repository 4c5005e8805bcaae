/// Runs `body` `runs` times and returns each run's wall time in milliseconds and the last
/// result, as the peers' `common.time_bulk` (only `body` is timed).
func timeRuns<Result>(_ runs: Int, _ body: () throws -> Result) rethrows -> (timesMs: [Double], result: Result) {
    let clock = ContinuousClock()
    var times: [Double] = []
    var result: Result?
    for _ in 0..<max(1, runs) {
        // The previous result is released before the next run starts, so a run never pays for
        // freeing the last one's output.
        result = nil
        let start = clock.now
        let value = try body()
        let elapsed = clock.now - start
        result = value
        let (seconds, attoseconds) = elapsed.components
        times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
    return (times, result!)
}

/// Calls `operation` on every argument, `runs` times, as the peers' `common.time_batch`: returns
/// each run's total, every operation's time (ms) and the last run's results. One untimed warm-up
/// pass over the first 100 arguments comes first, as the peers' `warm`.
func timeBatch<Argument, Result>(_ arguments: [Argument], runs: Int, _ operation: (Argument) throws -> Result) rethrows
    -> (runTotalsMs: [Double], operationTimesMs: [Double], results: [Result])
{
    for argument in arguments.prefix(100) { _ = try operation(argument) }
    let clock = ContinuousClock()
    func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
    var totals: [Double] = []
    var operations: [Double] = []
    var results: [Result] = []
    for _ in 0..<max(1, runs) {
        results = []
        results.reserveCapacity(arguments.count)
        let runStart = clock.now
        for argument in arguments {
            let start = clock.now
            results.append(try operation(argument))
            operations.append(milliseconds(clock.now - start))
        }
        totals.append(milliseconds(clock.now - runStart))
    }
    return (totals, operations, results)
}
