import FootprintTestSupport
import Foundation
import Testing

/// Editors racing a bulk import (issue #17's concurrency case, in seconds): `place add` runs
/// over and over in two processes at a time while `import places` commits its batches, and not
/// one of them may fail, least of all with "database is locked" — with `--batch-seconds 1` (the
/// setting for an import while others edit: batches of at most a second, search index included)
/// and `--batch-seconds 0.5`.
@Suite struct WriterRaceTests {
    /// An import's options and rows: several seconds of batches in a debug build, so that a
    /// waiter retrying only every 100 ms (SQLite's timeout, which SpatiaLite installs) would
    /// seldom meet the 3 ms the importer leaves the lock free between batches, and give up; and,
    /// at one second, an import of several one-second batches, so that an edit waiting for the
    /// whole import (batches sized by rows alone did that) shows in its wait. An edit waits for
    /// its own start-up and about one batch, so the import must last more than twice that on a
    /// fast machine too: at 20,000 rows an import on a loaded machine took 2.5 s, and an edit's
    /// start-up and one batch (1.9 s) came to more than half of it; at 40,000 rows and one-second
    /// batches a quiet machine imported in 1.76 s while an edit waited 1.26 s (2026-11-25).
    static let imports: [([String], Int)] = [
        (["--batch-seconds", "1"], 120_000), (["--batch-seconds", "0.5"], 80_000),
    ]

    @Test(arguments: imports) func editsDuringAnImportAllGoThrough(options: [String], rows: Int) throws {
        let directory = try TemporaryDirectory()
        let csv = directory.file("places.csv")
        try ReliabilityFixtures.placesCSV(0..<rows).write(to: csv, atomically: true, encoding: .utf8)
        let db = directory.file("race.sqlite").path
        #expect(try CLI.run(["--db", db, "init"]).status == 0)

        let importer = Process()
        importer.executableURL = CLI.executable
        importer.arguments = ["--db", db, "import", "places", csv.path, "--quiet"] + options
        importer.standardOutput = FileHandle.nullDevice
        let importErrors = Pipe()
        importer.standardError = importErrors
        let importStarted = Date()
        try importer.run()

        let failures = RaceLog()
        let editors = (0..<2).map { editor in
            Thread {
                var number = 0
                // Until the import ends, then one more: every edit but the last raced it.
                while true {
                    let running = importer.isRunning
                    number += 1
                    let name = "경합 \(editor)-\(number)"
                    let at = String(format: "%.4f,127.6", 37.0 + Double(editor * 1000 + number) * 0.001)
                    // No merging: the edits must each add a place, and the matcher's look-up is
                    // not what is raced here.
                    let started = Date()
                    let result = try? CLI.run(
                        ["--db", db, "place", "add", "--name", name, "--at", at, "--match-radius", "0"])
                    failures.record(name: name, during: running, seconds: Date().timeIntervalSince(started), result)
                    if !running { break }
                }
                failures.finished.signal()
            }
        }
        editors.forEach { $0.start() }
        editors.forEach { _ in failures.finished.wait() }
        importer.waitUntilExit()
        let importSeconds = Date().timeIntervalSince(importStarted)
        let importStderr = String(decoding: importErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(importer.terminationStatus == 0, "\(importStderr)")
        #expect(failures.failed.isEmpty, "\(failures.failed.prefix(3))")
        // The race must have happened for the test to mean anything.
        #expect(failures.raced >= 4, "only \(failures.raced) edits ran during the import")
        // An edit waits for about one batch, not for the import: a second or so, while the import
        // takes several (the budget is wall-clock time, so a loaded machine lengthens both alike).
        #expect(
            failures.longestWait < importSeconds / 2,
            "an edit took \(failures.longestWait) s during an import of \(importSeconds) s")
        let listing = try CLI.run(["--db", db, "place", "list", "--all", "--json"])
        for name in failures.added {
            #expect(listing.stdout.contains("\"\(name)\""), "\(name) is missing")
        }
        let imported = try CLI.run(["--db", db, "search", ReliabilityFixtures.name(rows - 1), "--limit", "1"])
        #expect(imported.stdout.contains(ReliabilityFixtures.name(rows - 1)))
    }
}

/// What the editor threads saw.
private final class RaceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    private var names: [String] = []
    private var during = 0
    private var longest = 0.0
    let finished = DispatchSemaphore(value: 0)

    func record(name: String, during running: Bool, seconds: Double, _ result: CLIResult?) {
        lock.withLock {
            if running {
                during += 1
                longest = max(longest, seconds)
            }
            if let result, result.status == 0 {
                names.append(name)
            } else {
                failures.append("\(name): \(result.map { "exit \($0.status): \($0.stderr)" } ?? "did not run")")
            }
        }
    }

    var failed: [String] { lock.withLock { failures } }
    var added: [String] { lock.withLock { names } }
    var raced: Int { lock.withLock { during } }
    /// The longest an edit that began during the import took, in seconds.
    var longestWait: Double { lock.withLock { longest } }
}
