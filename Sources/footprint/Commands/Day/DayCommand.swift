import ArgumentParser

/// `footprint day …`.
struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "A day of the diary: its log, statistics, detected stays, photos, entries and exports.",
        subcommands: [
            DaySetCommand.self, DayListCommand.self, DayShowCommand.self, DayDetectCommand.self, DayExportCommand.self,
        ])
}
