import FootprintTestSupport
import Foundation
import Testing

/// `init` and a first `import` started at the same moment on a file that does not exist yet.
@Suite struct InitCommandTests {
    /// `sqlite3 FILE SQL`'s output.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The schema as `sqlite_master` holds it and the applied migrations, one per line.
    static func schema(_ path: String) throws -> String {
        try sqlite(path, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            + sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    @Test func racingInitsAndImportsAllSucceedWithOneSchema() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.file("places.csv")
        try "name,lat,lon\n서울숲,37.5444,127.0374\n".write(to: csv, atomically: true, encoding: .utf8)
        let alone = directory.file("alone.sqlite").path
        #expect(try CLI.run(["--db", alone, "init"]).status == 0)
        let reference = try Self.schema(alone)
        #expect(reference.contains("|places|places|CREATE TABLE places"))

        // Several rounds, each on a new file, so that the processes meet at every step of the
        // creation: the switch to WAL, the SpatiaLite metadata, each migration.
        for round in 0..<6 {
            let db = directory.file("race\(round).sqlite").path
            let commands: [[String]] = [
                ["--db", db, "init"], ["--db", db, "import", "places", csv.path, "--quiet"], ["--db", db, "init"],
                ["--db", db, "import", "places", csv.path, "--quiet"], ["--db", db, "init"], ["--db", db, "init"],
            ]
            let results = Results(count: commands.count)
            DispatchQueue.concurrentPerform(iterations: commands.count) { index in
                results.set(index, try? CLI.run(commands[index]))
            }
            for (command, result) in zip(commands, results.all) {
                #expect(result?.status == 0, "round \(round): \(command): \(result?.stderr ?? "did not run")")
            }
            #expect(try Self.schema(db) == reference, "round \(round)")
            // Equal to the reference: each table, index and trigger once, each migration named once.
            #expect(try Self.sqlite(db, "SELECT count(*) = count(DISTINCT identifier) FROM grdb_migrations") == "1\n")
            #expect(try Self.sqlite(db, "SELECT name FROM places") == "서울숲\n", "round \(round)")
        }
    }
}

/// The results the concurrent runs hand back, one slot each.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [CLIResult?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: CLIResult?) { lock.withLock { slots[index] = result } }
    var all: [CLIResult?] { lock.withLock { slots } }
}

/// `init` in a folder that does not exist.
@Suite struct InitFolderTests {
    /// Said in one sentence with the folder to create (SQLite's "unable to open database file"
    /// said neither what nor where); the folder is not created behind the user's back.
    @Test func aMissingFolderIsNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("trips/2024/diary.sqlite").path
        let folder = directory.file("trips/2024").path
        let result = try CLI.run(["--db", path, "init"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: \(path): The folder \(folder) does not exist; create it first (mkdir -p \(folder)).\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
        // A bare file name is in the current folder, which exists.
        #expect(try CLI.run(["--db", "diary.sqlite", "init"], directory: directory.url).status == 0)
    }
}
