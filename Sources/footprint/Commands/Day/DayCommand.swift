import ArgumentParser

/// `footprint day …`: a local day's route, visits, photos and log.
struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day", abstract: "A day of the diary: its route, visits, photos and log.",
        subcommands: [DayExportCommand.self])
}
