import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint render map|tile|tiles`: SVG maps and XYZ tiles of the database's places.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw SVG maps and XYZ tiles of your places.",
        discussion: """
            Every command only reads the database (opened read-only). The basemap (land, \
            Korean province boundaries and, from zoom 10, thin 시군구 outlines) comes from \
            $FOOTPRINT_DATA, else ./Data, when the files are there; --no-basemap leaves it out.
            """,
        subcommands: [RenderMapCommand.self, RenderTileCommand.self, RenderTilesCommand.self])
}

/// Options every render command shares.
struct RenderOptions: ParsableArguments {
    @Flag(name: .customLong("no-privacy"), help: "Draw what lies inside privacy zones too.")
    var noPrivacy = false

    @Flag(name: .customLong("no-basemap"), help: "Leave out land and boundaries.")
    var noBasemap = false

    var basemap: FootprintRender.Basemap? { noBasemap ? nil : RenderSources.basemap() }

    /// The database's privacy zones, which every render applies; `nil` with `--no-privacy`.
    func privacyMask(_ store: FootprintStore) throws -> PrivacyMask? {
        noPrivacy ? nil : try store.privacyMask()
    }

    /// The places outside every zone of the mask: a hidden place is neither drawn nor makes a
    /// tile worth writing.
    static func visible(_ places: [MapPlace], mask: PrivacyMask?) -> [MapPlace] {
        guard let mask, !mask.zones.isEmpty else { return places }
        return places.filter { !mask.isMasked($0.coordinate) }
    }
}

import FootprintRender
