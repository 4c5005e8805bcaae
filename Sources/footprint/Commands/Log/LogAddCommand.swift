import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint log add DATE --title T [--body B] [--category C] [--walk-minutes N] [--place ID]… [--photo ID]…`.
struct LogAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Write a log entry for a day.")

    @ParentCommand var root: Footprint
    @Argument(help: "The local date, YYYY-MM-DD.") var date: String
    @Option(parsing: .unconditional, help: "The entry's title.") var title: String
    @Option(parsing: .unconditional, help: "Its text.") var body: String?
    @Option(parsing: .unconditional, help: "A category (see “footprint category list”).") var category: String?
    @Option(name: .customLong("walk-minutes"), parsing: .unconditional, help: "How long the walk was, in minutes.")
    var walkMinutes: WholeNumberArgument?
    @Option(name: .customLong("place"), help: "A place it is about (repeatable).") var places: [Int64] = []
    @Option(name: .customLong("photo"), help: "A photo of it (repeatable).") var photos: [Int64] = []
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readWrite)
        let entry = try store.addLogEntry(
            NewLogEntry(
                date: date, title: title, body: body, category: category,
                walkMinutes: walkMinutes?.value(of: "walk minutes"), placeIDs: places, photoIDs: photos))
        if output.json {
            Output.json(.array([entry.json]))
        } else {
            Output.line("Log entry \(entry.id) on \(entry.date): \(entry.title)")
        }
    }
}
