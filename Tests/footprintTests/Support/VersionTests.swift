import FootprintTestSupport
import Foundation
import Testing

/// `footprint --version`: the release and the database schema, on stdout, exit 0, whatever else
/// the command line holds after it.
@Suite struct VersionTests {
    @Test func versionPrintsTheReleaseAndTheSchemaTheDatabaseGets() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        // The schema named is the last migration `init` applies to a new database.
        let directory = try TemporaryDirectory()
        let db = directory.file("v.sqlite").path
        #expect(try CLI.run(["--db", db, "init"]).status == 0)
        let applied = try InitCommandTests.sqlite(
            db, "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1"
        )
        .trimmingCharacters(in: .newlines)
        #expect(applied.hasPrefix("v"))
        #expect(result.stdout == "footprint 0.1.0 (database schema \(applied))\n")
    }

    @Test func versionOpensNoDatabase() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("none.sqlite").path
        let result = try CLI.run(["--db", db, "--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("footprint 0.1.0 "))
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
