import ArgumentParser

/// `footprint render map|tile|tiles`: SVG maps and XYZ tiles of the database's places.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw SVG maps and XYZ tiles of your places.",
        discussion: """
            Every command only reads the database (opened read-only). The basemap (land and \
            Korean province boundaries) comes from $FOOTPRINT_DATA, else ./Data, when the files \
            are there; --no-basemap leaves it out.
            """,
        subcommands: [RenderMapCommand.self, RenderTileCommand.self, RenderTilesCommand.self])
}

/// Options every render command shares.
struct RenderOptions: ParsableArguments {
    @Flag(name: .customLong("no-privacy"), help: "Draw places inside privacy zones too.")
    var noPrivacy = false

    @Flag(name: .customLong("no-basemap"), help: "Leave out land and boundaries.")
    var noBasemap = false

    var basemap: FootprintRender.Basemap? { noBasemap ? nil : RenderSources.basemap() }
}

import FootprintRender
