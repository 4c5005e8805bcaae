import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint category add NAME --color '#RRGGBB'`.
struct CategoryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a category of log entries.")

    @ParentCommand var root: Footprint
    @Argument(help: "The category's name.") var name: String
    @Option(parsing: .unconditional, help: "Its colour, #RRGGBB.") var color: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let category = try root.openStore(.readWrite).addCategory(name: name, color: color)
        if output.json {
            Output.json(.array([CategoryListCommand.json(category)]))
        } else {
            Output.line("Category \(category.name) (\(color)) added.")
        }
    }
}
