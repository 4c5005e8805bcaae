import ArgumentParser
import FootprintStore

/// `footprint place edit ID [--name N] [--at LAT,LON] [--category C] [--tag T]… [--untag T]… [--note N]
/// [--address A] [--road-address A] [--phone P] [--visit-time T] [--best-time HH:MM-HH:MM] [--likes N]`. Each field given is the
/// user's from then on: later imports of the place's source keep it (see `import places --overwrite-edits`).
struct PlaceEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a place.")

    @ParentCommand var root: Footprint
    @Argument(help: "The place's id.") var id: Int64
    @Option(parsing: .unconditional, help: "A new name.") var name: String?
    @Option(parsing: .unconditional, help: "A new position, LAT,LON.") var at: PointArgument?
    @Option(parsing: .unconditional, help: "A new category path; '' clears it.") var category: String?
    @Option(name: .customLong("tag"), parsing: .unconditionalSingleValue, help: "A hashtag to add (repeat for more).")
    var tags: [String] = []
    @Option(
        name: .customLong("untag"), parsing: .unconditionalSingleValue, help: "A hashtag to remove (repeat for more).")
    var untags: [String] = []
    @Option(parsing: .unconditional, help: "A new note; '' clears it.") var note: String?
    @Option(parsing: .unconditional, help: "A new (lot-number) address; '' clears it.") var address: String?
    @Option(name: .customLong("road-address"), parsing: .unconditional, help: "A new road-name address; '' clears it.")
    var roadAddress: String?
    @Option(parsing: .unconditional, help: "A new phone number; '' clears it.") var phone: String?
    @Option(
        name: .customLong("visit-time"), parsing: .unconditional,
        help: "A recommended visiting time (저녁, 18:00-22:00); '' clears it.")
    var visitTime: String?
    @Option(
        name: .customLong("best-time"), parsing: .unconditional,
        help: "The recommended visiting window, HH:MM-HH:MM or 아침, 낮, 저녁, 밤, which recommend favours; '' clears it.")
    var bestTime: String?
    @Option(parsing: .unconditional, help: "A new number of likes (0 or more).") var likes: WholeNumberArgument?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        let texts = [name, category, note, address, roadAddress, phone, visitTime, bestTime]
        if at == nil, likes == nil, tags.isEmpty, untags.isEmpty, texts.allSatisfy({ $0 == nil }) {
            throw ValidationError(
                "Give something to change: --name, --at, --category, --tag, --untag, --note, --address, "
                    + "--road-address, --phone, --visit-time, --best-time or --likes.")
        }
    }

    func run() throws {
        let store = try root.openStore(.readWrite)
        let edit = PlaceEdit(
            name: name, coordinate: try at?.coordinate(), category: category, addedTags: tags, removedTags: untags,
            note: note, address: address, roadAddress: roadAddress, phone: phone, visitTime: visitTime,
            likes: try likes?.value(of: "likes"), bestTime: bestTime)
        let place = try store.editPlace(id: id, edit)
        if output.json {
            Output.json(.array([place.json()]))
        } else {
            Output.line("Changed place \(id): \(place.name) at \(place.coordinate).")
        }
    }
}
