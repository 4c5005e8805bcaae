import ArgumentParser

/// `footprint day …`.
struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day", abstract: "A day's timeline: detected stays, statistics and exports.",
        subcommands: [DayDetectCommand.self])
}
