import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint day set DATE [--score 1-100] [--weather W] [--sleep-minutes N] [--mood '#RRGGBB'] [--note N]`.
struct DaySetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set how a day went; fields not given keep their value.",
        discussion: "An empty text (--weather \"\") clears that field.")

    @ParentCommand var root: Footprint
    @Argument(help: "The local date, YYYY-MM-DD.") var date: String
    @Option(parsing: .unconditional, help: "A score from 1 to 100.") var score: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "The weather, in your words.") var weather: String?
    @Option(name: .customLong("sleep-minutes"), parsing: .unconditional, help: "How long you slept, in minutes.")
    var sleepMinutes: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "A colour for the mood, #RRGGBB.") var mood: String?
    @Option(parsing: .unconditional, help: "A note.") var note: String?
    @OptionGroup var output: OutputOptions

    /// A usage error (exit 64) when nothing is given to set, as `place edit` does.
    func validate() throws {
        if score == nil, weather == nil, sleepMinutes == nil, mood == nil, note == nil {
            throw ValidationError("Give something to set: --score, --weather, --sleep-minutes, --mood or --note.")
        }
    }

    func run() throws {
        let store = try root.openStore(.readWrite)
        let day = try store.setDay(
            date, score: score?.value(of: "score"), weather: weather,
            sleepMinutes: sleepMinutes?.value(of: "sleep minutes"),
            moodColor: mood, note: note)
        if output.json {
            Output.json(.array([.object([("date", .string(day.date))] + Self.members(Day.json(day)))]))
        } else {
            Output.line("Day \(day.date) set.")
        }
    }

    private static func members(_ value: JSONValue) -> [(key: String, value: JSONValue)] {
        if case .object(let members) = value { return members }
        return []
    }
}
