import FootprintTestSupport
import Foundation
import Testing

/// An import that runs out of space fails with one sentence and leaves the database as its last
/// commit had it. Without privileges, a file size limit (`prlimit --fsize`, the CLI ignores
/// SIGXFSZ) makes SQLite's writes fail the way a full disk does (`EFBIG`, a short write).
@Suite struct DiskFullTests {
    @Test func importOutOfSpaceFailsInOneSentenceAndKeepsEveryEarlierRow() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        let seed = directory.file("seed.csv")
        let more = directory.file("more.csv")
        try ReliabilityFixtures.placesCSV(0..<300).write(to: seed, atomically: true, encoding: .utf8)
        try ReliabilityFixtures.placesCSV(300..<20_300).write(to: more, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "import", "places", seed.path, "--source", "rel"]).status == 0)
        let before = try sqlite(db, "SELECT count(*), sum(id), group_concat(name, '') FROM places")

        // Room for the WAL to grow 1 MB: the 20,000 rows need several.
        let limit = ReliabilityFixtures.size(db) + 1_000_000
        let full = try ReliabilityFixtures.run(
            launcher: ["/usr/bin/prlimit", "--fsize=\(limit)", "--"],
            ["--db", db, "import", "places", more.path, "--source", "rel"])
        #expect(full.status == 1)
        #expect(full.stdout == "")
        let fullDisk =
            "Error: \(db): The disk is full and the database could not be written; the changes committed before "
            + "are kept — free some space and run the command again.\n"
        let failedWrite =
            "Error: \(db): The write to the database failed (disk I/O error); the changes committed before are "
            + "kept — check the disk's free space and run the command again.\n"
        #expect(full.stderr == fullDisk || full.stderr == failedWrite, "\(full.stderr)")

        #expect(try sqlite(db, "PRAGMA integrity_check") == "ok\n")
        #expect(try sqlite(db, "SELECT count(*), sum(id), group_concat(name, '') FROM places") == before)
        let probe = ReliabilityFixtures.coordinate(217)
        let nearby = try CLI.run(["--db", db, "nearby", "--at", "\(probe.lat),\(probe.lon)", "--k", "1", "--json"])
        #expect(nearby.stdout.contains(#""name":"\#(ReliabilityFixtures.name(217))""#), "\(nearby)")
        let search = try CLI.run(["--db", db, "search", ReliabilityFixtures.name(123), "--limit", "1", "--json"])
        #expect(search.stdout.contains(#""name":"\#(ReliabilityFixtures.name(123))""#), "\(search)")

        // With room again, the same import completes it, and nothing is there twice.
        let again = try CLI.run(["--db", db, "import", "places", more.path, "--source", "rel"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try sqlite(db, "SELECT count(*), count(DISTINCT source || '/' || source_id) FROM places") == "20300|20300\n"
        )
        #expect(try sqlite(db, "PRAGMA integrity_check") == "ok\n")
    }
}
