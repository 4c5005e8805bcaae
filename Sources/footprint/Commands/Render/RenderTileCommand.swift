import ArgumentParser
import FootprintRender
import FootprintStore

/// `footprint render tile Z/X/Y [--scale 2] [-o FILE]`: one XYZ tile of the database's places
/// and routes.
struct RenderTileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "Draw one XYZ tile (Z/X/Y, as geo tile prints it) of your places and routes as SVG.",
        discussion: """
            The tile is 256 pixels square (512 with --scale 2) and draws what lies within 64 \
            (128) pixels beyond its edges too, so markers and lines crossing an edge line up \
            with the next tile. Below zoom 16 nearby places are drawn as one circle with their \
            count. Written to stdout, or to FILE with -o.

            Example:
              footprint render tile 14/13970/6344 -o tile.svg
            """)

    @ParentCommand var root: Footprint

    @Argument(help: "The tile, Z/X/Y.") var tile: TileArgument

    @Option(parsing: .unconditional, help: "1 for 256-pixel tiles, 2 for 512-pixel tiles.") var scale: Int = 1

    @Option(name: .shortAndLong, parsing: .unconditional, help: "The SVG file to write (default: stdout).")
    var output: String?

    @OptionGroup var options: RenderOptions

    func run() async throws {
        let tile = try tile.tile()
        let frame = try MapFrame(tile: tile, scale: scale)
        let store = try root.openStore(.readOnly)
        let box = RenderTiles.drawnBox(of: tile, scale: scale)
        let mask = try options.privacyMask(store)
        let places = RenderOptions.visible(try store.mapPlaces(in: box), mask: mask)
        let routes = try store.routeLines(in: box)
        let scene = MapScene(
            overlays: RenderSources.overlays(of: places) + RenderSources.overlays(ofRoutes: routes),
            basemap: options.basemap, privacy: mask,
            attribution: RenderSources.attribution)
        let bytes = MapRenderer.svg(scene, frame: frame)
        try DocumentOutput.writing(to: output, protecting: root.databasePath) { try $0.write(bytes) }
    }
}
