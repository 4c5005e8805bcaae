import ArgumentParser

/// `footprint geo …`: geodesy, tiles, polylines, simplification, projections and GeoJSON checks
/// that need no database.
struct GeoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geometry tools that need no database.",
        subcommands: [
            GeoDistanceCommand.self, GeoDestinationCommand.self, GeoTileCommand.self, GeoPolylineCommand.self,
            GeoSimplifyCommand.self, GeoTransformCommand.self, GeoValidateCommand.self,
        ])
}
