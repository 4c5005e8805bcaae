import GRDB

/// A field of a place that the user can set and an import can bring.
public enum PlaceField: String, Hashable, Sendable, CaseIterable, Comparable {
    case name
    /// The coordinate.
    case position
    case category
    case tags
    case likes
    case address
    case roadAddress = "road_address"
    case phone
    case visitTime = "visit_time"
    case note
    /// The recommended visiting window (migration `v10-best-time`).
    case bestTime = "best_time"

    /// Alphabetical by ``rawValue`` (the name `place show --json` prints), a stable order.
    public static func < (lhs: PlaceField, rhs: PlaceField) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the user set on a place with ``FootprintStore/addPlace(_:)`` or
/// ``FootprintStore/editPlace(id:_:)``: those fields are the user's, and a later import of the
/// place's source keeps them (unless it is run with ``ImportOptions/overwriteEdits``); the
/// fields the user never touched follow the source.
///
/// Tags are kept as the user's changes rather than as a value: on re-import the source's tags
/// replace the stored ones, then the user's removed tags are taken out and the added ones put
/// back (after the source's, in the order the user added them).
public struct PlaceEdits: Hashable, Sendable {
    /// The fields the user set, ``PlaceField/tags`` included when any tag was added or removed.
    public var fields: Set<PlaceField>
    /// Tags the user added (normalized), in the order added.
    public var addedTags: [String]
    /// Tags the user removed (normalized).
    public var removedTags: [String]

    public init(fields: Set<PlaceField> = [], addedTags: [String] = [], removedTags: [String] = []) {
        self.fields = fields
        self.addedTags = addedTags
        self.removedTags = removedTags
    }

    /// ``fields`` in their stable order (see ``PlaceField/<(_:_:)``).
    public var sortedFields: [PlaceField] { fields.sorted() }

    /// True when the user set nothing.
    public var isEmpty: Bool { fields.isEmpty }

    /// `sourceTags` with the user's changes applied: removed tags taken out, added tags appended.
    public func applyingTags(to sourceTags: [String]) -> [String] {
        let removed = Set(removedTags)
        return Hashtag.normalizedList(sourceTags.filter { !removed.contains($0) } + addedTags)
    }

    /// Records that the user added `added` and removed `removed` (normalized): a tag added after
    /// being removed is no longer removed, and the other way round.
    mutating func record(addedTags added: [String], removedTags removed: [String]) {
        let added = Hashtag.normalizedList(added)
        let removed = Hashtag.normalizedList(removed).filter { !added.contains($0) }
        addedTags = Hashtag.normalizedList(addedTags.filter { !removed.contains($0) } + added)
        removedTags = Hashtag.normalizedList(removedTags.filter { !added.contains($0) } + removed)
        if !addedTags.isEmpty || !removedTags.isEmpty { fields.insert(.tags) }
    }
}

/// Storage of ``PlaceEdits`` in `place_edits`: one row per place the user set something on, one
/// 0/1 column per field and the tag changes in the `|`-joined form of `places.tags`.
enum PlaceEditsTable {
    static let name = "place_edits"

    /// The columns of the fields, in ``PlaceField/allCases`` order.
    static let fieldColumns = PlaceField.allCases.map(\.rawValue)

    /// Migration `v5-edited-fields`. Plain SQL only, as other tools write the file: the trigger
    /// forgets a removed place's marks (whatever tool removes it, with or without foreign keys on),
    /// so a later place that reuses the id starts unmarked.
    ///
    /// Existing databases start with no marks: which fields of an existing place the user set is
    /// not recorded anywhere, so every field of every place already stored follows its source
    /// until the user edits it again.
    static func createSchemaV5(_ db: Database) throws {
        let flags = fieldColumns.map { "\($0) INTEGER NOT NULL DEFAULT 0" }.joined(separator: ",\n    ")
        try db.execute(
            sql: """
                CREATE TABLE place_edits (
                    place_id INTEGER PRIMARY KEY,
                    \(flags),
                    added_tags TEXT NOT NULL DEFAULT '',
                    removed_tags TEXT NOT NULL DEFAULT ''
                );
                CREATE TRIGGER place_edits_delete AFTER DELETE ON places BEGIN
                    DELETE FROM place_edits WHERE place_id = OLD.id;
                END;
                """)
    }

    /// The marks of place `id`; empty when there are none or the database predates them.
    static func fetch(_ db: Database, placeID id: Int64) throws -> PlaceEdits {
        guard try db.tableExists(name) else { return PlaceEdits() }
        guard
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT \(fieldColumns.joined(separator: ", ")), added_tags, removed_tags FROM place_edits WHERE place_id = ?",
                arguments: [id])
        else { return PlaceEdits() }
        var edits = PlaceEdits()
        for (index, field) in PlaceField.allCases.enumerated() where (row[index] as Int? ?? 0) != 0 {
            edits.fields.insert(field)
        }
        edits.addedTags = Hashtag.decode(row["added_tags"] ?? "")
        edits.removedTags = Hashtag.decode(row["removed_tags"] ?? "")
        return edits
    }

    /// Saves the marks of place `id`, or deletes its row when `edits` is empty.
    static func save(_ db: Database, placeID id: Int64, _ edits: PlaceEdits) throws {
        guard !edits.isEmpty else {
            try db.execute(sql: "DELETE FROM place_edits WHERE place_id = ?", arguments: [id])
            return
        }
        var values: [(any DatabaseValueConvertible)?] = [id]
        values += PlaceField.allCases.map { edits.fields.contains($0) ? 1 : 0 }
        values += [Hashtag.encode(edits.addedTags), Hashtag.encode(edits.removedTags)]
        let columns = ["place_id"] + fieldColumns + ["added_tags", "removed_tags"]
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO place_edits(\(columns.joined(separator: ", ")))
                VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                """,
            arguments: StatementArguments(values))
    }
}

extension FootprintStore {
    /// Which fields of place `id` are the user's (set with ``addPlace(_:)`` or
    /// ``editPlace(id:_:)``), in their stable order; a re-import of the place's source keeps
    /// them. Empty for a place the user never touched, and for every place imported before the
    /// marks were recorded (migration `v5-edited-fields`).
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``.
    public func editedFields(placeID id: Int64) throws -> [PlaceField] {
        try placeEdits(placeID: id).sortedFields
    }

    /// The user's marks on place `id`, tag changes included (see ``PlaceEdits``).
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``.
    public func placeEdits(placeID id: Int64) throws -> PlaceEdits {
        try read { db in
            guard try Place.exists(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            return try PlaceEditsTable.fetch(db, placeID: id)
        }
    }
}
