import ArgumentParser
import FootprintStore

/// `footprint place add --name N --at LAT,LON [--category C] [--tag T]…`.
struct PlaceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a place.")

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "The place's name.") var name: String
    @Option(parsing: .unconditional, help: "Where it is, as LAT,LON (37.5665,126.978).") var at: PointArgument
    @Option(parsing: .unconditional, help: "A category path such as “음식점 > 카페”.") var category: String?
    @Option(
        name: .customLong("tag"), parsing: .unconditionalSingleValue,
        help: "A hashtag (repeat for more); “#” is optional.") var tags: [String] = []
    @Option(parsing: .unconditional, help: "The (lot-number) address.") var address: String?
    @Option(name: .customLong("road-address"), parsing: .unconditional, help: "The road-name address.")
    var roadAddress: String?
    @Option(parsing: .unconditional, help: "The phone number.") var phone: String?
    @Option(
        name: .customLong("visit-time"), parsing: .unconditional,
        help: "A recommended visiting time (저녁, 18:00-22:00).")
    var visitTime: String?
    @Option(parsing: .unconditional, help: "The number of likes (0 or more).") var likes: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "A note.") var note: String?
    @Option(
        name: .customLong("match-radius"), parsing: .unconditional,
        help: "Merge into an imported place with the same name within M metres instead (0: never; default 50).")
    var matchRadius: Double = 50
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readWrite)
        let addition = try store.addPlace(
            Place(
                name: name, coordinate: try at.coordinate(), category: category, tags: tags,
                likes: try likes?.value(of: "likes") ?? 0, address: address, roadAddress: roadAddress, phone: phone,
                visitTime: visitTime, note: note),
            matchRadiusMeters: matchRadius)
        let place = addition.place
        if output.json {
            Output.json(.array([place.json(extra: addition.merged ? [("merged", .bool(true))] : [])]))
        } else if addition.merged {
            Output.line("Merged into place \(place.id ?? 0): \(place.name) at \(place.coordinate) is the same spot.")
        } else {
            Output.line("Added place \(place.id ?? 0): \(place.name) at \(place.coordinate).")
        }
    }
}
