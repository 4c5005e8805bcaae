import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint day list`: every day that holds something. Read-only.
struct DayListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the days with a track, visits, photos or log entries.")

    @ParentCommand var root: Footprint
    @OptionGroup var output: OutputOptions

    func run() throws {
        let days = try root.openStore(.readOnly).daySummaries()
        if output.json {
            Output.jsonArray(days) { day in
                .object([
                    ("date", .string(day.date)), ("length_m", .number(day.lengthMeters)),
                    ("visits", .integer(Int64(day.visits))), ("photos", .integer(Int64(day.photos))),
                    ("entries", .integer(Int64(day.entries))),
                ])
            }
            return
        }
        var table = Table("DATE", "LENGTH", "VISITS", "PHOTOS", "ENTRIES")
        for day in days {
            table.append([
                day.date, DistanceText.meters(day.lengthMeters), String(day.visits), String(day.photos),
                String(day.entries),
            ])
        }
        for line in table.lines() { Output.line(line) }
    }
}
