import ArgumentParser

/// `footprint photo …`.
struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Photos of the diary.", subcommands: [PhotoAddCommand.self])
}
