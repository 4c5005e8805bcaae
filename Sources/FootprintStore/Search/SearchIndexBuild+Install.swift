import GRDB

extension SearchIndexBuild {
    /// Waits for the build and attaches its scratch file to `db` as ``schemaName``; false (and
    /// nothing attached) when the build was given up or failed. Call it outside a transaction:
    /// SQLite attaches only there.
    func attachIfComplete(_ db: Database) throws -> Bool {
        guard finish() else { return false }
        try db.execute(sql: "ATTACH DATABASE ? AS \(Self.schemaName)", arguments: [scratchPath])
        return true
    }

    /// Detaches the scratch file.
    func detach(_ db: Database) {
        try? db.execute(sql: "DETACH DATABASE \(Self.schemaName)")
    }

    /// Puts the attached scratch tables in place of the store's search tables, as
    /// ``SearchIndex/rebuild(_:)`` would have filled them, and empties `place_changes`; false
    /// (nothing changed) when the store's places are not exactly the rows handed over. Call it in
    /// the import's final transaction.
    ///
    /// Each table is dropped and made anew before its shadow tables are filled: an FTS5 table
    /// keeps its segment structure cached on the connection until another connection commits,
    /// so shadow tables changed under a live table would be read with the old structure.
    func install(_ db: Database) throws -> Bool {
        try checkUntouched(db)
        guard finish() else { return false }
        let places = try Int.fetchOne(db, sql: "SELECT count(*) FROM places") ?? -1
        let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes WHERE indexed = 0 AND deleted = 0")
        guard places == handedRows, pending == handedRows else { return false }
        for table in tables {
            try db.execute(sql: "DROP TABLE main.\(table.name)")
            try db.execute(sql: table.sql)
            for suffix in ["data", "idx", "docsize", "config"] {
                let shadow = "\(table.name)_\(suffix)"
                guard try db.tableExists(shadow) else { continue }
                try db.execute(
                    sql: """
                        DELETE FROM main.\(shadow);
                        INSERT INTO main.\(shadow) SELECT * FROM \(Self.schemaName).\(shadow);
                        """)
            }
        }
        try db.execute(sql: "DELETE FROM place_changes")
        try SearchIndex.rebuildFieldLengthRows(db)
        try OtherNames.rebuild(db)
        return true
    }
}
