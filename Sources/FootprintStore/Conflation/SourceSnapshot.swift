import GRDB

/// What a merge gave the place that survived it: the fields the place lacked and the merged
/// source filled, the tags the union added, and the likes before the source raised them. A split
/// (``FootprintStore/splitPlace(id:source:)``) takes back what only that source gave.
struct MergeContribution: Equatable {
    /// The fillable fields (``MergedFields/fillable``) the source filled.
    var filled: Set<PlaceField> = []
    /// The tags the source added, in the order added.
    var addedTags: [String] = []
    /// The place's likes before the source raised them; `nil` when it did not.
    var likesBefore: Int?

    init(filled: Set<PlaceField> = [], addedTags: [String] = [], likesBefore: Int? = nil) {
        self.filled = filled
        self.addedTags = addedTags
        self.likesBefore = likesBefore
    }

    /// What a merge that turned `before` into `after` gave.
    init(before: MergedFields, after: MergedFields) {
        for field in MergedFields.fillable where before[field] == nil && after[field] != nil { filled.insert(field) }
        if before.tags != after.tags {
            let had = Set(Hashtag.decode(before.tags))
            addedTags = Hashtag.decode(after.tags).filter { !had.contains($0) }
        }
        if after.likes > before.likes { likesBefore = before.likes }
    }

    /// This contribution and a later one of the same source (a re-import that merged again).
    func adding(_ later: MergeContribution) -> MergeContribution {
        var sum = self
        sum.filled.formUnion(later.filled)
        sum.addedTags = Hashtag.normalizedList(addedTags + later.addedTags)
        sum.likesBefore = likesBefore ?? later.likesBefore
        return sum
    }
}

/// A merged source's own place as that source brought it (every field a merge reads, besides
/// the name and position `place_sources` already keeps) and what it gave the place it was merged
/// into (``MergeContribution``), stored beside its pair.
struct SourceSnapshot: Equatable {
    var fields: MergedFields
    var contribution: MergeContribution

    /// Migration `v14-source-snapshots`: the snapshot's columns on `place_sources`. Pairs merged
    /// before it have none (`tags` NULL): a split of them restores the name and position only.
    static func createSchemaV14(_ db: Database) throws {
        let columns = [
            "category TEXT", "tags TEXT", "likes INTEGER", "address TEXT", "road_address TEXT", "phone TEXT",
            "visit_time TEXT", "note TEXT", "best_time TEXT", "filled TEXT", "added_tags TEXT",
            "likes_before INTEGER",
        ]
        for column in columns { try db.execute(sql: "ALTER TABLE place_sources ADD COLUMN \(column)") }
    }

    /// The snapshot columns of `place_sources`, in ``init(statement:from:)``'s and
    /// ``bind(_:from:)``'s order (12 of them).
    static let columns = """
        category, tags, likes, address, road_address, phone, visit_time, note, best_time, filled, added_tags, \
        likes_before
        """
    /// `columns = ?n` for each snapshot column from parameter `start` on.
    static func assignments(from start: Int) -> String {
        columns.split(separator: ",").enumerated().map {
            "\($0.element.trimmingCharacters(in: .whitespaces)) = ?\(start + $0.offset)"
        }
        .joined(separator: ", ")
    }

    /// The snapshot of the row `statement` stands on, its columns from `start` on; `nil` when the
    /// pair has none.
    init?(statement: RawStatement, from start: Int32) {
        guard !statement.isNull(start + 1) else { return nil }
        fields = MergedFields(statement: statement, from: start)
        contribution = MergeContribution(
            filled: Self.decodeFields(statement.text(start + 9)),
            addedTags: Hashtag.decode(statement.text(start + 10) ?? ""),
            likesBefore: statement.isNull(start + 11) ? nil : Int(statement.int64(start + 11)))
    }

    /// The snapshot of a GRDB row of ``columns`` from index `start` on.
    init?(row: Row, from start: Int) {
        guard let tags: String = row[start + 1] else { return nil }
        fields = MergedFields(
            category: row[start], tags: tags, likes: row[start + 2] ?? 0, address: row[start + 3],
            roadAddress: row[start + 4], phone: row[start + 5], visitTime: row[start + 6], note: row[start + 7],
            bestTime: row[start + 8])
        contribution = MergeContribution(
            filled: Self.decodeFields(row[start + 9]), addedTags: Hashtag.decode(row[start + 10] ?? ""),
            likesBefore: row[start + 11])
    }

    init(fields: MergedFields, contribution: MergeContribution) {
        self.fields = fields
        self.contribution = contribution
    }

    /// Binds the 12 columns from parameter `start` on.
    func bind(_ statement: RawStatement, from start: Int32) {
        fields.bind(statement, from: start)
        statement.bind(start + 9, Self.encodeFields(contribution.filled))
        statement.bind(start + 10, Hashtag.encode(contribution.addedTags))
        if let likesBefore = contribution.likesBefore {
            statement.bind(start + 11, likesBefore)
        } else {
            statement.bind(start + 11, nil as String?)
        }
    }

    /// The 12 column values, for GRDB's arguments.
    var databaseValues: [(any DatabaseValueConvertible)?] {
        fields.databaseValues + [
            Self.encodeFields(contribution.filled), Hashtag.encode(contribution.addedTags), contribution.likesBefore,
        ]
    }

    /// The 12 columns' values for a pair without a snapshot.
    static var noValues: [(any DatabaseValueConvertible)?] { Array(repeating: nil, count: 12) }

    private static func encodeFields(_ fields: Set<PlaceField>) -> String {
        fields.sorted().map(\.rawValue).joined(separator: "|")
    }

    private static func decodeFields(_ text: String?) -> Set<PlaceField> {
        Set((text ?? "").split(separator: "|").compactMap { PlaceField(rawValue: String($0)) })
    }
}
