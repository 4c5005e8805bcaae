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
