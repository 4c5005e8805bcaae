import ArgumentParser
import FootprintStore

/// `footprint place remove ID`: its visits stay, detached, with its name.
struct PlaceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a place; its visits are kept with its name.")

    @ParentCommand var root: Footprint
    @Argument(help: "The place's id.") var id: Int64

    func run() throws {
        let store = try root.openStore(.readWrite)
        let place = try store.removePlace(id: id)
        Output.line("Removed place \(id): \(place.name).")
    }
}
