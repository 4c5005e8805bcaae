import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint export places --format geojson [-o FILE]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export data as documents other tools read.", subcommands: [Places.self])

    struct Places: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "places",
            abstract: "Every place as an RFC 7946 GeoJSON FeatureCollection (streamed; stdout unless -o).")

        enum Format: String, ExpressibleByArgument, CaseIterable { case geojson }

        @ParentCommand var root: Footprint
        @Option(help: "The document format.") var format: Format = .geojson
        @Option(name: .shortAndLong, help: "Write to FILE (atomically) instead of stdout.") var output: String?
        @Option(parsing: .unconditional, help: "Decimal digits of coordinates.") var decimals = WholeNumberArgument(6)

        func run() throws {
            let decimals = try self.decimals.value(of: "decimals")
            guard (0...17).contains(decimals) else {
                throw FootprintGeoError.invalidArgument(
                    name: "decimals", value: String(decimals), reason: "use 0 to 17")
            }
            let store = try root.openStore(.readOnly)
            try DocumentOutput.writing(to: output, protecting: root.databasePath) { document in
                try store.exportPlaces(encoder: GeoJSONEncoder(decimals: decimals)) { try document.write($0) }
            }
        }
    }
}
