import GRDB

/// Migration `v6-service-sources`: places imported from Kakao or Naver responses before those
/// were keyed by the service (`kakao` + Kakao's id, `naver` + name|address) were recorded under
/// the file's name, so the same Kakao place saved in two responses became two places. This
/// moves them to the service's source.
///
/// Which rows those were is told from what the importer wrote: a source whose name ends in
/// `.json` (the names Kakao and Naver responses are saved under; GeoJSON files end in
/// `.geojson`, CSV in `.csv`), whose places all have `likes` 0 and no `visit_time` (neither
/// service carries them; CSV and GeoJSON may), and whose ids — of its places and of its removed
/// places in `removed_sources` — all have one service's shape:
/// - Kakao: digits only (a document's `id`), or `NAME@LAT,LON` with decimals (a document without
///   one), at least one of the former;
/// - Naver: `NAME|ADDRESS`, or `NAME@MAPX,MAPY` with integers (an item without address).
///
/// When several rows come to the same (service, id) — the same place in two files, or one
/// already imported under the service's name — the one updated last is kept (ties: the later
/// id); the others' visits, photos and diary entries move to it and they are deleted, leaving
/// no tombstone. A removed place's tombstone is re-keyed too, unless a place with the same
/// (service, id) lives: that place is what the user has.
enum ServiceSources {
    static func migrateV6(_ db: Database) throws {
        let names = try String.fetchAll(
            db,
            sql: """
                SELECT source FROM places WHERE source LIKE '%.json' AND source_id IS NOT NULL
                UNION SELECT source FROM removed_sources WHERE source LIKE '%.json'
                """)
        for name in names {
            guard let service = try service(of: name, db) else { continue }
            try move(name, to: service, db)
        }
    }

    /// `kakao`, `naver` or `nil` for the source `name`, by the rule above.
    static func service(of name: String, _ db: Database) throws -> String? {
        let foreign = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM places WHERE source = ? AND (likes <> 0 OR visit_time IS NOT NULL))",
            arguments: [name])
        if foreign == true { return nil }
        let ids = try String.fetchAll(
            db,
            sql: """
                SELECT source_id FROM places WHERE source = ?1 AND source_id IS NOT NULL
                UNION ALL SELECT source_id FROM removed_sources WHERE source = ?1
                """, arguments: [name])
        if ids.allSatisfy({ isKakaoID($0) || isDerivedPlaceID($0) }) && ids.contains(where: isKakaoID) {
            return "kakao"
        }
        if !ids.isEmpty && ids.allSatisfy(isNaverID) { return "naver" }
        return nil
    }

    static func isKakaoID(_ id: String) -> Bool { !id.isEmpty && id.utf8.allSatisfy { (48...57).contains($0) } }

    /// `NAME|ADDRESS`, or `NAME@MAPX,MAPY` with integer `mapx`/`mapy`.
    static func isNaverID(_ id: String) -> Bool {
        if id.contains("|") { return true }
        return position(after: id).map { !$0.contains(".") } ?? false
    }

    /// `NAME@LAT,LON` with 6 decimals (``DerivedID/place(name:coordinate:)``).
    static func isDerivedPlaceID(_ id: String) -> Bool {
        position(after: id).map { $0.contains(".") } ?? false
    }

    /// The `X,Y` after the last `@` of `id` when both are numbers (sign, digits, a point).
    private static func position(after id: String) -> String? {
        guard let at = id.lastIndex(of: "@") else { return nil }
        let tail = id[id.index(after: at)...]
        let parts = tail.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in
                !part.isEmpty && part.contains(where: \.isNumber)
                    && part.enumerated().allSatisfy { index, character in
                        character.isASCII
                            && (character.isNumber || character == "." || (index == 0 && character == "-"))
                    }
            })
        else { return nil }
        return String(tail)
    }

    /// Moves the places and tombstones of source `name` (classified as `service`) to `service`.
    private static func move(_ name: String, to service: String, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT p.id, p.source_id,
                    (SELECT q.id FROM places q WHERE q.source = ?2 AND q.source_id = p.source_id) AS other,
                    p.updated_at,
                    (SELECT q.updated_at FROM places q WHERE q.source = ?2 AND q.source_id = p.source_id) AS other_updated
                FROM places p WHERE p.source = ?1 AND p.source_id IS NOT NULL
                """, arguments: [name, service])
        for row in rows {
            let id: Int64 = row["id"]
            let sourceID: String = row["source_id"]
            guard let other = row["other"] as Int64? else {
                try db.execute(sql: "UPDATE places SET source = ? WHERE id = ?", arguments: [service, id])
                continue
            }
            let updated: String = row["updated_at"]
            let otherUpdated: String = row["other_updated"]
            let keepsThis = (updated, id) > (otherUpdated, other)
            let (kept, dropped) = keepsThis ? (id, other) : (other, id)
            try merge(dropped, into: kept, db)
            if keepsThis {
                try db.execute(sql: "UPDATE places SET source = ? WHERE id = ?", arguments: [service, kept])
            }
            // The deletion left a tombstone the merge does not mean.
            try db.execute(
                sql: "DELETE FROM removed_sources WHERE source IN (?, ?) AND source_id = ?",
                arguments: [name, service, sourceID])
        }
        for sql in [
            "UPDATE OR IGNORE removed_sources SET source = ?2 WHERE source = ?1",
            "DELETE FROM removed_sources WHERE source = ?1 AND ?2 IS NOT NULL",
            """
            DELETE FROM removed_sources WHERE source = ?2
                AND source_id IN (SELECT source_id FROM places WHERE source = ?2 AND source_id IS NOT NULL)
            """,
        ] {
            try db.execute(sql: sql, arguments: [name, service])
        }
    }

    /// Moves what refers to place `dropped` to `kept` and deletes `dropped`.
    private static func merge(_ dropped: Int64, into kept: Int64, _ db: Database) throws {
        for table in ["visits", "photos"] {
            try db.execute(sql: "UPDATE \(table) SET place_id = ? WHERE place_id = ?", arguments: [kept, dropped])
        }
        try db.execute(
            sql: "UPDATE OR IGNORE log_entry_places SET place_id = ? WHERE place_id = ?", arguments: [kept, dropped])
        try db.execute(sql: "DELETE FROM log_entry_places WHERE place_id = ?", arguments: [dropped])
        try db.execute(sql: "DELETE FROM places WHERE id = ?", arguments: [dropped])
    }
}
