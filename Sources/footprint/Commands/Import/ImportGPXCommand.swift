import ArgumentParser
import FootprintGeo
import FootprintStore
import Foundation

/// `footprint import gpx FILE|- [--tz ZONE] [--date DATE] [--max-hdop H] [--source NAME] [--json]`.
struct ImportGPXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpx",
        abstract: "Import a GPX file's tracks, routes and waypoints; re-importing the same file changes nothing.",
        discussion: """
            Each track (trk) is stored with its points, segments kept apart, and filed under every local day \
            its points fall on (a track crossing midnight belongs to both days), in --tz: an IANA zone such \
            as Asia/Seoul or an offset such as +09:00 (default: the system's zone); each point keeps the \
            offset of its time. Times without a zone are UTC, as GPX says. Untimed points are undated unless \
            --date gives their day. Routes (rte) are stored as undated tracks; waypoints (wpt) become places \
            of the source (the file's name, or --source), whose fields set with place edit are kept.

            The noise filter marks, and keeps stored, points with an hdop above --max-hdop (20), lone points \
            reached and left faster than 300 km/h while their neighbours are not, and points repeating the \
            previous time; a track whose times do not advance is kept whole with a warning.

            Then the stays of every day the import changed are detected as visits (as day detect does: \
            at least --stay-minutes within --stay-radius of where the stay began), keeping the visits you \
            named, edited or removed. A re-import that changes nothing detects nothing again.

            A malformed, truncated or hostile file (a DOCTYPE, an entity) is refused as FILE:LINE:COLUMN: \
            Reason. and nothing is imported; a point whose lat or lon is out of range or not a number is \
            skipped and listed with its line while the rest imports (a file of only such points is refused).
            """)

    @ParentCommand var root: Footprint
    @Argument(help: "The GPX file; “-” reads standard input (named <stdin>, also as the default source).")
    var file: String
    @Option(
        name: .customLong("tz"), parsing: .unconditional,
        help: "The zone of the local days: an IANA name (Asia/Seoul) or ±HH:MM (default: the system's zone).")
    var timeZone: String?
    @Option(help: "The day (YYYY-MM-DD) of untimed track points (default: they stay undated).")
    var date: String?
    @Option(name: .customLong("max-hdop"), parsing: .unconditional, help: "Points with a larger hdop are noise.")
    var maximumHDOP: DecimalArgument?
    @Option(parsing: .unconditional, help: "The source name tracks and waypoints are recorded under.")
    var source: String?
    @OptionGroup var stay: StayArguments
    @OptionGroup var output: OutputOptions

    func run() throws {
        let stayOptions = try stay.options()
        let zone = try timeZone.map(TrackTimeZone.init) ?? .system
        let options = try GPXImportOptions(
            timeZone: zone, date: date, maximumHDOP: try maximumHDOP?.value(of: "--max-hdop") ?? 20,
            source: source)
        // The file is opened before the database, so a missing file creates no database.
        let importFile =
            file == "-"
            ? try GPXImportFile(descriptor: FileHandle.standardInput.fileDescriptor)
            : try GPXImportFile(path: file)
        let name = importFile.name
        let databaseExisted = FileManager.default.fileExists(atPath: root.databasePath)
        let summary: GPXImportSummary
        let store: FootprintStore
        do {
            store = try root.openStore(.create)
            summary = try store.importGPX(importFile, options: options)
        } catch {
            // Nothing was imported: a database this command created goes too.
            if !databaseExisted {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: root.databasePath + suffix)
                }
            }
            throw error
        }
        // The stays of the days whose points changed; undated points have no day to detect in.
        let detections =
            summary.changedNothing ? [] : try store.detectVisits(onDates: summary.days, options: stayOptions)
        if output.json {
            Output.json(summary.json(visits: detections))
        } else {
            for line in summary.lines { Output.line("\(name): \(line)") }
            if !detections.isEmpty {
                func total(_ count: (VisitDetectionSummary) -> Int) -> Int { detections.map(count).reduce(0, +) }
                Output.line(
                    "\(name): stays found \(total(\.found)), new \(total(\.new)), kept \(total(\.kept)), "
                        + "still removed \(total(\.removed))")
            }
        }
        for problem in summary.skippedPointProblems { Output.error(problem.description(in: name)) }
        if summary.skippedPoints > summary.skippedPointProblems.count {
            Output.error(
                "\(name): \(summary.skippedPoints - summary.skippedPointProblems.count) more points were skipped.")
        }
        for row in summary.skippedWaypoints { Output.error("\(name):\(row).") }
        for track in summary.stalledTracks {
            let named = track.name.map { " “\($0)”" } ?? ""
            Output.error(
                "\(name):\(track.line): The times of the track\(named) do not advance (\(track.points) points within "
                    + "1 s): it was kept whole, without the noise filter's time rules.")
        }
    }
}

extension GPXImportSummary {
    /// The text summary, one line each: what was imported, the points and their noise, the days.
    var lines: [String] {
        func counts(_ counts: Counts) -> String {
            "inserted \(counts.inserted), updated \(counts.updated), unchanged \(counts.unchanged)"
        }
        var waypointText = "waypoints \(counts(waypoints))"
        if waypointsKeptRemoved > 0 { waypointText += ", kept removed \(waypointsKeptRemoved)" }
        if waypointsKeptEdits > 0 { waypointText += ", kept edits \(waypointsKeptEdits)" }
        var lines = [
            "tracks \(counts(tracks)); routes \(counts(routes)); \(waypointText)",
            "points \(counts(points)), skipped \(skippedPoints); noise: hdop \(noiseCount(.hdop)), "
                + "speed spikes \(noiseCount(.speedSpike)), duplicate times \(noiseCount(.duplicateTime))",
        ]
        if !days.isEmpty { lines.append("days \(days.joined(separator: ", "))") }
        if changedNothing { lines.append("nothing changed: the file was imported before as it is") }
        return lines
    }

    /// The `--json` form, with the stays detected afterwards.
    func json(visits detections: [VisitDetectionSummary]) -> JSONValue {
        func counts(_ counts: Counts) -> JSONValue {
            .object([
                ("inserted", .integer(Int64(counts.inserted))), ("updated", .integer(Int64(counts.updated))),
                ("unchanged", .integer(Int64(counts.unchanged))),
            ])
        }
        return .object([
            ("source", .string(source)),
            ("tracks", counts(tracks)),
            ("routes", counts(routes)),
            ("points", counts(points)),
            ("waypoints", counts(waypoints)),
            ("waypoints_kept_removed", .integer(Int64(waypointsKeptRemoved))),
            ("waypoints_kept_edits", .integer(Int64(waypointsKeptEdits))),
            (
                "noise",
                .object([
                    ("hdop", .integer(Int64(noiseCount(.hdop)))),
                    ("speed_spike", .integer(Int64(noiseCount(.speedSpike)))),
                    ("duplicate_time", .integer(Int64(noiseCount(.duplicateTime)))),
                ])
            ),
            ("skipped_points", .integer(Int64(skippedPoints))),
            (
                "skipped_rows",
                .array(
                    skippedPointProblems.map { problem in
                        .object([
                            ("line", .integer(Int64(problem.line))), ("column", .integer(Int64(problem.column))),
                            ("reason", .string("The <\(problem.kind.elementName)> was skipped: \(problem.reason)")),
                        ])
                    }
                        + skippedWaypoints.map { row in
                            .object([("line", .integer(Int64(row.line))), ("reason", .string(row.reason))])
                        })
            ),
            (
                "stalled_tracks",
                .array(
                    stalledTracks.map { track in
                        .object([
                            ("line", .integer(Int64(track.line))), ("name", track.name.map(JSONValue.string) ?? .null),
                            ("points", .integer(Int64(track.points))),
                        ])
                    })
            ),
            ("days", .array(days.map(JSONValue.string))),
            ("changed", .bool(!changedNothing)),
            ("visits", .array(detections.map(\.json))),
        ])
    }
}
