import ArgumentParser
import FootprintGeo
import FootprintStore
import Foundation

/// `footprint day show DATE`: a day's statistics, visits, photos, entries and log. Read-only.
struct DayShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a day: track statistics, visits, photos, log entries and its log.")

    @ParentCommand var root: Footprint
    @Argument(help: "The local date, YYYY-MM-DD.") var date: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let day = try root.openStore(.readOnly).dayOverview(date)
        if output.json {
            Output.json(day.json)
        } else {
            for line in Self.lines(day) { Output.line(line) }
        }
    }

    /// The text summary: the day, its figures, its log, then a table for each list that has rows.
    static func lines(_ day: DayOverview) -> [String] {
        let stats = day.statistics
        var lines = [
            day.date,
            "  length     \(DistanceText.meters(stats.lengthMeters)) (raw \(DistanceText.meters(stats.rawLengthMeters)))",
            "  time       \(DiaryText.duration(stats.durationSeconds)), moving \(DiaryText.duration(stats.movingTimeSeconds))",
            "  speed      \(DiaryText.speed(stats.averageMovingSpeedMetersPerSecond)) moving, "
                + "\(DiaryText.speed(stats.maxSpeedMetersPerSecond)) at most",
            "  elevation  +\(Int(stats.elevationGainMeters.rounded())) m, −\(Int(stats.elevationLossMeters.rounded())) m",
        ]
        if let log = day.log {
            let fields: [(String, String?)] = [
                ("score", log.score.map(String.init)), ("weather", log.weather),
                ("sleep", log.sleepMinutes.map { DiaryText.duration(Double($0) * 60) }), ("mood", log.moodColor),
                ("note", log.note),
            ]
            for (name, value) in fields {
                if let value {
                    lines.append(
                        Table.cleaned(["  " + name.padding(toLength: 11, withPad: " ", startingAt: 0) + value])[0])
                }
            }
        }
        if !day.visits.isEmpty {
            var table = Table("  ID", "ARRIVAL", "DEPARTURE", "LAT,LON", "NAME")
            for visit in day.visits {
                table.append([
                    "  \(visit.id)", DiaryText.clock(visit.arrival), visit.departure.map(DiaryText.clock) ?? "",
                    visit.coordinate?.tableText ?? "", visit.name ?? "(unnamed stay)",
                ])
            }
            lines += ["visits"] + table.lines()
        }
        if !day.photos.isEmpty {
            var table = Table("  ID", "TAKEN", "LAT,LON", "FILE")
            for photo in day.photos {
                table.append([
                    "  \(photo.id ?? 0)", photo.takenAt.map(DiaryText.clock) ?? "", photo.coordinate?.tableText ?? "",
                    photo.path,
                ])
            }
            lines += ["photos"] + table.lines()
        }
        if !day.entries.isEmpty {
            var table = Table("  ID", "CATEGORY", "WALK", "TITLE")
            for entry in day.entries {
                table.append([
                    "  \(entry.id)", entry.category ?? "", entry.walkMinutes.map { "\($0) min" } ?? "", entry.title,
                ])
            }
            lines += ["entries"] + table.lines()
        }
        return lines
    }
}
