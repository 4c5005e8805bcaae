import FootprintGeo
import FootprintHangul
import Foundation

/// What `search` asks: text as a person types it, with the filters of `nearby` and visit dates.
///
/// The text is never syntax: quotes, `*`, `-`, `NEAR`, `OR`, `:` and parentheses are searched for
/// as written. A text of `#` words is a hashtag search: `#야경` finds places tagged `야경`, then
/// places with a tag beginning with it (`#야` → `야경`, `야시장`); `#야경 #데이트` the places with
/// both. Beside other words a hashtag is a filter: `남산 #야경` searches `남산` among the places
/// tagged `야경`.
public struct SearchQuery: Hashable, Sendable {
    /// The text to find. It may be empty when a filter is set (tags, category, visited, likes,
    /// visit dates or a radius): then the places that pass it are listed, tagged ones first.
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
    /// Only the literal and exact readings: no typos, syllables left out or swapped, or
    /// abbreviations (``SearchMatch/Kind/typo`` and after).
    public var exact: Bool

    public init(
        _ text: String, near: Coordinate? = nil, withinMeters: Double? = nil, filter: PlaceFilter = PlaceFilter(),
        visitedSince: String? = nil, visitedUntil: String? = nil, limit: Int? = 20, exact: Bool = false
    ) {
        self.exact = exact
        self.text = text
        self.near = near
        self.withinMeters = withinMeters
        self.filter = filter
        self.visitedSince = visitedSince
        self.visitedUntil = visitedUntil
        self.limit = limit
    }

    /// The text's words that begin with `#` (or `＃`), as tags (`#야경 #데이트` → `야경`, `데이트`),
    /// and the rest of the text. A word that is only `#` is neither. Words are split at
    /// whitespace scalars: splitting a 128 KB query into `Character`s was a fifth of its search.
    var textParts: (plain: String, hashtags: [String]) {
        var plain = ""
        plain.reserveCapacity(text.utf8.count)
        var hashtags: [String] = []
        var seenTags = Set<String>()
        for scalars in text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace) {
            let word = Substring(scalars)
            if word.hasPrefix("#") || word.hasPrefix("＃") {
                // `#야경#데이트` is two tags, as the importer reads a tags field.
                for tag in Hashtag.parseList(String(word)).compactMap(Hashtag.normalized)
                where seenTags.insert(tag).inserted {
                    hashtags.append(tag)
                }
            } else {
                if !plain.isEmpty { plain += " " }
                plain += word
            }
        }
        return (plain, hashtags)
    }

    /// The tags of a hashtag query — a text of `#` words only — or empty.
    var hashtags: [String] {
        let parts = textParts
        return HangulNormalization.searchNormalized(parts.plain).isEmpty ? parts.hashtags : []
    }

    /// Whether the text has anything to search for: a word with a letter, digit or symbol once
    /// spaces and invisible characters are skipped, or a `#tag` (a lone `#` is not one).
    public var hasTextOrTags: Bool {
        let parts = textParts
        return !parts.hashtags.isEmpty || !HangulNormalization.searchNormalized(parts.plain).isEmpty
    }

    /// Whether a filter narrows the places, so that a query without text lists them.
    var hasFilters: Bool {
        !filter.isEmpty || visitedSince != nil || visitedUntil != nil || withinMeters != nil
    }

    /// Checks the values a caller may get wrong, each with one sentence. Hashtags written beside
    /// words (`남산 #야경`) become a filter on those tags (``PlaceFilter/allTags``).
    func validated() throws -> SearchQuery {
        // NFC and width folding before anything reads the text: `cafe` + U+0301 is `café`.
        var query = self
        query.text = HangulNormalization.normalized(text)
        let parts = query.textParts
        let hasText = !HangulNormalization.searchNormalized(parts.plain).isEmpty
        // A word that is only `#` (a tag being typed) is left out of the text.
        if hasText { query.text = parts.plain }
        if hasText && !parts.hashtags.isEmpty { query.filter.allTags += parts.hashtags }
        try query.filter.check()
        if !hasText && parts.hashtags.isEmpty && !hasFilters {
            throw FootprintStoreError.invalidValue(
                name: "search text", value: "“\(text)”",
                reason: "give the words or the #tag to search for, or a filter to list places by")
        }
        return try query.checkedValues()
    }

    private func checkedValues() throws -> SearchQuery {
        if let withinMeters {
            guard near != nil else {
                throw FootprintStoreError.invalidValue(
                    name: "radius", value: formatted(withinMeters),
                    reason: "a radius needs a point to measure from")
            }
            guard withinMeters.isFinite else {
                throw FootprintStoreError.invalidValue(
                    name: "radius", value: formatted(withinMeters), reason: "it must be a finite number of metres")
            }
            guard withinMeters >= 0 else {
                throw FootprintStoreError.invalidValue(
                    name: "radius", value: formatted(withinMeters), reason: "it must be 0 metres or more")
            }
        }
        if let limit, limit < 1 {
            throw FootprintStoreError.invalidValue(name: "limit", value: String(limit), reason: "it must be 1 or more")
        }
        for (name, date) in [("start date", visitedSince), ("end date", visitedUntil)] {
            if let date { try LocalDate.check(date, name: name) }
        }
        if let visitedSince, let visitedUntil, visitedSince > visitedUntil {
            throw FootprintStoreError.invalidValue(
                name: "end date", value: visitedUntil, reason: "it is before the start date \(visitedSince)")
        }
        return self
    }
}
