import ArgumentParser
import FootprintStore

/// `footprint privacy remove ID`.
struct PrivacyRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a privacy zone.")

    @ParentCommand var root: Footprint
    @Argument(help: "The zone's id.") var id: Int64

    func run() throws {
        try root.openStore(.readWrite).removePrivacyZone(id: id)
        Output.line("Removed privacy zone \(id).")
    }
}
