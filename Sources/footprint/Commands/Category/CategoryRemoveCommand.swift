import ArgumentParser
import FootprintStore

/// `footprint category remove NAME`: refused while entries use it.
struct CategoryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a category no log entry uses.")

    @ParentCommand var root: Footprint
    @Argument(help: "The category's name.") var name: String

    func run() throws {
        try root.openStore(.readWrite).removeCategory(named: name)
        Output.line("Category \(LogCategory.normalizedName(name)) removed.")
    }
}
