import GRDB

extension FootprintStore {
    /// Adds a log entry; its photos are attached to it (a photo belongs to one entry: attaching
    /// it here takes it from the entry it was in).
    ///
    /// - Throws: `invalidValue` (a bad date, an empty title, negative minutes);
    ///   ``FootprintStoreError/categoryNotFound(name:)``, ``FootprintStoreError/placeNotFound(id:)``,
    ///   ``FootprintStoreError/photoNotFound(id:)``. Nothing is written then.
    public func addLogEntry(_ entry: NewLogEntry) throws -> LogEntry {
        try entry.validate()
        let id = try write { db -> Int64 in
            var categoryID: Int64?
            if let category = entry.category {
                guard let id = try Self.categoryID(named: category, in: db) else {
                    throw FootprintStoreError.categoryNotFound(name: LogCategory.normalizedName(category))
                }
                categoryID = id
            }
            for placeID in entry.placeIDs where try !Place.exists(db, key: placeID) {
                throw FootprintStoreError.placeNotFound(id: placeID)
            }
            for photoID in entry.photoIDs where try !Photo.exists(db, key: photoID) {
                throw FootprintStoreError.photoNotFound(id: photoID)
            }
            try db.execute(
                sql:
                    "INSERT INTO log_entries(local_date, title, body, category_id, walk_minutes) VALUES (?, ?, ?, ?, ?)",
                arguments: [entry.date, entry.title, entry.body, categoryID, entry.walkMinutes])
            let id = db.lastInsertedRowID
            for placeID in Set(entry.placeIDs) {
                try db.execute(
                    sql: "INSERT INTO log_entry_places(entry_id, place_id) VALUES (?, ?)", arguments: [id, placeID])
            }
            for photoID in Set(entry.photoIDs) {
                try db.execute(sql: "UPDATE photos SET entry_id = ? WHERE id = ?", arguments: [id, photoID])
            }
            return id
        }
        return try logEntry(id: id)
    }

    /// The entry with this id.
    ///
    /// - Throws: ``FootprintStoreError/logEntryNotFound(id:)``.
    public func logEntry(id: Int64) throws -> LogEntry {
        try read { db in
            guard let entry = try Self.logEntries(in: db, where: "e.id = ?", arguments: [id]).first else {
                throw FootprintStoreError.logEntryNotFound(id: id)
            }
            return entry
        }
    }

    /// Log entries by date then id, of one day and/or one category when given.
    ///
    /// - Throws: `invalidValue` for a date that is not real; ``FootprintStoreError/categoryNotFound(name:)``.
    public func logEntries(on date: String? = nil, category: String? = nil) throws -> [LogEntry] {
        if let date { try LocalDate.check(date) }
        return try read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let date {
                conditions.append("e.local_date = ?")
                arguments += [date]
            }
            if let category {
                guard let id = try Self.categoryID(named: category, in: db) else {
                    throw FootprintStoreError.categoryNotFound(name: LogCategory.normalizedName(category))
                }
                conditions.append("e.category_id = ?")
                arguments += [id]
            }
            return try Self.logEntries(
                in: db, where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments: arguments)
        }
    }

    /// Removes a log entry; its photos stay, detached from it.
    ///
    /// - Throws: ``FootprintStoreError/logEntryNotFound(id:)``.
    public func removeLogEntry(id: Int64) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM log_entries WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { throw FootprintStoreError.logEntryNotFound(id: id) }
        }
    }

    static func logEntries(in db: Database, where condition: String, arguments: StatementArguments) throws
        -> [LogEntry]
    {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT e.id, e.local_date, e.title, e.body, c.name, c.color, e.walk_minutes, e.created_at,
                    (SELECT group_concat(place_id) FROM (SELECT place_id FROM log_entry_places
                        WHERE entry_id = e.id ORDER BY place_id)),
                    (SELECT group_concat(id) FROM (SELECT id FROM photos WHERE entry_id = e.id ORDER BY id))
                FROM log_entries e LEFT JOIN categories c ON c.id = e.category_id
                WHERE \(condition) ORDER BY e.local_date, e.id
                """, arguments: arguments)
        return rows.map { row in
            LogEntry(
                id: row[0], date: row[1], title: row[2], body: row[3], category: row[4], categoryColor: row[5],
                walkMinutes: row[6], placeIDs: ids(row[8]), photoIDs: ids(row[9]), createdAt: row[7])
        }
    }

    private static func ids(_ text: String?) -> [Int64] {
        (text ?? "").split(separator: ",").compactMap { Int64($0) }
    }
}
