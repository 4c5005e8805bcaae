import FootprintGeo
import Foundation

/// The opaque `cursor` of a recommendation: base64url of the query's parameters, the pinned clock
/// and how many spots came before, so that `--after` continues the very same ranking (same
/// reference date and time, same candidates, same weights) and a cursor used with another query
/// is refused with the parameter that differs.
struct RecommendationCursor: Hashable, Sendable {
    /// The parameters that decide the ranking, as text: anchor, radius, filter, unvisited, time,
    /// weights, in that order.
    var parameters: [String]
    var clock: RecommendationClock
    /// Spots given up to and including the one that carries the cursor.
    var position: Int

    static let parameterNames = ["anchor", "radius", "filter", "--unvisited", "--time", "--weights"]
    private static let version = "r1"

    /// The parameters of `query` with `minute` as its time of day.
    static func parameters(of query: RecommendationQuery, minute: Int) -> [String] {
        let anchor: String
        switch query.anchor {
        case .point(let coordinate): anchor = "--at \(coordinate.latitude),\(coordinate.longitude)"
        case .place(let id): anchor = "--place \(id)"
        case .day(let date): anchor = "--day \(date)"
        }
        let category = query.filter.category.flatMap(Place.normalizedCategory) ?? ""
        let tags = Set(Hashtag.normalizedList(query.filter.anyTags)).sorted().joined(separator: "|")
        let allTags = Set(Hashtag.normalizedList(query.filter.allTags)).sorted().joined(separator: "|")
        var filter = [String]()
        if !category.isEmpty { filter.append("category \(category)") }
        if !tags.isEmpty { filter.append("tags \(tags)") }
        if !allTags.isEmpty { filter.append("all tags \(allTags)") }
        return [
            anchor, formatted(query.resolvedRadius) + " m", filter.isEmpty ? "none" : filter.joined(separator: ", "),
            query.unvisitedOnly ? "on" : "off", BestTime.clock(minute), query.weights.text,
        ]
    }

    var text: String {
        let fields = [Self.version, clock.localDate, String(clock.minuteOfDay), String(position)] + parameters
        return Self.base64URL(Array(fields.joined(separator: "\n").utf8))
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64url without padding (RFC 4648 §5): `base64EncodedString()` with `+` `/` replaced and
    /// `=` dropped, written directly, as Foundation's string replacing cost ~10 µs a cursor.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count { out.append(alphabet[Int(group >> (18 - 6 * UInt32(position))) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a cursor.
    ///
    /// - Throws: `invalidValue` for text that is not a cursor this build wrote.
    init(parsing text: String) throws {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let fields = Data(base64Encoded: base64).flatMap { String(data: $0, encoding: .utf8) }?
            .components(separatedBy: "\n")
        guard let fields, fields.count == 4 + Self.parameterNames.count, fields[0] == Self.version,
            LocalDate.isValid(fields[1]), let minute = Int(fields[2]), (0..<1440).contains(minute),
            let position = Int(fields[3]), position >= 1
        else {
            throw FootprintStoreError.invalidValue(
                name: "cursor", value: "“\(text)”", reason: "give a cursor that recommend printed")
        }
        clock = RecommendationClock(localDate: fields[1], minuteOfDay: minute)
        self.position = position
        parameters = Array(fields[4...])
    }

    init(parameters: [String], clock: RecommendationClock, position: Int) {
        self.parameters = parameters
        self.clock = clock
        self.position = position
    }

    /// Throws when `query` differs from the cursor's in a parameter that decides the ranking.
    func check(against query: RecommendationQuery) throws {
        let given = Self.parameters(of: query, minute: query.minuteOfDay ?? clock.minuteOfDay)
        for (index, name) in Self.parameterNames.enumerated() where given[index] != parameters[index] {
            throw FootprintStoreError.invalidValue(
                name: "cursor", value: "given with --after",
                reason: "it continues a query whose \(name) is \(parameters[index]), not \(given[index]); "
                    + "repeat that query's \(name) or start without --after")
        }
    }
}
