import FootprintGeo
import FootprintStore
import Foundation

extension JSONValue {
    /// A text or `null`.
    static func orNullText(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// A whole number or `null`.
    static func orNullWhole(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
    /// An id or `null`.
    static func orNullID(_ value: Int64?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
}

extension LogEntry {
    /// `{id, date, title, body, category, color, walk_minutes, places, photos, created_at}`.
    var json: JSONValue {
        .object([
            ("id", .integer(id)), ("date", .string(date)), ("title", .string(title)), ("body", .orNullText(body)),
            ("category", .orNullText(category)), ("color", .orNullText(categoryColor)),
            ("walk_minutes", .orNullWhole(walkMinutes)),
            ("places", .array(placeIDs.map(JSONValue.integer))), ("photos", .array(photoIDs.map(JSONValue.integer))),
            ("created_at", .string(createdAt)),
        ])
    }

    /// ID, DATE, CATEGORY, WALK, TITLE.
    var tableCells: [String] {
        [String(id), date, category ?? "", walkMinutes.map { "\($0) min" } ?? "", title]
    }
}

extension Photo {
    /// `{id, file, taken_at, lat, lon, place_id}`.
    var json: JSONValue {
        .object([
            ("id", .orNullID(id)), ("file", .string(path)), ("taken_at", .orNullText(takenAt?.iso8601)),
            ("lat", coordinate.map { .number($0.latitude) } ?? .null),
            ("lon", coordinate.map { .number($0.longitude) } ?? .null), ("place_id", .orNullID(placeID)),
        ])
    }
}

extension DayStatistics {
    /// The statistics under their JSON names, at full precision.
    var json: JSONValue {
        .object([
            ("length_m", .number(lengthMeters)), ("raw_length_m", .number(rawLengthMeters)),
            ("duration_s", .number(durationSeconds)), ("moving_time_s", .number(movingTimeSeconds)),
            ("max_speed_mps", .number(maxSpeedMetersPerSecond)),
            ("avg_moving_speed_mps", .number(averageMovingSpeedMetersPerSecond)),
            ("elevation_gain_m", .number(elevationGainMeters)), ("elevation_loss_m", .number(elevationLossMeters)),
        ])
    }
}

extension Day {
    /// `{score, weather, sleep_minutes, mood, note}`.
    static func json(_ day: Day?) -> JSONValue {
        .object([
            ("score", .orNullWhole(day?.score)), ("weather", .orNullText(day?.weather)),
            ("sleep_minutes", .orNullWhole(day?.sleepMinutes)),
            ("mood", .orNullText(day?.moodColor)), ("note", .orNullText(day?.note)),
        ])
    }
}

extension DayOverview {
    /// `{date, stats, visits, photos, entries, log}`.
    var json: JSONValue {
        .object([
            ("date", .string(date)), ("stats", statistics.json),
            (
                "visits",
                .array(
                    visits.map { visit in
                        .object([
                            ("id", .integer(visit.id)), ("place_id", .orNullID(visit.placeID)),
                            ("name", .orNullText(visit.name)),
                            ("lat", visit.coordinate.map { .number($0.latitude) } ?? .null),
                            ("lon", visit.coordinate.map { .number($0.longitude) } ?? .null),
                            ("arrival", .string(visit.arrival.iso8601)),
                            ("departure", .orNullText(visit.departure?.iso8601)),
                        ])
                    })
            ),
            ("photos", .array(photos.map(\.json))), ("entries", .array(entries.map(\.json))), ("log", Day.json(log)),
        ])
    }
}

/// Durations and speeds as people read them.
enum DiaryText {
    /// `2 h 05 min`, `12 min`, `40 s`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        let minutes = total / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h " + String(format: "%02d min", minutes % 60)
    }

    /// `4.2 km/h` from metres per second.
    static func speed(_ metersPerSecond: Double) -> String {
        String(format: "%.1f km/h", metersPerSecond * 3.6)
    }

    /// The time of day of an ISO 8601 local time, `14:05`.
    static func clock(_ time: LocalTime) -> String {
        String(time.iso8601.dropFirst(11).prefix(5))
    }
}
