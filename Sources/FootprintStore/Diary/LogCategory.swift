import GRDB

/// A user-defined category of log entries (`산책`, `카페`), with a colour to draw it in.
public struct LogCategory: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// `#RRGGBB`.
    public var color: String?
    /// How many log entries use it.
    public var entryCount: Int

    public init(id: Int64, name: String, color: String?, entryCount: Int = 0) {
        self.id = id
        self.name = name
        self.color = color
        self.entryCount = entryCount
    }
}

extension LogCategory {
    /// The form a category name is stored and looked up in: without surrounding white space
    /// (Unicode's, U+2028 included) and in NFC, as imported text is.
    /// Every name the user gives (`category add/remove`, `log add/list --category`) goes through
    /// it, so a name typed as it was added is found; empty when nothing is left.
    public static func normalizedName(_ name: String) -> String {
        ImportText.field(name) ?? ""
    }
}

extension FootprintStore {
    /// Adds a category; its name is stored as ``LogCategory/normalizedName(_:)`` gives it.
    ///
    /// - Throws: `invalidValue` for an empty name or a colour that is not `#RRGGBB`;
    ///   ``FootprintStoreError/categoryExists(name:)`` when the name is taken.
    public func addCategory(name: String, color: String) throws -> LogCategory {
        let name = LogCategory.normalizedName(name)
        guard !name.isEmpty else {
            throw FootprintStoreError.invalidValue(name: "category name", value: "“”", reason: "it is empty")
        }
        try HexColor.check(color, name: "colour")
        return try write { db in
            if try Self.categoryID(named: name, in: db) != nil { throw FootprintStoreError.categoryExists(name: name) }
            try db.execute(sql: "INSERT INTO categories(name, color) VALUES (?, ?)", arguments: [name, color])
            return LogCategory(id: db.lastInsertedRowID, name: name, color: color)
        }
    }

    /// Every category by name, with how many entries use it.
    public func categories() throws -> [LogCategory] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id, c.name, c.color, (SELECT count(*) FROM log_entries e WHERE e.category_id = c.id)
                    FROM categories c ORDER BY c.name, c.id
                    """
            ).map { LogCategory(id: $0[0], name: $0[1], color: $0[2], entryCount: $0[3]) }
        }
    }

    /// Removes a category no entry uses.
    ///
    /// - Throws: ``FootprintStoreError/categoryNotFound(name:)``;
    ///   ``FootprintStoreError/categoryInUse(name:entries:)`` while entries use it (the schema
    ///   would quietly detach them; a diary does not lose what the user filed).
    public func removeCategory(named name: String) throws {
        let name = LogCategory.normalizedName(name)
        return try write { db in
            guard let id = try Self.categoryID(named: name, in: db) else {
                throw FootprintStoreError.categoryNotFound(name: name)
            }
            let used =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM log_entries WHERE category_id = ?", arguments: [id])
                ?? 0
            guard used == 0 else { throw FootprintStoreError.categoryInUse(name: name, entries: used) }
            try db.execute(sql: "DELETE FROM categories WHERE id = ?", arguments: [id])
        }
    }

    /// The id of the category named `name` (normalized here, so every caller matches names alike).
    static func categoryID(named name: String, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM categories WHERE name = ?", arguments: [LogCategory.normalizedName(name)])
    }
}
