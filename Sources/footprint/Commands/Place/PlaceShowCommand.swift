import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint place show ID`: one place with its visits and its top 5 related spots.
struct PlaceShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a place, every field stored of it, its visits and related spots.")

    @ParentCommand var root: Footprint
    @Argument(help: "The place's id.") var id: Int64
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readOnly)
        let place = try store.place(id: id)
        let visits = try store.visits(placeID: id)
        let edited = try store.editedFields(placeID: id).map(\.rawValue)  // the user's fields, kept by re-imports
        let sources = try store.sources(placeID: id)
        let related = try store.relatedPlaces(to: id)
        if output.json {
            let members =
                place.detailMembers(visits: visits, edited: edited, sources: sources)
                + [("related", .array(related.map(\.json)))]
            Output.json(.array([.object(members)]))
            return
        }
        Output.line("\(place.id ?? 0)  \(place.name)")
        Output.line("  at        \(place.coordinate)")
        if let category = place.category { Output.line("  category  \(category)") }
        if !place.tags.isEmpty { Output.line("  tags      " + place.tags.map { "#" + $0 }.joined(separator: " ")) }
        if place.likes > 0 { Output.line("  likes     \(place.likes)") }
        if let address = place.roadAddress { Output.line("  road      \(address)") }
        if let address = place.address { Output.line("  address   \(address)") }
        if let phone = place.phone { Output.line("  phone     \(phone)") }
        if let visitTime = place.visitTime { Output.line("  best time \(visitTime)") }
        if let bestTime = place.bestTime { Output.line("  window    \(bestTime)") }
        if sources.isEmpty, let source = place.source {
            Output.line("  source    \(source)\(place.sourceID.map { " #" + $0 } ?? "")")
        }
        for pair in sources { Output.line("  source    \(pair.source) #\(pair.sourceID)") }
        if let note = place.note { Output.line("  note      \(note)") }
        if !edited.isEmpty { Output.line("  edited    " + edited.joined(separator: ", ")) }
        for visit in visits { Output.line("  visit     \(visit.line)") }
        for spot in related {
            Output.line(
                "  related   \(spot.place.id ?? 0)  \(spot.place.name)  \(DistanceText.meters(spot.distanceMeters))")
        }
    }
}
