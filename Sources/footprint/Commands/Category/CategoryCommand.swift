import ArgumentParser

/// `footprint category …`.
struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category", abstract: "The categories of log entries, each with a colour.",
        subcommands: [CategoryAddCommand.self, CategoryListCommand.self, CategoryRemoveCommand.self])
}
