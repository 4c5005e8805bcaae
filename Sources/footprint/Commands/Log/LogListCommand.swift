import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint log list [--day DATE] [--category C]`. Read-only.
struct LogListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List log entries by date.")

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "Only this local date, YYYY-MM-DD.") var day: String?
    @Option(parsing: .unconditional, help: "Only this category.") var category: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let entries = try root.openStore(.readOnly).logEntries(on: day, category: category)
        if output.json {
            Output.jsonArray(entries, json: \.json)
            return
        }
        var table = Table("ID", "DATE", "CATEGORY", "WALK", "TITLE")
        for entry in entries { table.append(entry.tableCells) }
        for line in table.lines() { Output.line(line) }
    }
}
