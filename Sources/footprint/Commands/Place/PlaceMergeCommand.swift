import ArgumentParser
import FootprintStore

/// `footprint place merge ID ID…`: the first place survives and takes the others' history and sources.
struct PlaceMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge places that are the same spot; the first id survives.",
        discussion: """
            The other places' visits, photos, log entries and sources move to the first, the fields it lacks \
            are filled from them (tags joined, the larger likes kept), and they are removed, in one \
            transaction. A re-import of any of their sources then updates the first place.
            """)

    @ParentCommand var root: Footprint
    @Argument(help: "The places' ids, the surviving one first.") var ids: [Int64] = []
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readWrite)
        let place = try store.mergePlaces(ids)
        if output.json {
            Output.json(.array([place.json()]))
        } else {
            let others = ids.dropFirst().map(String.init).joined(separator: ", ")
            Output.line("Merged \(others) into place \(place.id ?? 0): \(place.name).")
        }
    }
}
