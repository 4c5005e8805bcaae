import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint day export DATE --format geojson|gpx|polyline|svg [-o FILE] [--simplify M]
/// [--precision N] [--until DATE] [--no-privacy]`: read-only.
struct DayExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a day's route, visits and photos, privacy zones masked.",
        discussion: """
            geojson: one RFC 7946 FeatureCollection — the route (a LineString, or a MultiLineString with one \
            part per GPX segment and per privacy cut), visits and photos as Points — with the day's log as \
            the foreign member "day" ("days" for a range); 6 decimals unless --precision. \
            gpx: GPX 1.1, visits as wpt, one trk a day with a trkseg per route part. \
            polyline: one encoded polyline per route part, one a line, precision 5 unless --precision 6. \
            svg: the day's map, as `render map --day` draws it (800x600). \
            Points in and near a privacy zone are dropped and the route is cut there; visits and photos \
            inside are left out (--no-privacy turns this off). The database is only read.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case geojson, gpx, polyline, svg }

    @ParentCommand var root: Footprint
    @Argument(help: "The local date, YYYY-MM-DD.") var date: String
    @Option(help: "The document format.") var format: Format
    @Option(name: .shortAndLong, help: "Write to FILE (atomically) instead of stdout.") var output: String?
    @Option(parsing: .unconditional, help: "Simplify each route part with this tolerance in metres.")
    var simplify: DecimalArgument?
    @Option(
        parsing: .unconditional,
        help: "Decimal places of positions (geojson 6, polyline 5; gpx: as stored).")
    var precision: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "Export every day from DATE through this date.") var until: String?
    @Flag(help: "Do not mask privacy zones for this export.") var noPrivacy = false

    func run() throws {
        let decimals = try resolvedPrecision()
        let tolerance = try simplify?.value(of: "simplify tolerance")
        if let tolerance, !(tolerance.isFinite && tolerance >= 0) {
            throw FootprintGeoError.invalidArgument(
                name: "simplify tolerance", value: simplify?.text ?? "",
                reason: "give a finite number of metres, 0 or more")
        }
        let store = try root.openStore(.readOnly)
        let mask = noPrivacy ? nil : try store.privacyMask()
        let export = try store.dayExport(
            from: date, through: until ?? date,
            options: DayExport.Options(
                decimals: decimals, simplifyMeters: tolerance, mask: mask, pointDetails: format == .gpx))
        let bytes: [UInt8]
        switch format {
        case .geojson: bytes = try export.geoJSON(decimals: decimals ?? 6)
        case .gpx: bytes = export.gpx()
        case .polyline: bytes = try export.polylines(precision: decimals ?? 5)
        case .svg:
            bytes = try DayMap.svg(export, mask: mask, basemap: RenderSources.basemap(), width: 800, height: 600)
        }
        try DocumentOutput.writing(to: output, protecting: root.databasePath) { try $0.write(bytes) }
        if export.isEmpty {
            let dates = export.first == export.last ? export.first : "\(export.first) to \(export.last)"
            Output.error("Nothing is stored for \(dates); the export is empty.")
        }
    }

    /// The decimals asked for, checked against the format's range; `nil` for GPX by default.
    func resolvedPrecision() throws -> Int? {
        let range: ClosedRange<Int> = format == .polyline ? Polyline.precisions : 0...17
        guard let precision else { return format == .geojson ? 6 : format == .polyline ? 5 : nil }
        let value = try precision.value(of: "precision")
        guard range.contains(value) else {
            throw FootprintGeoError.invalidArgument(
                name: "precision", value: String(value),
                reason: "use \(range.lowerBound) to \(range.upperBound) decimals for \(format.rawValue)")
        }
        return value
    }
}
