import ArgumentParser
import FootprintGeo

/// `footprint geo tile --at LAT,LON --zoom Z [--json]`: the XYZ web map tile containing a point.
struct GeoTileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "The XYZ web map tile (Z/X/Y) that contains a point.",
        discussion: """
            Web maps (OpenStreetMap, Google, Kakao's and Naver's XYZ layers, Mapbox) cut the \
            world, in the Web Mercator projection (EPSG:3857), into 2^Z × 2^Z square tiles at \
            zoom Z: X counts columns eastward from 180° W, Y rows southward from 85.0511° N. \
            This prints Z/X/Y, the path of the tile in a tile URL, with the same edges as the \
            Python package mercantile: a point on a tile's west or north edge belongs to that \
            tile, and latitudes beyond ±85.0511° fall in the top or bottom row. --json adds the \
            tile's quadkey (Bing Maps) and its bbox as [west, south, east, north] in degrees.

            Example:
              footprint geo tile --at 37.5665,126.9780 --zoom 14
              14/13970/6344
            """)

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The point, in decimal degrees.", valueName: "LAT,LON"))
    var at: PointArgument

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The zoom level, 0 (one tile for the world) to 22.", valueName: "Z"))
    var zoom: WholeNumberArgument

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let tile = try Tile(containing: at.coordinate(), zoom: zoom.value(of: "zoom"))
        guard output.json else {
            Output.line(tile.description)
            return
        }
        let bounds = tile.bounds
        Output.json(
            .object([
                ("z", .integer(Int64(tile.z))),
                ("x", .integer(Int64(tile.x))),
                ("y", .integer(Int64(tile.y))),
                ("quadkey", .string(tile.quadkey)),
                ("bbox", .array([bounds.west, bounds.south, bounds.east, bounds.north].map { .number($0) })),
            ]))
    }
}
