import ArgumentParser
import FootprintStore

/// `footprint init`: creates the database, or upgrades an older one.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create the database, or upgrade one written by an older Footprint.")

    @ParentCommand var root: Footprint

    func run() throws {
        let store = try root.openStore(.create)
        Output.line("\(store.path): ready, \(try store.placeCount()) places.")
    }
}
