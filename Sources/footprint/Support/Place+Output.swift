import FootprintGeo
import FootprintStore

extension Place {
    /// The place object of the CLI contract: `id`, `name`, `lat`, `lon`, `category`, `tags`, `likes`,
    /// `address`, `source`, `source_id`, then `distance_m` when the query had a point.
    func json(distanceMeters: Double? = nil, extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", id.map { .integer($0) } ?? .null),
            ("name", .string(name)),
            ("lat", .number(coordinate.latitude)),
            ("lon", .number(coordinate.longitude)),
            ("category", category.map(JSONValue.string) ?? .null),
            ("tags", .array(tags.map(JSONValue.string))),
            ("likes", .integer(Int64(likes))),
            ("address", (roadAddress ?? address).map(JSONValue.string) ?? .null),
            ("source", source.map(JSONValue.string) ?? .null),
            ("source_id", sourceID.map(JSONValue.string) ?? .null),
        ]
        if let distanceMeters { members.append(("distance_m", .number(distanceMeters))) }
        return .object(members + extra)
    }

    /// The cells of a place row in a text table.
    var tableCells: [String] {
        [
            id.map(String.init) ?? "", name, category ?? "",
            JSONValue.text(of: coordinate.latitude, decimals: 6) + "," + JSONValue.text(of: coordinate.longitude, decimals: 6),
            tags.map { "#" + $0 }.joined(separator: " "),
        ]
    }
}

extension Coordinate {
    /// `LAT,LON` at 6 decimals (about 0.1 m), as the text tables show positions.
    var tableText: String {
        JSONValue.text(of: latitude, decimals: 6) + "," + JSONValue.text(of: longitude, decimals: 6)
    }
}
