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
    @Option(
        name: .customLong("stay-minutes"), parsing: .unconditional, help: "The shortest stay in minutes (default 10).")
    var stayMinutes: DecimalArgument?
    @Option(name: .customLong("stay-radius"), parsing: .unconditional, help: "The stay radius in metres (default 100).")
    var stayRadius: DecimalArgument?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let options = try StayOptions(
            minimumDurationSeconds: try stayMinutes.map { try $0.value(of: "stay-minutes") * 60 }
                ?? StayOptions.defaultMinimumDurationSeconds,
            radiusMeters: try stayRadius?.value(of: "stay-radius") ?? StayOptions.defaultRadiusMeters)
        let store = try root.openStore(.readWrite)
        let summary = try store.detectVisits(on: date, options: options)
        if output.json {
            Output.json(
                .object([
                    ("date", .string(summary.date)), ("found", .integer(Int64(summary.found))),
                    ("kept", .integer(Int64(summary.kept))), ("new", .integer(Int64(summary.new))),
                    ("removed", .integer(Int64(summary.removed))),
                ]))
        } else {
            Output.line(
                "\(summary.date): found \(summary.found), kept \(summary.kept), new \(summary.new), "
                    + "still removed \(summary.removed).")
        }
    }
}
