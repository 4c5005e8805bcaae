import GRDB

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
    /// The recommended visiting window in its stored form (`11:00-14:00`).
    var bestTime: String?

    /// The fields that are filled when the place lacks them (all but tags and likes).
    static let fillable: [PlaceField] = [.category, .address, .roadAddress, .phone, .visitTime, .note, .bestTime]

    /// `self` with `other`'s values merged in as described above. The fields the user set
    /// (`edits`, from `place edit` or `place add`) are the user's: a merge neither fills nor
    /// changes them, as a re-import of the place's own source keeps them; the user's added tags
    /// stay and the tags the user removed stay removed.
    func merging(_ other: MergedFields, keeping edits: PlaceEdits? = nil) -> MergedFields {
        var merged = self
        for field in Self.fillable where self[field] == nil && !(edits?.fields.contains(field) ?? false) {
            merged[field] = other[field]
        }
        merged.tags = Self.union(tags, other.tags)
        if let edits, !edits.removedTags.isEmpty, merged.tags != tags {
            let removed = Set(edits.removedTags)
            merged.tags = Hashtag.encode(Hashtag.decode(merged.tags).filter { !removed.contains($0) })
        }
        if !(edits?.fields.contains(.likes) ?? false) { merged.likes = max(likes, other.likes) }
        return merged
    }

    /// A fillable field's value (``fillable``); `nil` for the others.
    subscript(field: PlaceField) -> String? {
        get {
            switch field {
            case .category: category
            case .address: address
            case .roadAddress: roadAddress
            case .phone: phone
            case .visitTime: visitTime
            case .note: note
            case .bestTime: bestTime
            case .name, .position, .tags, .likes: nil
            }
        }
        set {
            switch field {
            case .category: category = newValue
            case .address: address = newValue
            case .roadAddress: roadAddress = newValue
            case .phone: phone = newValue
            case .visitTime: visitTime = newValue
            case .note: note = newValue
            case .bestTime: bestTime = newValue
            case .name, .position, .tags, .likes: break
            }
        }
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
            roadAddress: place.roadAddress, phone: place.phone, visitTime: place.visitTime, note: place.note,
            bestTime: place.bestTime)
    }

    /// The mergeable fields of a place.
    init(_ place: Place) {
        self.init(
            category: place.category, tags: Hashtag.encode(place.tags), likes: place.likes, address: place.address,
            roadAddress: place.roadAddress, phone: place.phone, visitTime: place.visitTime, note: place.note,
            bestTime: place.bestTime?.text)
    }

    /// The SQL that reads these fields of one place, `id` as `?1`, in ``init(statement:)``'s order,
    /// then the place's name (column 9).
    static let selectSQL = """
        SELECT category, tags, likes, address, road_address, phone, visit_time, note, best_time, name
        FROM places WHERE id = ?1
        """
    /// The SQL that writes them, `?1`…`?9` in that order, `?10` the time and `?11` the id.
    static let updateSQL = """
        UPDATE places SET category = ?1, tags = ?2, likes = ?3, address = ?4, road_address = ?5, phone = ?6,
            visit_time = ?7, note = ?8, best_time = ?9, updated_at = ?10 WHERE id = ?11
        """

    /// The fields of the row `statement` stands on, read from columns `start`… in
    /// ``selectSQL``'s order.
    init(statement: RawStatement, from start: Int32 = 0) {
        self.init(
            category: statement.text(start), tags: statement.text(start + 1) ?? "",
            likes: Int(statement.int64(start + 2)), address: statement.text(start + 3),
            roadAddress: statement.text(start + 4), phone: statement.text(start + 5),
            visitTime: statement.text(start + 6), note: statement.text(start + 7), bestTime: statement.text(start + 8))
    }

    /// Binds `statement`'s parameters `start`… to these fields in ``selectSQL``'s order.
    func bind(_ statement: RawStatement, from start: Int32 = 1) {
        statement.bind(start, category)
        statement.bind(start + 1, tags)
        statement.bind(start + 2, likes)
        statement.bind(start + 3, address)
        statement.bind(start + 4, roadAddress)
        statement.bind(start + 5, phone)
        statement.bind(start + 6, visitTime)
        statement.bind(start + 7, note)
        statement.bind(start + 8, bestTime)
    }

    /// The values in ``selectSQL``'s order, for GRDB's arguments.
    var databaseValues: [(any DatabaseValueConvertible)?] {
        [category, tags, likes, address, roadAddress, phone, visitTime, note, bestTime]
    }
}
