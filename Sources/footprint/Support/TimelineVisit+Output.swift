import FootprintGeo
import FootprintStore

extension TimelineVisit {
    /// The visit object of the CLI contract (as in `day show`): `id`, `place_id`, `name`, `lat`,
    /// `lon`, `arrival`, `departure` (ISO 8601 with the local offset), then `local_date`, `note`,
    /// `detected`, `user_set`.
    func json() -> JSONValue {
        .object([
            ("id", .integer(id)),
            ("place_id", placeID.map { .integer($0) } ?? .null),
            ("name", name.map(JSONValue.string) ?? .null),
            ("lat", coordinate.map { .number($0.latitude) } ?? .null),
            ("lon", coordinate.map { .number($0.longitude) } ?? .null),
            ("arrival", .string(arrived.iso8601)),
            ("departure", left.map { .string($0.iso8601) } ?? .null),
            ("local_date", .string(localDate)),
            ("note", note.map(JSONValue.string) ?? .null),
            ("detected", .bool(detected)),
            ("user_set", .bool(userSet)),
        ])
    }

    /// The header of ``tableCells``.
    static let tableHeader = ["ID", "ARRIVAL", "DEPARTURE", "LAT,LON", "NAME"]

    /// The cells of a visit row in a text table: an unnamed stay reads `(unnamed stay)`, a visit the
    /// user named or edited has a `*` after its name, and a note follows after a dash.
    var tableCells: [String] {
        [
            String(id), arrived.iso8601, left?.iso8601 ?? "",
            coordinate.map {
                JSONValue.text(of: $0.latitude, decimals: 6) + "," + JSONValue.text(of: $0.longitude, decimals: 6)
            } ?? "",
            (name ?? "(unnamed stay)") + (userSet ? " *" : "") + (note.map { " — " + $0 } ?? ""),
        ]
    }
}
