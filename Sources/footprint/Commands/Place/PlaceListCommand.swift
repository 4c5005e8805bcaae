import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint place list`: places by id.
struct PlaceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List places by id.")

    @ParentCommand var root: Footprint
    @OptionGroup var limits: LimitOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readOnly)
        let places = try store.places(limit: try limits.resolvedLimit())
        if output.json {
            Output.json(.array(places.map { $0.json() }))
            return
        }
        var table = Table("ID", "NAME", "CATEGORY", "LAT,LON", "TAGS")
        for place in places { table.append(place.tableCells) }
        table.lines().forEach(Output.line)
    }
}
