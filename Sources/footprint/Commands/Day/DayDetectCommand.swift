import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint day detect DATE [--stay-minutes M] [--stay-radius R]`: detects the day's stays
/// again, keeping the visits the user named, edited or removed.
struct DayDetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect", abstract: "Detect a day's stays as visits again.",
        discussion: "A stay is at least --stay-minutes within --stay-radius of where it began. Visits you named or "
            + "edited keep their name, place and note; visits you removed stay removed.")

    @ParentCommand var root: Footprint
    @Argument(help: "The local day, YYYY-MM-DD.") var date: String
    @OptionGroup var stay: StayArguments
    @OptionGroup var output: OutputOptions

    func run() throws {
        let options = try stay.options()
        let store = try root.openStore(.readWrite)
        let summary = try store.detectVisits(on: date, options: options)
        if output.json {
            Output.json(summary.json)
        } else {
            Output.line(summary.line)
        }
    }
}

extension VisitDetectionSummary {
    /// `2024-05-18: found 4, kept 1, new 3, still removed 0.`
    var line: String {
        "\(date): found \(found), kept \(kept), new \(new), still removed \(removed)."
    }

    /// `{date, found, kept, new, removed}`.
    var json: JSONValue {
        .object([
            ("date", .string(date)), ("found", .integer(Int64(found))), ("kept", .integer(Int64(kept))),
            ("new", .integer(Int64(new))), ("removed", .integer(Int64(removed))),
        ])
    }
}
