import ArgumentParser

/// `footprint visit …`.
struct VisitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visit", abstract: "Record, list, edit and remove visits to places.",
        subcommands: [VisitAddCommand.self, VisitListCommand.self, VisitEditCommand.self, VisitRemoveCommand.self])
}
