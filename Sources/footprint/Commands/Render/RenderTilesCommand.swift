import ArgumentParser
import FootprintGeo
import FootprintRender
import FootprintStore
import Foundation

/// `footprint render tiles --zoom A-B [--bbox W,S,E,N] [--all] --out DIR`: a tile pyramid and
/// its viewer page.
struct RenderTilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Draw a pyramid of XYZ tiles (DIR/Z/X/Y.svg) of your places, with a viewer page.",
        discussion: """
            Writes every tile of the zoom range over the box (default: the box of all places) \
            that holds a place or whose buffer reaches one (--all: every tile), in parallel on \
            all cores, and DIR/index.html, a page that pans and zooms them offline. The tiles \
            are counted first: more than --max-tiles (default 100000) is refused before any is \
            written.

            Example:
              footprint render tiles --zoom 10-16 --bbox 126.8,37.45,127.2,37.7 --out tiles
            """)

    @ParentCommand var root: Footprint

    @Option(parsing: .unconditional, help: "The zooms, A-B (0 to 22).") var zoom: ZoomRangeArgument
    @Option(parsing: .unconditional, help: "The area, W,S,E,N in degrees.") var bbox: BoxArgument?
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
        _ = try MapFrame(tile: try Tile(z: 0, x: 0, y: 0), scale: scale)
        let store = try root.openStore(.readOnly)
        let box: BoundingBox
        var places: [MapPlace]
        if let requested {
            box = requested
            places = []
        } else {
            places = try store.mapPlaces(in: nil)
            guard let covering = BoundingBox(covering: places.map(\.coordinate)) else {
                Output.error("Notice: there are no places and no --bbox; no tile was written.")
                return
            }
            box = covering
        }
        let count = try RenderTiles.count(of: box, zooms: zooms)
        if count > maximumTiles { throw RenderError.tooManyTiles(count: count, limit: maximumTiles) }
        let folder = URL(fileURLWithPath: out)
        try Self.prepare(folder)
        if requested != nil {
            // The places that can reach into the box's tiles at the shallowest zoom.
            let first = try RenderTiles.ranges(of: box, zoom: zooms.lowerBound)
            let corner = try Tile(z: zooms.lowerBound, x: first.columns[0].lowerBound, y: first.rows.lowerBound)
            let far = try Tile(z: zooms.lowerBound, x: first.columns.last!.upperBound, y: first.rows.upperBound)
            let a = RenderTiles.drawnBox(of: corner, scale: scale)
            let b = RenderTiles.drawnBox(of: far, scale: scale)
            places = try store.mapPlaces(
                in: BoundingBox(uncheckedWest: a.west, south: b.south, east: b.east, north: a.north))
        }
        let mask = try options.privacyMask(store)
        places = RenderOptions.visible(places, mask: mask)
        let scene = MapScene(
            overlays: RenderSources.overlays(of: places), basemap: options.basemap, privacy: mask,
            attribution: RenderSources.attribution)
        let tiles =
            all
            ? try RenderTiles.allTiles(of: box, zooms: zooms)
            : try RenderTiles.tilesWithContent(
                of: box, zooms: zooms, places: places.map(\.coordinate), scene: scene, scale: scale)
        try TileWriter(folder: folder, scene: scene, scale: scale, showsProgress: !quiet && isatty(2) == 1)
            .write(tiles)
        try TileViewerPage(box: box, zooms: zooms, scale: scale, attribution: RenderSources.attribution)
            .write(to: folder.appendingPathComponent("index.html"))
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
