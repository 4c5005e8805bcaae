import ArgumentParser
import FootprintGeo
import FootprintRender
import FootprintStore
import Foundation

/// `footprint render tiles --zoom A-B [--bbox W,S,E,N | --day DATE] [--all] --out DIR`: a tile
/// pyramid and its viewer page.
struct RenderTilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Draw a pyramid of XYZ tiles (DIR/Z/X/Y.svg) of your places and routes, with a viewer page.",
        discussion: """
            Writes every tile of the zoom range over the box (default: the box of all places) \
            that holds a place or a route point or whose buffer reaches a marker (--all: every \
            tile), in parallel on all cores, and DIR/index.html, a page that pans and zooms them \
            offline. --day DATE draws that day's route, visits and photos instead, over the box \
            they cover. The tiles are counted first: more than --max-tiles (default 100000) is \
            refused before any is written.

            Example:
              footprint render tiles --zoom 10-16 --bbox 126.8,37.45,127.2,37.7 --out tiles
            """)

    @ParentCommand var root: Footprint

    @Option(parsing: .unconditional, help: "The zooms, A-B (0 to 22).") var zoom: ZoomRangeArgument
    @Option(parsing: .unconditional, help: "The area, W,S,E,N in degrees.") var bbox: BoxArgument?
    @Option(parsing: .unconditional, help: "Draw this local day (YYYY-MM-DD): its route, visits and photos.")
    var day: String?
    @Flag(help: "Write every tile of the range, empty ones too.") var all = false
    @Option(parsing: .unconditional, help: "1 for 256-pixel tiles, 2 for 512-pixel tiles.") var scale: Int = 1
    @Option(name: .customLong("max-tiles"), parsing: .unconditional, help: "The most tiles to write.")
    var maximumTiles: Int = 100_000
    @Option(parsing: .unconditional, help: "The folder to write the tiles and index.html into.") var out: String
    @Flag(help: "No progress bar.") var quiet = false
    @OptionGroup var options: RenderOptions

    func run() async throws {
        let zooms = try zoom.range()
        let requested = try bbox?.box()
        if requested != nil, day != nil { throw RenderError.bothAreas }
        guard maximumTiles > 0 else { throw RenderError.maximumTiles(maximumTiles) }
        guard !out.isEmpty else { throw RenderError.outputFolder("--out", reason: "give a folder name") }
        _ = try MapFrame(tile: try Tile(z: 0, x: 0, y: 0), scale: scale)
        let store = try root.openStore(.readOnly)
        let mask = try options.privacyMask(store)
        guard
            let content = try day.map({ try Self.dayContent($0, store: store, mask: mask) })
                ?? Self.storeContent(store, box: requested, zooms: zooms, scale: scale, mask: mask)
        else { return }
        let box = requested ?? content.box
        let count = try RenderTiles.count(of: box, zooms: zooms)
        if count > maximumTiles { throw RenderError.tooManyTiles(count: count, limit: maximumTiles) }
        try Self.prepare(URL(fileURLWithPath: out))
        let folder = try TileFolder(path: out)
        for zoom in zooms { try folder.removeTiles(z: zoom) }
        let scene = MapScene(
            overlays: content.overlays, basemap: options.basemap, privacy: mask,
            attribution: RenderSources.attribution)
        let tiles =
            all
            ? try RenderTiles.allTiles(of: box, zooms: zooms)
            : try RenderTiles.tilesWithContent(
                of: box, zooms: zooms, places: content.points, scene: scene, scale: scale)
        try TileWriter(folder: folder, scene: scene, scale: scale, showsProgress: !quiet && isatty(2) == 1)
            .write(tiles)
        try TileViewerPage(box: box, zooms: zooms, scale: scale, attribution: RenderSources.attribution)
            .write(to: folder)
    }

    /// What a pyramid draws: its overlays, the points whose tiles may hold content (markers and
    /// route vertices), and the box they cover.
    struct Content {
        var overlays: [Overlay]
        var points: [Coordinate]
        var box: BoundingBox
    }

    /// The database's places and routes in `box`, or everywhere; `nil` (with a notice) when
    /// there is nothing and no box.
    static func storeContent(
        _ store: FootprintStore, box requested: BoundingBox?, zooms: ClosedRange<Int>, scale: Int, mask: PrivacyMask?
    ) throws -> Content? {
        var area: BoundingBox?
        if let requested {
            // What can reach into the box's tiles at the shallowest zoom.
            let first = try RenderTiles.ranges(of: requested, zoom: zooms.lowerBound)
            let corner = try Tile(z: zooms.lowerBound, x: first.columns[0].lowerBound, y: first.rows.lowerBound)
            let far = try Tile(z: zooms.lowerBound, x: first.columns.last!.upperBound, y: first.rows.upperBound)
            let a = RenderTiles.drawnBox(of: corner, scale: scale)
            let b = RenderTiles.drawnBox(of: far, scale: scale)
            area = BoundingBox(uncheckedWest: a.west, south: b.south, east: b.east, north: a.north)
        }
        let places = RenderOptions.visible(try store.mapPlaces(in: area), mask: mask)
        let routes = try store.routeLines(in: area)
        let points = places.map(\.coordinate) + routes.joined()
        guard let box = requested ?? BoundingBox(covering: points) else {
            Output.error("Notice: there are no places or routes and no --bbox; no tile was written.")
            return nil
        }
        return Content(
            overlays: RenderSources.overlays(of: places) + RenderSources.overlays(ofRoutes: routes), points: points,
            box: box)
    }

    /// The day's route (masked), visits and photos, over the box they cover; `nil` (with a
    /// notice) for a day with nothing stored.
    static func dayContent(_ date: String, store: FootprintStore, mask: PrivacyMask?) throws -> Content? {
        let export = try store.dayExport(
            from: date, through: date, options: DayExport.Options(mask: mask, pointDetails: false))
        let overlays = DayMap.overlays(of: export)
        var points: [Coordinate] = []
        for day in export.days {
            for part in day.parts { points += part.map(\.coordinate) }
            points += day.visits.map(\.coordinate)
            points += day.photos.compactMap(\.coordinate)
        }
        guard let box = BoundingBox(covering: points) else {
            Output.error(
                "Notice: \(DayMap.emptyNotice(export).replacingOccurrences(of: "the map is empty", with: "no tile was written"))"
            )
            return nil
        }
        return Content(overlays: overlays, points: points, box: box)
    }

    /// Creates the folder (and its parents) or says why it cannot be written.
    static func prepare(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw RenderError.outputFolder(folder.path, reason: "it is a file") }
        } else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw RenderError.outputFolder(folder.path, reason: "the folder cannot be created")
            }
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw RenderError.outputFolder(folder.path, reason: "the folder is not writable")
        }
    }
}
