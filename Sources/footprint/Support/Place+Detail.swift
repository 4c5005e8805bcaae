import FootprintGeo
import FootprintStore
import Foundation

extension Place {
    /// The object of `place show --json`: every stored field of the place, then its visits.
    ///
    /// It starts with the keys of the listing object (``json(distanceMeters:extra:)``) so a reader
    /// of either finds the same names, with one difference: `address` is the stored lot-number
    /// (지번) address, or the only one known, and `road_address` the road-name one beside it, where
    /// a listing shows one `address`, the road-name one first. `sources` lists where the place
    /// came from as `{source, source_id}` objects (empty for a place added by hand). Each member is
    /// one entry of ``detailMembers(visits:)``, so a new field is one more line there.
    func detailJSON(visits: [Visit], edited: [String] = [], sources: [PlaceSource]? = nil) -> JSONValue {
        .object(detailMembers(visits: visits, edited: edited, sources: sources))
    }

    /// The members of ``detailJSON(visits:edited:sources:)``, in order; `edited` names the fields
    /// the user set, which re-imports keep; `sources` every pair of the place, its own first
    /// (``FootprintStore/sources(placeID:)``), else only its own.
    func detailMembers(visits: [Visit], edited: [String] = [], sources pairs: [PlaceSource]? = nil)
        -> [(key: String, value: JSONValue)]
    {
        var sources: [JSONValue] = []
        if let pairs {
            sources = pairs.map { .object([("source", .string($0.source)), ("source_id", .string($0.sourceID))]) }
        } else if let source {
            sources.append(.object([("source", .string(source)), ("source_id", Self.text(sourceID))]))
        }
        return [
            ("id", id.map { .integer($0) } ?? .null),
            ("name", .string(name)),
            ("lat", .number(coordinate.latitude)),
            ("lon", .number(coordinate.longitude)),
            ("category", Self.text(category)),
            ("tags", .array(tags.map(JSONValue.string))),
            ("likes", .integer(Int64(likes))),
            ("address", Self.text(address)),
            ("source", Self.text(source)),
            ("source_id", Self.text(sourceID)),
            ("road_address", Self.text(roadAddress)),
            ("phone", Self.text(phone)),
            ("visit_time", Self.text(visitTime)),
            ("best_time", Self.text(bestTime?.text)),
            ("note", Self.text(note)),
            ("sources", .array(sources)),
            ("edited", .array(edited.map(JSONValue.string))),
            ("created_at", createdAt.map { .string(Self.timestamp($0)) } ?? .null),
            ("updated_at", updatedAt.map { .string(Self.timestamp($0)) } ?? .null),
            ("visits", .array(visits.map(\.json))),
        ]
    }

    private static func text(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// A stored time as the database holds it: ISO 8601 UTC to the millisecond
    /// (`2024-05-04T03:12:00.000Z`). Rounded to the millisecond here, since the stored text went
    /// through a binary `Date` on its way back.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let p = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!,
            Int(milliseconds - seconds * 1000))
    }
}

extension Visit {
    /// A visit in `place show --json`: its times with their offsets, name, note, rating and source.
    var json: JSONValue {
        .object([
            ("id", id.map { .integer($0) } ?? .null),
            ("arrived", .string(arrived.iso8601)),
            ("left", left.map { .string($0.iso8601) } ?? .null),
            ("local_date", .string(localDate)),
            ("name", name.map(JSONValue.string) ?? .null),
            ("note", note.map(JSONValue.string) ?? .null),
            ("rating", rating.map { .integer(Int64($0)) } ?? .null),
            ("source", source.map(JSONValue.string) ?? .null),
        ])
    }

    /// A visit as a line of `place show`: times, rating as stars (`★4`), note.
    var line: String {
        var text = arrived.iso8601
        if let left { text += " – " + left.iso8601 }
        if let rating { text += "  ★\(rating)" }
        if let name { text += "  " + name }
        if let note { text += "  " + note }
        return text
    }
}
