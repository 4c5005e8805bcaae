import ArgumentParser

/// `footprint visit …`.
struct VisitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visit", abstract: "Record visits to places.", subcommands: [VisitAddCommand.self])
}
