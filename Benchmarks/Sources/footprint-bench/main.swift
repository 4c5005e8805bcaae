import FootprintGeo
import Foundation

// footprint-bench [DATASET] [--only TASK,TASK…]
//
// Runs Footprint's side of the peer benchmarks on a dataset made by shared/peers/gen_data.py
// (the folder from the argument, else $PEERS_DATA) and prints one JSON line per task on stdout,
// in the peers' contract; progress and errors go to stderr. Exit status 1 when a task failed.

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let environment = ProcessInfo.processInfo.environment
var arguments = Array(CommandLine.arguments.dropFirst())
// One of the processes of `search_throughput`, started by it.
if arguments.first == "--search-worker" {
    do {
        try SearchWorker.run(Array(arguments.dropFirst()))
        exit(0)
    } catch {
        standardError("footprint-bench: \(error)")
        exit(1)
    }
}
// One of the readers of `readers_during_import`, started by it.
if arguments.first == "--reader-worker" {
    do {
        try ReaderWorker.run(Array(arguments.dropFirst()))
        exit(0)
    } catch {
        standardError("footprint-bench: \(error)")
        exit(1)
    }
}
var only: Set<String>?
if let flag = arguments.firstIndex(of: "--only"), flag + 1 < arguments.count {
    only = Set(arguments[flag + 1].split(separator: ",").map(String.init))
    arguments.removeSubrange(flag...(flag + 1))
}
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: footprint-bench [DATASET] [--only TASK,…]   (DATASET defaults to $PEERS_DATA)")
    print("tasks: " + BenchmarkTasks.all.map(\.name).joined(separator: " "))
    exit(0)
}
guard let folder = arguments.first ?? environment["PEERS_DATA"] else {
    standardError("footprint-bench: give the dataset folder as an argument or in PEERS_DATA.")
    exit(2)
}

let dataset: Dataset
do {
    dataset = try Dataset(folder: URL(fileURLWithPath: folder))
} catch {
    standardError("footprint-bench: \(error)")
    exit(2)
}
let runs = RunCounts(environment: environment)
let runID = environment["PEERS_RUN_ID"]
var failed = false
standardError("[footprint] n=\(dataset.placeCount) track=\(dataset.trackPointCount) data=\(folder)")
for task in BenchmarkTasks.all where only?.contains(task.name) ?? true {
    do {
        let record = try task.measure(on: dataset, runs: runs)
        // Unbuffered, so a crash in a later task still leaves the earlier lines in the results.
        FileHandle.standardOutput.write(Data((record.jsonLine(datasetN: dataset.placeCount, runID: runID) + "\n").utf8))
        let median = BenchmarkRecord.rounded(record.medianMs, 3)
        standardError(
            "  footprint  \(task.name.padding(toLength: 24, withPad: " ", startingAt: 0)) "
                + "min \(BenchmarkRecord.rounded(record.minimumMs, 3)) ms  median \(median) ms")
    } catch {
        failed = true
        standardError("  footprint  \(task.name) failed: \(error)")
    }
}
if let path = BenchmarkDatabase.path, !BenchmarkDatabase.isGiven { BenchmarkDatabase.remove(path) }
exit(failed ? 1 : 0)
