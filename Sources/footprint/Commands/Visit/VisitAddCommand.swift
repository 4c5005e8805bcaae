import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint visit add PLACE_ID --arrived TIME [--left TIME] [--note N] [--rating 1…5]`.
struct VisitAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record a visit to a place.",
        discussion: "TIME is ISO 8601 with or without an offset (2024-05-04T14:30+09:00); without one, the local zone.")

    @ParentCommand var root: Footprint
    @Argument(help: "The place's id.") var placeID: Int64
    @Option(parsing: .unconditional, help: "When you arrived.") var arrived: String
    @Option(parsing: .unconditional, help: "When you left.") var left: String?
    @Option(parsing: .unconditional, help: "A note.") var note: String?
    @Option(parsing: .unconditional, help: "A rating from 1 to 5.") var rating: WholeNumberArgument?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readWrite)
        let visit = try store.addVisit(
            Visit(
                placeID: placeID, arrived: try LocalTime(iso8601: arrived),
                left: try left.map { try LocalTime(iso8601: $0) },
                note: note, rating: rating?.value(of: "rating")))
        if output.json {
            Output.json(
                .array([
                    .object([
                        ("id", .integer(Int64(visit.id ?? 0))), ("place_id", .integer(Int64(placeID))),
                        ("arrived", .string(visit.arrived.iso8601)),
                        ("left", visit.left.map { .string($0.iso8601) } ?? .null),
                        ("local_date", .string(visit.localDate)),
                        ("note", visit.note.map(JSONValue.string) ?? .null),
                        ("rating", visit.rating.map { .integer(Int64($0)) } ?? .null),
                    ])
                ]))
        } else {
            let rated = visit.rating.map { ", rated \($0)" } ?? ""
            Output.line(
                "Visit \(visit.id ?? 0) to \(visit.placeName ?? "place \(placeID)") on \(visit.localDate)\(rated).")
        }
    }
}
