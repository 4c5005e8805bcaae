import ArgumentParser

/// `footprint place …`: add, show, list, edit and remove places by hand.
struct PlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place", abstract: "Add, show, list, edit, remove, merge and split places.",
        subcommands: [
            PlaceAddCommand.self, PlaceShowCommand.self, PlaceListCommand.self, PlaceEditCommand.self,
            PlaceRemoveCommand.self, PlaceMergeCommand.self, PlaceSplitCommand.self,
        ])
}
