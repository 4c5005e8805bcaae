import FootprintGeo
import Foundation

/// What `search` asks: text as a person types it, with the filters of `nearby` and visit dates.
///
/// The text is never syntax: quotes, `*`, `-`, `NEAR`, `OR`, `:` and parentheses are searched for
/// as written. A text that begins with `#` (or `＃`) is a hashtag search: `#야경` finds places
/// tagged `야경`, then places with a tag beginning with it (`#야` → `야경`, `야시장`).
public struct SearchQuery: Hashable, Sendable {
    /// The text to find. It may be empty only when ``PlaceFilter/anyTags`` names tags: then the
    /// places with those tags are listed.
    public var text: String
    /// A point that ranks nearer places higher (a smooth decay, not a cut-off).
    public var near: Coordinate?
    /// Only places within this many metres of ``near`` (exact WGS84 geodesic).
    public var withinMeters: Double?
    /// Category, tag, visited and popularity filters, as for `nearby`.
    public var filter: PlaceFilter
    /// Only places visited on or after this local date (`YYYY-MM-DD`).
    public var visitedSince: String?
    /// Only places visited on or before this local date (`YYYY-MM-DD`).
    public var visitedUntil: String?
    /// At most this many results, best first; `nil` for all.
    public var limit: Int?

    public init(
        _ text: String, near: Coordinate? = nil, withinMeters: Double? = nil, filter: PlaceFilter = PlaceFilter(),
        visitedSince: String? = nil, visitedUntil: String? = nil, limit: Int? = 20
    ) {
        self.text = text
        self.near = near
        self.withinMeters = withinMeters
        self.filter = filter
        self.visitedSince = visitedSince
        self.visitedUntil = visitedUntil
        self.limit = limit
    }

    /// The tag of a hashtag query (`#야경` → `야경`), or `nil`.
    var hashtag: String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("#") || trimmed.hasPrefix("＃") else { return nil }
        return Hashtag.normalized(trimmed)
    }

    /// Checks the values a caller may get wrong, each with one sentence.
    func validated() throws -> SearchQuery {
        let normalizedTags = Hashtag.normalizedList(filter.anyTags)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || (trimmed.hasPrefix("#") || trimmed.hasPrefix("＃")) && hashtag == nil {
            guard !normalizedTags.isEmpty, trimmed.isEmpty else {
                throw FootprintStoreError.invalidValue(
                    name: "search text", value: "“\(text)”", reason: "give the words or the #tag to search for")
            }
        }
        if let withinMeters {
            guard near != nil else {
                throw FootprintStoreError.invalidValue(
                    name: "radius", value: formatted(withinMeters),
                    reason: "a radius needs a point to measure from")
            }
            guard withinMeters.isFinite, withinMeters >= 0 else {
                throw FootprintStoreError.invalidValue(
                    name: "radius", value: formatted(withinMeters), reason: "it must be 0 metres or more")
            }
        }
        if let limit, limit < 1 {
            throw FootprintStoreError.invalidValue(name: "limit", value: String(limit), reason: "it must be 1 or more")
        }
        for (name, date) in [("start date", visitedSince), ("end date", visitedUntil)] {
            if let date, !Self.isLocalDate(date) {
                throw FootprintStoreError.invalidValue(
                    name: name, value: "“\(date)”", reason: "write it as a date YYYY-MM-DD, e.g. 2024-05-01")
            }
        }
        if let visitedSince, let visitedUntil, visitedSince > visitedUntil {
            throw FootprintStoreError.invalidValue(
                name: "end date", value: visitedUntil, reason: "it is before the start date \(visitedSince)")
        }
        return self
    }

    /// `YYYY-MM-DD` naming a real day of the Gregorian calendar.
    static func isLocalDate(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
