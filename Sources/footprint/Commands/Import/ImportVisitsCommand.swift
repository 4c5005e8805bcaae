import ArgumentParser
import FootprintGeo
import FootprintStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `footprint import visits FILE [--encoding …] [--source NAME] [--strict]`.
struct ImportVisitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visits",
        abstract: "Import visits from CSV; re-importing the same file adds nothing.",
        discussion: """
            The header needs arrived and either place_id or name, lat and lon; left, note and rating (1 to 5) \
            are read when present. place_id is the id of an imported place in its file (the id column of \
            import places), found in any source when only one has it, else written SOURCE:ID \
            (places.csv:p002), or #ID, the place's id in Footprint (the ID of place list, for a place added \
            with place add; a plain number is always a source id). A row with name, lat and lon is the nearest place of exactly that name within \
            100 m; with none, a place is added, recorded under this file's source so that a re-import finds \
            it again. Times are ISO 8601 as visit add reads them, with or without an offset (without: the \
            local zone).

            A visit is the same visit when its place, arrival and source (the file's name, or --source) are: \
            importing the file again adds nothing and updates what changed. Bad rows are skipped and listed \
            as FILE:LINE: Reason. on stderr; the exit status is still 0 unless --strict is given.
            """)

    @ParentCommand var root: Footprint
    @Argument(help: "The CSV file; `-` reads standard input (named <stdin>, also as the default source).")
    var file: String
    @Option(help: "utf-8, cp949, utf-16le or utf-16be (default: detected).") var encoding: ImportEncoding?
    @Option(parsing: .unconditional, help: "The source name visits are recorded under (default: the file's name).")
    var source: String?
    @Flag(help: "Fail and change nothing if any row is bad.") var strict = false
    @Flag(help: "No progress bar.") var quiet = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        let options = VisitImportOptions(encoding: encoding, source: source, strict: strict)
        // The file is checked before the database is opened, so a bad file creates no database.
        let importFile =
            file == "-"
            ? try VisitImportFile(
                descriptor: FileHandle.standardInput.fileDescriptor, name: StandardInput.name, options: options)
            : try VisitImportFile(path: file, options: options)
        let name = importFile.name
        let databaseExisted = FileManager.default.fileExists(atPath: root.databasePath)
        let bar = ProgressBar(enabled: !quiet && isatty(2) != 0)
        let summary: VisitImportSummary
        do {
            summary = try root.openStore(.create).importVisits(importFile) { bar.show($0) }
            bar.finish()
        } catch {
            bar.finish()
            // Nothing was imported: a database this command created goes too.
            if !databaseExisted {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: root.databasePath + suffix)
                }
            }
            throw error
        }
        if output.json {
            Output.json(summary.json)
        } else {
            var counts = "inserted \(summary.inserted), updated \(summary.updated), unchanged \(summary.unchanged), "
            counts += "skipped \(summary.skipped)"
            if summary.placesAdded > 0 { counts += ", places added \(summary.placesAdded)" }
            Output.line("\(name): \(counts)")
        }
        for row in summary.skippedRows { Output.error("\(name):\(row).") }
        if summary.skipped > summary.skippedRows.count {
            Output.error("\(name): \(summary.skipped - summary.skippedRows.count) more rows were skipped.")
        }
    }
}

extension VisitImportSummary {
    /// The `--json` form: counts, then the skipped rows with line and reason.
    var json: JSONValue {
        .object([
            ("source", .string(source)),
            ("format", .string("csv")),
            ("encoding", .string(encoding.rawValue)),
            ("inserted", .integer(Int64(inserted))),
            ("updated", .integer(Int64(updated))),
            ("unchanged", .integer(Int64(unchanged))),
            ("skipped", .integer(Int64(skipped))),
            ("places_added", .integer(Int64(placesAdded))),
            (
                "skipped_rows",
                .array(
                    skippedRows.map { row in
                        .object([("line", .integer(Int64(row.line))), ("reason", .string(row.reason))])
                    })
            ),
        ])
    }
}
