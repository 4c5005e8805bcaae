import GRDB

extension SearchIndex {
    /// Migration `v2-search-index`: the FTS5 tables, `place_changes` carrying the indexed text of
    /// a changed place, its triggers rewritten to fill it, and the index built from the places.
    ///
    /// The triggers stay plain SQL (ARCHITECTURE.md, "Other tools can still write the file"): an
    /// INSERT records the place as new (`indexed = 0`); an UPDATE of a searchable column or a
    /// DELETE records the OLD text (`indexed = 1`). When the place is already pending, only
    /// `deleted` changes: the first change since the last fold holds what the index has.
    static func createSchemaV2(_ db: Database) throws {
        let old = textColumns.map { "old_" + $0 }
        let oldValues = textColumns.map { "OLD." + $0 }
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE search_names USING fts5(
                    name, content='places', content_rowid='id', tokenize='footprint chosung', columnsize=0);
                CREATE VIRTUAL TABLE search_text USING fts5(
                    \(textColumns.joined(separator: ", ")), content='places', content_rowid='id',
                    tokenize='footprint');
                -- 32 MiB of pending terms before FTS5 writes a segment (default 1 MiB): a rebuild of
                -- 1M names takes 1.3 s instead of 2.5-3.1 s, with fewer segments to merge later.
                INSERT INTO search_names(search_names, rank) VALUES ('hashsize', 33554432);
                INSERT INTO search_text(search_text, rank) VALUES ('hashsize', 33554432);

                ALTER TABLE place_changes ADD COLUMN indexed INTEGER;
                ALTER TABLE place_changes ADD COLUMN old_name TEXT;
                \(old.map { "ALTER TABLE place_changes ADD COLUMN \($0) TEXT;" }.joined(separator: "\n"))

                DROP TRIGGER place_changes_insert;
                DROP TRIGGER place_changes_update;
                DROP TRIGGER place_changes_delete;
                CREATE TRIGGER place_changes_insert AFTER INSERT ON places BEGIN
                    INSERT INTO place_changes(place_id, deleted, indexed) VALUES (NEW.id, 0, 0)
                    ON CONFLICT(place_id) DO UPDATE SET deleted = excluded.deleted;
                END;
                CREATE TRIGGER place_changes_update
                AFTER UPDATE OF id, name, \(textColumns.joined(separator: ", ")) ON places BEGIN
                    INSERT INTO place_changes(place_id, deleted, indexed, old_name, \(old.joined(separator: ", ")))
                    VALUES (OLD.id, NEW.id IS NOT OLD.id, 1, OLD.name, \(oldValues.joined(separator: ", ")))
                    ON CONFLICT(place_id) DO UPDATE SET deleted = excluded.deleted;
                    INSERT INTO place_changes(place_id, deleted, indexed) SELECT NEW.id, 0, 0 WHERE NEW.id IS NOT OLD.id
                    ON CONFLICT(place_id) DO UPDATE SET deleted = excluded.deleted;
                END;
                CREATE TRIGGER place_changes_delete AFTER DELETE ON places BEGIN
                    INSERT INTO place_changes(place_id, deleted, indexed, old_name, \(old.joined(separator: ", ")))
                    VALUES (OLD.id, 1, 1, OLD.name, \(oldValues.joined(separator: ", ")))
                    ON CONFLICT(place_id) DO UPDATE SET deleted = excluded.deleted;
                END;
                """)
        try rebuild(db)
    }

    /// Migration `v12-search-tokens-3`: the tokenizer of 2026-11-24 — punctuation, symbols and
    /// emoji are skipped like spaces (`카페-온` is found by `카페온`, `KT&G` by `ktg`), chains of
    /// Latin words of any length join (`coffeebeanandtealeaf`), and `search_names` also indexes
    /// the suffixes of Latin and digit words (`gv` in `CGV`, `25` in `GS25`) and marks the Hangul
    /// tokens that begin a word (`#강남`: the word-prefix matches looked up alone), which needs
    /// the table made anew with the `suffixes` and `starts` tokenizer options. Both tables are
    /// then built anew.
    static func createSchemaV12(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TABLE search_names;
                CREATE VIRTUAL TABLE search_names USING fts5(
                    name, content='places', content_rowid='id', tokenize='footprint chosung suffixes starts',
                    columnsize=0);
                INSERT INTO search_names(search_names, rank) VALUES ('hashsize', 33554432);
                """)
        try rebuild(db)
    }

    /// Migration `v15-search-typo`: `search_names` also indexes skip bigrams (the `skips` tokenizer
    /// option: `~스벅` at 타 in 스타벅스, and `~ㅅㅂ`), so that the fuzzy readings of a query
    /// (``FootprintHangul/FuzzyQuery``) can look up names with one syllable unknown, one left out,
    /// or abbreviated. The table is made anew and rebuilt; `search_text` is unchanged. On the
    /// benchmark's 1M places the search tables grow from 225 MB to ~260 MB.
    static func createSchemaV15(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TABLE search_names;
                CREATE VIRTUAL TABLE search_names USING fts5(
                    name, content='places', content_rowid='id',
                    tokenize='footprint chosung suffixes starts skips', columnsize=0);
                INSERT INTO search_names(search_names, rank) VALUES ('hashsize', 33554432);
                INSERT INTO search_names(search_names) VALUES ('rebuild');
                """)
    }

    /// Migration `v18-search-typo-2`: `search_names` no longer indexes the 초성 form of skip
    /// bigrams (`~ㅅㅂ`, a fifth of its entries: a 초성 abbreviation is looked up by 초성 bigrams),
    /// and the other names of merged places (``OtherNames``) get the skip bigrams, so that their
    /// typos are forgiven too. Both tables are made anew, and the index is rebuilt. On the
    /// benchmark's 1M places `search_names` shrinks from 78.4 MB to ~66 MB (48.7 MB before
    /// `v15-search-typo`).
    static func createSchemaV18(_ db: Database) throws {
        try remakeNameTables(db, tokenizer: "chosung suffixes starts skips", version: "v18")
    }

    /// Migration `v20-search-abbrev`: `search_names` and the other names of merged places also
    /// index abbreviation tokens (the `abbrevs` tokenizer option: `^파바`, `^파게`, `^파뜨` for
    /// 파리바게뜨, a word's first syllable with each later one from its third), so that an
    /// abbreviation is looked up by the words it may abbreviate alone, whatever syllables it
    /// keeps (`동플` of 동대문디자인플라자); the third syllable's replaces the skip bigram there.
    /// Both tables are made anew, and the index is rebuilt. On the benchmark's 1M places
    /// `search_names` grows from 65.3 MB to 72.1 MB, 1.48× its 48.7 MB before `v15-search-typo`
    /// (1.34× before; the 1.5× of issue 18 is why the third syllable's token replaces its skip
    /// bigram instead of joining it: both would make an estimated ~75 MB).
    static func createSchemaV20(_ db: Database) throws {
        try remakeNameTables(db, tokenizer: "chosung suffixes starts skips abbrevs", version: "v20")
    }

    /// Migration `v21-search-text-split`: `search_text` indexes the long fields only (address,
    /// road address, note: ``longTextColumns``), since `search_short_fields` (`v8-address-search`)
    /// holds category and tags already; a look-up in any other field reads both
    /// (``otherFieldIDs(_:expression:)``). `columnsize=0`: nothing reads its field lengths, and
    /// `search_short_fields`' `docsize` tells which places are indexed. The table is made anew and
    /// the index rebuilt (pending changes hold the text the old table indexed; 7.7 s at 1M places).
    /// On the benchmark's 1M places, which have no address or note, `search_text` shrinks from
    /// 42.3 MB to a few pages and a first import takes 18.5 s instead of 20.4 s.
    static func createSchemaV21(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TABLE search_text;
                CREATE VIRTUAL TABLE search_text USING fts5(
                    address, road_address, note, content='places', content_rowid='id', tokenize='footprint',
                    columnsize=0);
                INSERT INTO search_text(search_text, rank) VALUES ('hashsize', 33554432);
                """)
        try rebuild(db)
    }

    /// Makes `search_names` and the other names' table anew with the `footprint` tokenizer's
    /// `tokenizer` options (the other names' rows copied through a table suffixed `version`), then
    /// rebuilds the index: what a migration that changes the name tokens does.
    private static func remakeNameTables(_ db: Database, tokenizer: String, version: String) throws {
        let other = OtherNames.table
        try db.execute(
            sql: """
                DROP TABLE search_names;
                CREATE VIRTUAL TABLE search_names USING fts5(
                    name, content='places', content_rowid='id',
                    tokenize='footprint \(tokenizer)', columnsize=0);
                INSERT INTO search_names(search_names, rank) VALUES ('hashsize', 33554432);
                CREATE VIRTUAL TABLE \(other)_\(version) USING fts5(
                    name, place_id UNINDEXED, tokenize='footprint \(tokenizer)');
                INSERT INTO \(other)_\(version)(\(other)_\(version), rank) VALUES ('hashsize', 33554432);
                INSERT INTO \(other)_\(version)(rowid, name, place_id) SELECT rowid, name, place_id FROM \(other);
                DROP TABLE \(other);
                ALTER TABLE \(other)_\(version) RENAME TO \(other);
                """)
        try rebuild(db)
    }
}
