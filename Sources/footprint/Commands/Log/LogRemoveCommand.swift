import ArgumentParser
import FootprintStore

/// `footprint log remove ID`.
struct LogRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a log entry; its photos stay.")

    @ParentCommand var root: Footprint
    @Argument(help: "The entry's id.") var id: Int64

    func run() throws {
        try root.openStore(.readWrite).removeLogEntry(id: id)
        Output.line("Log entry \(id) removed.")
    }
}
