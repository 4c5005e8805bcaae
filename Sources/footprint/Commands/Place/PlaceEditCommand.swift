import ArgumentParser
import FootprintStore

/// `footprint place edit ID [--name N] [--at LAT,LON] [--category C] [--tag T]… [--untag T]…`.
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
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if name == nil, at == nil, category == nil, tags.isEmpty, untags.isEmpty, note == nil {
            throw ValidationError("Give something to change: --name, --at, --category, --tag, --untag or --note.")
        }
    }

    func run() throws {
        let store = try root.openStore(.readWrite)
        let edit = PlaceEdit(
            name: name, coordinate: try at?.coordinate(), category: category, addedTags: tags, removedTags: untags,
            note: note)
        let place = try store.editPlace(id: id, edit)
        if output.json {
            Output.json(.array([place.json()]))
        } else {
            Output.line("Changed place \(id): \(place.name) at \(place.coordinate).")
        }
    }
}
