import ArgumentParser
import FootprintStore

/// `footprint visit remove ID`: a detected stay is kept as removed, so detecting its day again
/// does not bring it back; any other visit is deleted.
struct VisitRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a visit.",
        discussion: "A detected stay stays removed when its day is detected again.")

    @ParentCommand var root: Footprint
    @Argument(help: "The visit's id.") var id: Int64

    func run() throws {
        let store = try root.openStore(.readWrite)
        switch try store.removeVisit(id: id) {
        case .tombstoned:
            Output.line("Removed visit \(id); detecting its day again will not bring it back.")
        case .deleted:
            Output.line("Removed visit \(id).")
        }
    }
}
