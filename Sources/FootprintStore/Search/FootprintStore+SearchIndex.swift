import GRDB

/// The parts of the search index (``FootprintStore/rebuildSearchIndex(_:)``).
public struct SearchIndexParts: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `search_names`: place names, with 초성 (chosung — initial consonant) terms.
    public static let names = SearchIndexParts(rawValue: 1 << 0)
    /// `search_short_fields` (category, tags), `search_text` (address, road address, note) and the
    /// long fields' lengths (`search_field_lengths`).
    public static let text = SearchIndexParts(rawValue: 1 << 1)
    public static let all: SearchIndexParts = [.names, .text]
}

/// What the search index occupies in the file (SQLite `dbstat`: every page of the FTS5 tables'
/// shadow tables).
public struct SearchIndexSize: Hashable, Sendable {
    /// Bytes of everything built for name search (`search_names_*`).
    public var nameBytes: Int
    /// Bytes of the other fields' indexes (`search_short_fields_*`, `search_text_*`).
    public var textBytes: Int
}

extension FootprintStore {
    /// Brings the search index up to date with every change to places since it was last updated,
    /// including those other tools made. Every Footprint write does it at its end; call it after
    /// writes that bypass ``FootprintStore`` (a bulk import run outside `write`).
    public func updateSearchIndex() throws {
        try write { _ in }
    }

    /// Builds the search index anew from `places` (FTS5 `'rebuild'`), in one transaction.
    public func rebuildSearchIndex(_ parts: SearchIndexParts = .all) throws {
        try write { db in
            if parts == .all {
                try SearchIndex.rebuild(db)
                return
            }
            // Pending changes first: they hold the text the other part still indexes.
            try SearchIndex.fold(db)
            if parts.contains(.names) {
                try db.execute(sql: "INSERT INTO search_names(search_names) VALUES ('rebuild')")
            }
            if parts.contains(.text) {
                try db.execute(sql: "INSERT INTO search_text(search_text) VALUES ('rebuild')")
                try SearchIndex.rebuildFieldLengths(db)
            }
        }
    }

    /// The bytes the search index occupies.
    public func searchIndexSize() throws -> SearchIndexSize {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT name LIKE 'search\\_names\\_%' ESCAPE '\\', sum(pgsize) FROM dbstat
                    WHERE name LIKE 'search\\_names\\_%' ESCAPE '\\' OR name LIKE 'search\\_text\\_%' ESCAPE '\\'
                        OR name LIKE 'search\\_short\\_fields\\_%' ESCAPE '\\'
                    GROUP BY 1
                    """)
            var size = SearchIndexSize(nameBytes: 0, textBytes: 0)
            for row in rows {
                if row[0] as Bool { size.nameBytes = row[1] } else { size.textBytes = row[1] }
            }
            return size
        }
    }
}
