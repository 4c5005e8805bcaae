import FootprintTestSupport
import Foundation
import Testing

/// A database this process cannot write: read commands open it read-only and work, writing
/// commands fail with one sentence before touching it.
///
/// Permissions do not stop root, so as root the commands run as `nobody` (`setpriv`); as any
/// other user, the file modes alone apply.
@Suite(.serialized) struct ReadOnlyDatabaseTests {
    let directory: TemporaryDirectory
    let db: String
    let launcher: [String]
    /// What the read commands print while the database is writable.
    let reads: [[String]]
    let expected: [CLIResult]

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        let csv = directory.file("seed.csv")
        try ReliabilityFixtures.placesCSV(0..<50).write(to: csv, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "import", "places", csv.path, "--source", "rel"]).status == 0)
        launcher =
            geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let probe = ReliabilityFixtures.coordinate(7)
        reads = [
            ["--db", db, "search", ReliabilityFixtures.name(7)],
            ["--db", db, "nearby", "--at", "\(probe.lat),\(probe.lon)", "--k", "3"],
            ["--db", db, "place", "show", "8"],
        ]
        expected = try reads.map { try CLI.run($0) }
        // `nobody` must reach the file: the temporary folder is made only for its owner.
        chmod(directory.url.path, 0o777)
    }

    private func expectReadsWork() throws {
        for (arguments, expected) in zip(reads, expected) {
            let result = try ReliabilityFixtures.run(launcher: launcher, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == expected.stdout)
            #expect(expected.stdout.contains(ReliabilityFixtures.name(7)))
        }
    }

    private func expectWritesRefused(reason: String) throws {
        let sentence = "Error: \(db): The database cannot be changed: \(reason); commands that only read still work.\n"
        let writes: [[String]] = [
            ["--db", db, "place", "add", "--name", "새 장소", "--at", "37.5,127"],
            ["--db", db, "place", "remove", "3"],
            ["--db", db, "import", "places", directory.file("seed.csv").path, "--source", "other"],
            ["--db", db, "init"],
        ]
        for arguments in writes {
            let result = try ReliabilityFixtures.run(launcher: launcher, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == sentence, "\(arguments)")
            #expect(result.stdout == "")
        }
        #expect(try sqlite(db, "SELECT count(*) FROM places") == "50\n")
    }

    @Test func fileNotWritable() throws {
        chmod(db, 0o444)
        defer { chmod(db, 0o644) }
        try expectReadsWork()
        try expectWritesRefused(reason: "its file is not writable")
    }

    @Test func folderNotWritable() throws {
        chmod(db, 0o666)
        chmod(directory.url.path, 0o555)
        defer { chmod(directory.url.path, 0o755) }
        // No -wal or -shm beside the file, as the last writer to close leaves it (the read
        // commands above left an -shm and an empty -wal): SQLite cannot create the -shm it reads
        // a WAL database through, and the file is read as it is.
        #expect(ReliabilityFixtures.size(db + "-wal") == 0)
        try? FileManager.default.removeItem(atPath: db + "-wal")
        try? FileManager.default.removeItem(atPath: db + "-shm")
        try expectReadsWork()
        try expectWritesRefused(reason: "its folder \(directory.url.path) is not writable")
    }
}
