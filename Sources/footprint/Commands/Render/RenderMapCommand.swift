import ArgumentParser
import FootprintGeo
import FootprintRender
import FootprintStore
import Foundation

/// `footprint render map (--day DATE [--until DATE] | --places | --bbox W,S,E,N | --geojson FILE)
/// [--size WxH] [--no-privacy] -o FILE.svg`.
struct RenderMapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw a static SVG map of a day, your places, an area, or a GeoJSON file.",
        discussion: """
            --day draws the day's route (its parts never joined), its visits with their names \
            and its photos (--until: every day through that date), as `day export --format svg`. \
            --places draws every place (filtered by --visited, --tag, --category), fitted to the \
            map; --bbox draws the places and routes in the box W,S,E,N (W > E crosses the \
            antimeridian); \
            --geojson draws a file's features (simplestyle colours, `title` or `name` as the \
            label), read leniently; --geojson - reads them from standard input. The map has a title, a scale bar and the attribution. What lies \
            in a privacy zone is not drawn and routes are cut there, unless --no-privacy.

            Example:
              footprint render map --places --category 카페 --size 1200x800 -o cafes.svg
            """)

    @ParentCommand var root: Footprint

    @Option(parsing: .unconditional, help: "The local date to draw, YYYY-MM-DD.") var day: String?
    @Option(parsing: .unconditional, help: "With --day: draw every day through this date.") var until: String?
    @Flag(help: "Draw every place (with the filters below).") var places = false
    @Option(parsing: .unconditional, help: "The area to draw, W,S,E,N in degrees.") var bbox: BoxArgument?
    @Option(parsing: .unconditional, help: "A GeoJSON file to draw; “-” reads standard input.") var geojson: String?
    @Flag(help: "Only places visited at least once.") var visited = false
    @Option(parsing: .unconditionalSingleValue, help: "A hashtag the place has (repeat: any).") var tag: [String] = []
    @Option(parsing: .unconditional, help: "A category path prefix.") var category: String?
    @Option(parsing: .unconditional, help: "The map's width and height in pixels, 16 to 8192 each.")
    var size: SizeArgument = SizeArgument(argument: "800x600")!
    @Option(parsing: .unconditional, help: "The map's title.") var title: String?
    @Option(name: .shortAndLong, parsing: .unconditional, help: "The SVG file to write (default: stdout).")
    var output: String?
    @OptionGroup var options: RenderOptions

    func run() async throws {
        let (width, height) = try size.size()
        try MapFrame.checkSize(width: width, height: height)
        let box = try bbox?.box()
        // One thing to draw: a day, a file, or places (in a box or not).
        let sources = [day != nil, geojson != nil, places || box != nil].filter { $0 }.count
        if sources > 1 { throw RenderError.twoSources }
        if let day {
            let store = try root.openStore(.readOnly)
            let mask = try options.privacyMask(store)
            let export = try store.dayExport(
                from: day, through: until ?? day, options: DayExport.Options(mask: mask, pointDetails: false))
            let bytes = try DayMap.svg(
                export, mask: mask, basemap: options.basemap, width: width, height: height, title: title)
            try DocumentOutput.writing(to: output, protecting: root.databasePath) { try $0.write(bytes) }
            if export.isEmpty { Output.error("Notice: \(DayMap.emptyNotice(export))") }
            return
        }
        var overlays: [Overlay] = []
        var heading = title
        var mask: PrivacyMask?
        if let geojson {
            overlays = try RenderSources.overlays(geoJSONFile: geojson)
            // Standard input has no name worth a title.
            if !InputFile.isStandardInput(geojson) { heading = heading ?? geojson }
            // A file drawn without a database has no zones to apply.
            if !options.noPrivacy, FileManager.default.fileExists(atPath: root.databasePath) {
                mask = try options.privacyMask(try root.openStore(.readOnly))
            }
        } else if places || box != nil {
            let filter = PlaceFilter(category: category, anyTags: tag, visited: visited ? true : nil)
            let store = try root.openStore(.readOnly)
            mask = try options.privacyMask(store)
            let shown = RenderOptions.visible(try store.mapPlaces(in: box, filter: filter), mask: mask)
            overlays = RenderSources.overlays(of: shown)
            // An area shows the routes through it too; --places is a map of the places alone.
            if let box, !places { overlays += RenderSources.overlays(ofRoutes: try store.routeLines(in: box)) }
        } else {
            throw RenderError.noSource
        }
        let scene = MapScene(
            overlays: overlays, basemap: options.basemap, privacy: mask, title: heading,
            attribution: RenderSources.attribution)
        let frame: MapFrame
        if let area = box ?? scene.contentBox {
            frame = try MapFrame(fitting: area, width: width, height: height)
        } else {
            // Nothing to show and no area: the whole world, and a notice.
            frame = try MapFrame(
                center: Coordinate(uncheckedLatitude: 0, longitude: 0), zoom: 0, width: width, height: height)
            Output.error("Notice: nothing to draw; the map is empty.")
        }
        let bytes = MapRenderer.svg(scene, frame: frame)
        try DocumentOutput.writing(to: output, protecting: root.databasePath) { try $0.write(bytes) }
    }
}
