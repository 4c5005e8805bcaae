import ArgumentParser

/// `footprint log …`.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Write, list, show and remove a day's log entries.",
        subcommands: [LogAddCommand.self, LogListCommand.self, LogShowCommand.self, LogRemoveCommand.self])
}
