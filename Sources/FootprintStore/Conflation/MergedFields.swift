/// The fields a merge may change on the place that survives, as `places` stores them: a merge
/// fills the fields the place lacks, unions the tags (the place's first) and keeps the larger
/// number of likes. Name, category (when the place has one) and position stay the place's.
struct MergedFields: Equatable {
    var category: String?
    /// `|`-joined, as stored.
    var tags: String
    var likes: Int
    var address: String?
    var roadAddress: String?
    var phone: String?
    var visitTime: String?
    var note: String?

    /// `self` with `other`'s values merged in as described above.
    func merging(_ other: MergedFields) -> MergedFields {
        var merged = self
        merged.category = category ?? other.category
        merged.tags = Self.union(tags, other.tags)
        merged.likes = max(likes, other.likes)
        merged.address = address ?? other.address
        merged.roadAddress = roadAddress ?? other.roadAddress
        merged.phone = phone ?? other.phone
        merged.visitTime = visitTime ?? other.visitTime
        merged.note = note ?? other.note
        return merged
    }

    /// The tags of `first`, then those of `second` it does not have (both `|`-joined).
    static func union(_ first: String, _ second: String) -> String {
        if second.isEmpty || first == second { return first }
        if first.isEmpty { return second }
        var tags = Hashtag.decode(first)
        var seen = Set(tags)
        for tag in Hashtag.decode(second) where seen.insert(tag).inserted { tags.append(tag) }
        return Hashtag.encode(tags)
    }
}

extension MergedFields {
    /// The mergeable fields of an import row (those it does not carry are absent).
    init(_ place: ImportedPlace) {
        self.init(
            category: place.category, tags: place.tags, likes: place.likes, address: place.address,
            roadAddress: place.roadAddress, phone: place.phone, visitTime: place.visitTime, note: place.note)
    }

    /// The mergeable fields of a place.
    init(_ place: Place) {
        self.init(
            category: place.category, tags: Hashtag.encode(place.tags), likes: place.likes, address: place.address,
            roadAddress: place.roadAddress, phone: place.phone, visitTime: place.visitTime, note: place.note)
    }

    /// The SQL that reads these fields of one place, `id` as `?1`, in ``init(statement:)``'s order,
    /// then the place's name (column 8).
    static let selectSQL = """
        SELECT category, tags, likes, address, road_address, phone, visit_time, note, name FROM places WHERE id = ?1
        """
    /// The SQL that writes them, `?1`…`?8` in that order, `?9` the time and `?10` the id.
    static let updateSQL = """
        UPDATE places SET category = ?1, tags = ?2, likes = ?3, address = ?4, road_address = ?5, phone = ?6,
            visit_time = ?7, note = ?8, updated_at = ?9 WHERE id = ?10
        """

    /// The fields of the row `statement` (of ``selectSQL``) stands on.
    init(statement: RawStatement) {
        self.init(
            category: statement.text(0), tags: statement.text(1) ?? "", likes: Int(statement.int64(2)),
            address: statement.text(3), roadAddress: statement.text(4), phone: statement.text(5),
            visitTime: statement.text(6), note: statement.text(7))
    }

    /// Binds ``updateSQL``'s parameters 1–8.
    func bind(_ statement: RawStatement) {
        statement.bind(1, category)
        statement.bind(2, tags)
        statement.bind(3, likes)
        statement.bind(4, address)
        statement.bind(5, roadAddress)
        statement.bind(6, phone)
        statement.bind(7, visitTime)
        statement.bind(8, note)
    }
}
