import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint nearby --at LAT,LON (--radius M | --k K) [filters]`.
struct NearbyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby", abstract: "Places within a radius of a point, or the k nearest, nearest first.",
        discussion: """
            Distances are exact WGS84 geodesics in metres (GeographicLib accuracy); ties are ordered by id.
            Example: footprint nearby --at 37.5665,126.978 --radius 500 --category 음식점 --tag 야경
            """)

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "The centre, LAT,LON.") var at: PointArgument
    @Option(parsing: .unconditional, help: "Every place within M metres.") var radius: DecimalArgument?
    @Option(name: .customLong("k"), parsing: .unconditional, help: "The K nearest places.") var k: WholeNumberArgument?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (radius == nil) != (k == nil) else {
            throw ValidationError("Give either --radius M or --k K.")
        }
    }

    func run() throws {
        let center = try at.coordinate()
        let extent: NearbyQuery.Extent =
            try radius.map { .radius(meters: try $0.value(of: "radius")) } ?? .nearest(k: k?.value(of: "k") ?? 20)
        let store = try root.openStore(.readOnly)
        let results = try store.nearby(
            NearbyQuery(
                center: center, extent: extent, filter: try filters.placeFilter(),
                // --k K asks for K places: the default limit of 20 does not cut it.
                limit: k != nil && limits.limit == nil ? nil : try limits.resolvedLimit()))
        if output.json {
            Output.jsonArray(results) { $0.place.json(distanceMeters: $0.distanceMeters) }
            return
        }
        var table = Table("ID", "NAME", "CATEGORY", "LAT,LON", "TAGS", "DISTANCE")
        for result in results {
            table.append(result.place.tableCells + [DistanceText.meters(result.distanceMeters)])
        }
        table.lines().forEach(Output.line)
    }
}
