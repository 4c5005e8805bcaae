import ArgumentParser
import FootprintGeo
import FootprintStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `footprint import …`: bring places (and, elsewhere, tracks) in from files.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import places from CSV, GeoJSON, Naver or Kakao files, visits from CSV, tracks from GPX.",
        subcommands: [ImportPlacesCommand.self, ImportVisitsCommand.self, ImportGPXCommand.self])
}

extension ImportFormat: ExpressibleByArgument {}
extension ImportEncoding: ExpressibleByArgument {
    /// `utf-8` (or `utf8`), `cp949` (or `euc-kr`, `uhc`, `ms949`: CP949 reads EUC-KR too),
    /// `utf-16le` (or `utf-16`), `utf-16be`; a UTF-16 byte-order mark decides the byte order.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "cp949", "euc-kr", "euckr", "uhc", "ms949": self = .cp949
        case "utf-16", "utf16", "utf-16le", "utf16le": self = .utf16LE
        case "utf-16be", "utf16be": self = .utf16BE
        default: return nil
        }
    }
}

/// `footprint import places FILE [--format …] [--crs CRS] [--encoding …] [--source NAME] [--strict]`.
struct ImportPlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Import places; re-importing a source updates its places and never duplicates them.",
        discussion: """
            CSV needs a header with name and lat/lon (or x/y with --crs); id, category, tags, likes, address, \
            road_address, phone and note are read when present, under their English or Korean names \
            (이름, 위도, 경도, 카테고리, 태그, 주소 …). With --crs, x/y (X/Y, as ogr2ogr's GEOMETRY=AS_XY \
            writes them) are read in that CRS, x the easting or longitude: --crs EPSG:4326 for degrees, \
            EPSG:5186 or tm128 for metres; a geographic CRS also applies to lat/lon columns.

            Bad rows — a missing name or position, a repeated id, a control character in the name — are \
            skipped and listed as FILE:LINE: Reason. on stderr. A bad optional value (likes of 3.7) costs \
            that value only: the place is imported without it and the line is listed as a warning. The exit \
            status is still 0 unless --strict is given, which fails the whole import on any bad row or value.

            Encodings: UTF-8, CP949 and UTF-16 (with a byte-order mark, or told by its NUL bytes) are \
            detected; text that is not UTF-8 is reported with its line and column.

            FILE - reads standard input (named <stdin>, which is also the default --source); its format \
            is --format, else told from the content.

            A row new to its source that has the same name as a place of another source within 50 m \
            (--match-radius; spaces, punctuation and case aside, a branch such as 성수역점 kept), or is that \
            place's brand plus a branch within 15 m, is merged into it and counted as merged: the fields the \
            place lacks are filled, tags joined, the larger likes kept; its name and category stay.

            Fields set with place add/edit keep their values (counted as kept edits) unless \
            --overwrite-edits is given. Kakao and Naver places are recorded under the source kakao or \
            naver whatever the file's name. A CSV or GeoJSON file is recorded under its name; a row that \
            would move a place of that source more than 5 km or rename it beyond recognition is left \
            alone and counted as a conflict (the file looks like another one of the same name): give \
            --source NAME, or --replace to accept the changes.
            """)

    @ParentCommand var root: Footprint
    @Argument(help: "The file to import; “-” reads standard input (named <stdin>, also as the default source).")
    var file: String
    @Option(help: "csv, geojson, naver or kakao (default: from the file's name, else its content).")
    var format: ImportFormat?
    @Option(
        parsing: .unconditional,
        help:
            "The CRS of a CSV's x/y columns, such as EPSG:5186, tm128 or EPSG:4326 (default: lat/lon in WGS84 degrees)."
    )
    var crs: String?
    @Option(help: "utf-8, cp949, utf-16le or utf-16be (default: detected).") var encoding: ImportEncoding?
    @Option(
        parsing: .unconditional,
        help: "The source name places are recorded under (default: kakao, naver, or the file's name).")
    var source: String?
    @Flag(help: "Fail and change nothing if any row or value is bad.") var strict = false
    @Flag(help: "Take the file's values for fields set with place add/edit, and forget those edits.")
    var overwriteEdits = false
    @Flag(help: "Accept rows that move a place of the file's source more than 5 km or rename it.")
    var replace = false
    @Option(
        name: .customLong("match-radius"), parsing: .unconditional,
        help:
            "Merge a new place into a place of another source with the same name within M metres (0: never; default 50)."
    )
    var matchRadius: Double = 50
    @Option(
        name: .customLong("batch-seconds"), parsing: .unconditional,
        help:
            "Hold the write lock at most about S seconds a batch, search index included, so other processes' edits wait at most about that long (1 while others edit the database; a slower import). Default: batches of rows alone, the fastest import when nothing else writes."
    )
    var batchSeconds: Double?
    @Flag(help: "No progress bar.") var quiet = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let batchSeconds, !(batchSeconds >= 0 && batchSeconds <= 3600) {
            throw ValidationError(
                "The --batch-seconds value \(batchSeconds) is invalid: give seconds from 0 to 3600, such as 0.5.")
        }
    }

    func run() throws {
        var options = ImportOptions(format: format, encoding: encoding, crs: crs, source: source, strict: strict)
        (options.overwriteEdits, options.replace) = (overwriteEdits, replace)
        options.matchRadiusMeters = matchRadius
        if let batchSeconds { options.maximumBatchSeconds = batchSeconds > 0 ? batchSeconds : nil }
        // The file is checked before the database is opened, so a bad file creates no database.
        let importFile =
            file == "-"
            ? try PlaceImportFile(
                descriptor: FileHandle.standardInput.fileDescriptor, name: StandardInput.name, options: options)
            : try PlaceImportFile(path: file, options: options)
        let name = importFile.name
        let databaseExisted = FileManager.default.fileExists(atPath: root.databasePath)
        let bar = ProgressBar(enabled: !quiet && isatty(2) != 0)
        let summary: ImportSummary
        do {
            summary = try root.openStore(.create).importPlaces(importFile) { bar.show($0) }
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
            if summary.merged > 0 { counts += ", merged \(summary.merged)" }
            if summary.keptRemoved > 0 { counts += ", kept removed \(summary.keptRemoved)" }
            if summary.warnings > 0 { counts += ", warnings \(summary.warnings)" }
            if summary.keptEdits > 0 { counts += ", kept edits \(summary.keptEdits)" }
            if summary.conflicts > 0 { counts += ", conflicts \(summary.conflicts)" }
            Output.line("\(name): \(counts)")
        }
        for row in summary.skippedRows { Output.error("\(name):\(row).") }
        if summary.skipped > summary.skippedRows.count {
            Output.error("\(name): \(summary.skipped - summary.skippedRows.count) more rows were skipped.")
        }
        for warning in summary.warningRows { Output.error("\(name):\(warning).") }
        if summary.warnings > summary.warningRows.count {
            Output.error("\(name): \(summary.warnings - summary.warningRows.count) more values were left out.")
        }
        reportConflicts(summary, name: name)
    }

    /// The first few conflicting rows as `FILE:LINE: Reason.`, then one sentence on what to do.
    private func reportConflicts(_ summary: ImportSummary, name: String) {
        guard summary.conflicts > 0 else { return }
        let listed = summary.conflictRows.prefix(Self.listedConflicts)
        for row in listed { Output.error("\(name):\(row).") }
        if summary.conflicts > listed.count {
            Output.error("\(name): \(summary.conflicts - listed.count) more rows conflict.")
        }
        let rows = summary.conflicts == 1 ? "1 row" : "\(summary.conflicts) rows"
        let left = summary.conflicts == 1 ? "was left as it was" : "were left as they were"
        Output.error(
            "\(name): The file looks like another source than the places already imported as “\(summary.source)” "
                + "(\(rows) would move a place more than 5 km or rename it beyond recognition, and \(left)): "
                + "give --source NAME to import it as a source of its own, or --replace to accept the changes.")
    }

    /// Conflicting rows listed one by one; the rest are counted.
    static let listedConflicts = 5
}

extension ImportSummary {
    /// The `--json` form: counts, the skipped rows with line, JSON path and reason, the
    /// warnings, `merged` and the merged rows with the place each went into, then `kept_edits`,
    /// `conflicts` and the conflicting rows in the skipped rows' form.
    var json: JSONValue {
        .object([
            ("source", .string(source)),
            ("format", .string(format.rawValue)),
            ("encoding", .string(encoding.rawValue)),
            ("inserted", .integer(Int64(inserted))),
            ("updated", .integer(Int64(updated))),
            ("unchanged", .integer(Int64(unchanged))),
            ("kept_removed", .integer(Int64(keptRemoved))),
            ("skipped", .integer(Int64(skipped))),
            ("skipped_rows", .array(skippedRows.map(\.json))),
            ("warnings", .integer(Int64(warnings))),
            ("warning_rows", .array(warningRows.map(\.json))),
            ("merged", .integer(Int64(merged))),
            ("merged_rows", .array(mergedRows.map(\.json))),
            ("kept_edits", .integer(Int64(keptEdits))),
            ("conflicts", .integer(Int64(conflicts))),
            ("conflict_rows", .array(conflictRows.map(\.json))),
        ])
    }
}

extension MergedRow {
    /// `{"line":…,"path":…,"source_id":…,"place_id":…}`: the row and the place it went into.
    var json: JSONValue {
        .object([
            ("line", .integer(Int64(line))),
            ("path", jsonPath.map(JSONValue.string) ?? .null),
            ("source_id", .string(sourceID)),
            ("place_id", .integer(placeID)),
        ])
    }
}

extension SkippedRow {
    /// `{"line":…,"path":…,"reason":…}`.
    var json: JSONValue {
        .object([
            ("line", .integer(Int64(line))),
            ("path", jsonPath.map(JSONValue.string) ?? .null),
            ("reason", .string(reason)),
        ])
    }
}

extension RowWarning {
    /// `{"line":…,"path":…,"reason":…}`, as a skipped row.
    var json: JSONValue {
        .object([
            ("line", .integer(Int64(line))),
            ("path", jsonPath.map(JSONValue.string) ?? .null),
            ("reason", .string(reason)),
        ])
    }
}

/// A one-line progress bar on stderr, redrawn at most 10 times a second.
final class ProgressBar {
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: ImportProgress) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || progress.committed else { return }
        lastDraw = now
        var line = "\r"
        if let fraction = progress.fraction {
            let width = 30
            let filled = Int(fraction * Double(width))
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += String(format: "%3.0f%% ", fraction * 100)
        }
        line += "\(progress.rowsRead) rows"
        if progress.skipped > 0 { line += ", \(progress.skipped) skipped" }
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }
}
