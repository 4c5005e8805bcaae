import ArgumentParser
import FootprintStore

/// `footprint place split ID --source S`: undoes the merge of one source into a place.
struct PlaceSplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Make one source of a merged place a place of its own again.")

    @ParentCommand var root: Footprint
    @Argument(help: "The place's id.") var id: Int64
    @Option(parsing: .unconditional, help: "The source to split off (as place show lists it).") var source: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readWrite)
        let split = try store.splitPlace(id: id, source: source)
        if output.json {
            Output.json(.array([split.kept.json(), split.split.json()]))
        } else {
            Output.line("Split \(source) off place \(id) into place \(split.split.id ?? 0): \(split.split.name).")
        }
    }
}
