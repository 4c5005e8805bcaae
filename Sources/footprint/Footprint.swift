import ArgumentParser

@main
struct Footprint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footprint",
        abstract: "A personal map diary: places, routes, Korean search and maps, offline.",
        subcommands: [
            InitCommand.self, ImportCommand.self, PlaceCommand.self, VisitCommand.self, SearchCommand.self,
            NearbyCommand.self, ExportCommand.self, GeoCommand.self,
        ])

    /// The database file, for every subcommand that opens one.
    @Option(name: .long, parsing: .unconditional, help: "The database file (default: $FOOTPRINT_DB, else ./footprint.sqlite).")
    var db: String?
}
