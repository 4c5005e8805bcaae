import ArgumentParser

/// `footprint privacy …`: the zones every export masks.
struct PrivacyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "privacy", abstract: "Privacy zones: areas no export shows.",
        subcommands: [PrivacyAddCommand.self, PrivacyListCommand.self, PrivacyRemoveCommand.self])
}
