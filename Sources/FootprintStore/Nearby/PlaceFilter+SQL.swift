import GRDB

extension PlaceFilter {
    /// The filter as an SQL condition on the `places` row aliased `p`, or `nil` when empty.
    func sqlCondition() -> SQL? {
        var conditions: [SQL] = []
        if let category = category.flatMap(Place.normalizedCategory) {
            let pattern = Self.escapedForLike(category) + " > %"
            conditions.append("(p.category = \(category) OR p.category LIKE \(pattern) ESCAPE '\\')")
        }
        let anyTags = Hashtag.normalizedList(anyTags)
        if !anyTags.isEmpty {
            let alternatives = anyTags.map { tag -> SQL in Self.hasTag(tag) }
            conditions.append("(" + Self.joined(alternatives, by: " OR ") + ")")
        }
        for tag in Hashtag.normalizedList(allTags) {
            conditions.append(Self.hasTag(tag))
        }
        switch visited {
        case true?: conditions.append("EXISTS (SELECT 1 FROM visits v WHERE v.place_id = p.id)")
        case false?: conditions.append("NOT EXISTS (SELECT 1 FROM visits v WHERE v.place_id = p.id)")
        case nil: break
        }
        if let minimumLikes { conditions.append("p.likes >= \(minimumLikes)") }
        return conditions.isEmpty ? nil : Self.joined(conditions, by: " AND ")
    }

    /// At most this many tags in a filter: each is a term of the SQL condition, whose depth
    /// SQLite limits (1,000).
    static let maximumTags = 64

    /// Throws for a filter value that names nothing: an empty category, a tag that normalizes to
    /// nothing (`""`, `#`, `|`), or more than ``maximumTags`` tags.
    func check() throws {
        if let category, Place.normalizedCategory(category) == nil {
            throw FootprintStoreError.invalidValue(
                name: "category", value: "“\(category)”", reason: "give a category name, e.g. 음식점")
        }
        for tag in anyTags + allTags where Hashtag.normalized(tag) == nil {
            throw FootprintStoreError.invalidValue(name: "tag", value: "“\(tag)”", reason: "give a tag, e.g. 야경")
        }
        let count = Set(Hashtag.normalizedList(anyTags)).count + Set(Hashtag.normalizedList(allTags)).count
        if count > Self.maximumTags {
            throw FootprintStoreError.invalidValue(
                name: "tag list", value: "of \(count) tags", reason: "give at most \(Self.maximumTags)")
        }
    }

    /// Tags are stored `|`-joined: a tag matches as a whole segment.
    private static func hasTag(_ tag: String) -> SQL {
        let pattern = "%|" + escapedForLike(tag) + "|%"
        return "('|' || p.tags || '|') LIKE \(pattern) ESCAPE '\\'"
    }

    private static func joined(_ parts: [SQL], by separator: String) -> SQL {
        var result: SQL = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { result = result + SQL(sql: separator) }
            result = result + part
        }
        return result
    }

    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
