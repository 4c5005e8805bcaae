import ArgumentParser
import FootprintStore

/// `footprint visit edit ID [--name N] [--place ID] [--note N]`: what is given becomes the user's,
/// kept when the visit's day is detected again.
struct VisitEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Name a visit, set its place or note.",
        discussion: "The visit keeps what you set when its day is detected again ('' clears a name or note).")

    @ParentCommand var root: Footprint
    @Argument(help: "The visit's id.") var id: Int64
    @Option(parsing: .unconditional, help: "A name for the visit; '' clears it.") var name: String?
    @Option(parsing: .unconditional, help: "The id of the place visited.") var place: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "A note; '' clears it.") var note: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if name == nil, place == nil, note == nil {
            throw ValidationError("Give something to change: --name, --place or --note.")
        }
    }

    func run() throws {
        let store = try root.openStore(.readWrite)
        let placeID = try place.map { Int64(try $0.value(of: "place")) }
        let visit = try store.editVisit(id: id, VisitEdit(name: name, placeID: placeID, note: note))
        if output.json {
            Output.json(.array([visit.json()]))
        } else {
            Output.line("Changed visit \(id): \(visit.name ?? "(unnamed stay)") on \(visit.localDate).")
        }
    }
}
