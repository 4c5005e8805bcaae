import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// After a bulk import the file is a normal SpatiaLite database: the triggers are back verbatim,
/// SpatiaLite's R*Tree holds one correct entry per place (checked by SQLite's `rtreecheck` and
/// SpatiaLite's `CheckSpatialIndex`, and against entries SQLite's own insertion computes), and
/// SpatiaLite's triggers keep working on it.
@Suite struct BulkIndexTests {
    /// `count` places spread over Korea by a fixed linear congruential sequence.
    static func csv(count: Int, seed: UInt64 = 20_240_504, firstID: Int = 1) -> String {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var text = "id,name,lat,lon\n"
        for id in firstID..<(firstID + count) {
            text += "\(id),곳 \(id),\(33.1 + 5.5 * next()),\(126.0 + 3.6 * next())\n"
        }
        return text
    }

    static func triggers(_ store: FootprintStore) throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db, sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
    }

    /// Checks every invariant of the spatial index against `places`.
    static func checkIndex(_ test: ImportTestStore, expectedCount: Int) throws {
        try test.store.read { db in
            #expect(try String.fetchOne(db, sql: "SELECT rtreecheck('idx_places_geom')") == "ok")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM places") == expectedCount)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM idx_places_geom") == expectedCount)
            let covered = try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM places p JOIN idx_places_geom r ON r.pkid = p.id
                    WHERE r.xmin <= p.longitude AND r.xmax >= p.longitude AND r.ymin <= p.latitude AND r.ymax >= p.latitude
                        AND r.xmax - r.xmin < 1e-4 AND r.ymax - r.ymin < 1e-4
                    """)
            #expect(covered == expectedCount)
        }
        // SpatiaLite's own check compares every geometry's MBR with its index entry.
        let spatiaLiteCheck = try test.store.write { db in
            try Int.fetchOne(db, sql: "SELECT CheckSpatialIndex('places', 'geom')")
        }
        #expect(spatiaLiteCheck == 1)
    }

    /// A re-packed tree leaves a fifth of each node free, so that a later small import inserts
    /// without splitting its leaves (a split rewrites every entry's `_rowid` row).
    @Test func aPackedTreeLeavesRoomInItsNodes() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("many.csv", Self.csv(count: 5_000)))
        let (fullest, leaves) = try test.store.read { db in
            // A node's third and fourth bytes hold its cell count.
            let counts = try Data.fetchAll(db, sql: "SELECT data FROM idx_places_geom_node")
                .map { Int($0[$0.startIndex + 2]) << 8 | Int($0[$0.startIndex + 3]) }
            let leaves = try Int.fetchOne(db, sql: "SELECT count(DISTINCT nodeno) FROM idx_places_geom_rowid") ?? 0
            return (counts.max() ?? 0, leaves)
        }
        #expect(fullest == Int(51 * RTreePacker.packedFill))
        #expect(leaves == (5_000 + 39) / 40)
        // 300 more places, inserted one by one by SQLite's R*Tree: no leaf had to split.
        _ = try test.store.importPlaces(
            from: try test.file("more.csv", Self.csv(count: 300, seed: 7, firstID: 5_001)),
            options: ImportOptions(source: "many.csv"))
        let leavesAfter = try test.store.read { db in
            try Int.fetchOne(db, sql: "SELECT count(DISTINCT nodeno) FROM idx_places_geom_rowid") ?? 0
        }
        #expect(leavesAfter == leaves)
        try Self.checkIndex(test, expectedCount: 5_300)
    }

    @Test func bulkImportLeavesANormalSpatiaLiteFile() throws {
        let test = try ImportTestStore()
        let triggersBefore = try Self.triggers(test.store)
        let url = try test.file("many.csv", Self.csv(count: 5_000))
        var commits = 0
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(batchSize: 700)) { progress in
            if progress.committed { commits += 1 }
        }
        #expect(summary.inserted == 5_000)
        #expect(commits == 3)  // 700, then 2,100, then the rest (estimated from the bytes read)
        #expect(try Self.triggers(test.store) == triggersBefore)
        // The import recorded its rows in place_changes and folded them into the search index.
        let (pending, indexed) = try test.store.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM search_short_fields_docsize")
            )
        }
        #expect(pending == 0)
        #expect(indexed == 5_000)
        try Self.checkIndex(test, expectedCount: 5_000)
        try test.store.read { db in
            let lastInsert = try String.fetchOne(
                db, sql: "SELECT last_insert FROM geometry_columns_time WHERE f_table_name = 'places'")
            #expect(lastInsert?.hasPrefix("20") == true)
        }
    }

    /// The packed entries are bit-for-bit what SQLite's rtree stores for the same points
    /// (rtree.c's float rounding), and window queries find the same rows as a scan.
    @Test func packedEntriesEqualSQLitesOwn() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("many.csv", Self.csv(count: 3_000)))
        try test.store.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.reference USING rtree(pkid, xmin, xmax, ymin, ymax)")
            try db.execute(
                sql: "INSERT INTO temp.reference SELECT id, longitude, longitude, latitude, latitude FROM places")
            let different = try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM idx_places_geom i JOIN temp.reference r ON r.pkid = i.pkid
                    WHERE i.xmin != r.xmin OR i.xmax != r.xmax OR i.ymin != r.ymin OR i.ymax != r.ymax
                    """)
            #expect(different == 0)
            for (west, south, east, north) in [
                (126.9, 37.4, 127.2, 37.7), (128.0, 35.0, 129.5, 36.0), (126.0, 33.1, 126.01, 33.2),
            ] {
                let indexed = try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM idx_places_geom WHERE xmax >= ? AND xmin <= ? AND ymax >= ? AND ymin <= ?",
                    arguments: [west, east, south, north])
                let scanned = try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM places WHERE longitude BETWEEN ? AND ? AND latitude BETWEEN ? AND ?",
                    arguments: [west, east, south, north])
                #expect(indexed == scanned)
            }
            try db.execute(sql: "DROP TABLE temp.reference")
        }
    }

    /// A small import into a large index takes SQLite's own insertion path; either way SpatiaLite's
    /// triggers go on working afterwards.
    @Test func incrementalUpdatesAndSpatiaLiteWritesAfterwards() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("many.csv", Self.csv(count: 2_000)))
        let few = try test.file("few.csv", Self.csv(count: 10, seed: 7, firstID: 9_001))
        let summary = try test.store.importPlaces(from: few)
        #expect(summary.inserted == 10)
        try Self.checkIndex(test, expectedCount: 2_010)
        try test.store.write { db in
            try db.execute(
                sql: "INSERT INTO places(name, geom) VALUES ('spatialite', MakePoint(127.5, 36.5, 4326))")
            try db.execute(sql: "DELETE FROM places WHERE source_id IN ('1', '2', '3')")
            try db.execute(sql: "UPDATE places SET geom = MakePoint(128.25, 35.25, 4326) WHERE source_id = '4'")
        }
        try Self.checkIndex(test, expectedCount: 2_008)
        let moved = try test.places()["4"]
        #expect(moved?["latitude"] as Double? == 35.25)
    }

    @Test func costModelChoosesRepackForLargeBatches() {
        var update = SpatialIndexUpdate()
        for id in 0..<100 { update.add(id: Int64(id), longitude: 127, latitude: 37, moved: false) }
        #expect(update.shouldRepack(existing: 0))
        #expect(update.shouldRepack(existing: 800))
        #expect(!update.shouldRepack(existing: 10_000))
    }

    @Test func roundingMatchesRtreeC() throws {
        // rtree.c rounds outwards with (1 ∓ 2⁻²³) factors; SQLite's own table is the reference.
        let values: [Double] = [
            0, -0.0, 1, -1, 37.54475, 126.951429, -33.8688, 151.2093, 1e-40, -1e-40, 3.4028234663852886e38,
            0.1, -0.1, 89.99999999, -179.9999999,
        ]
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING rtree(id, xmin, xmax)")
            for (index, value) in values.enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [index, value, value])
            }
            for (index, value) in values.enumerated() {
                let row = try #require(
                    try Row.fetchOne(db, sql: "SELECT xmin, xmax FROM t WHERE id = ?", arguments: [index]))
                #expect(Float(row["xmin"] as Double) == RTreePacker.roundedDown(value), "\(value)")
                #expect(Float(row["xmax"] as Double) == RTreePacker.roundedUp(value), "\(value)")
            }
        }
    }
}

/// A re-import that changes indexed names keeps the search index exact without a rebuild: the
/// update trigger stays in force during bulk batches and records the text the index holds.
@Suite struct ImportSearchIndexTests {
    @Test func reimportWithNewNamesIsSearchable() throws {
        let test = try ImportTestStore()
        let first = try test.file("p.csv", "id,name,lat,lon\n1,망원 한강공원,37.555,126.895\n2,서울숲,37.5444,127.0374\n")
        _ = try test.store.importPlaces(from: first, options: ImportOptions(source: "p.csv"))
        let second = try test.file("p.csv", "id,name,lat,lon\n1,여의도 한강공원,37.528,126.934\n2,서울숲,37.5444,127.0374\n")
        let summary = try test.store.importPlaces(from: second, options: ImportOptions(source: "p.csv"))
        #expect(summary.updated == 1)
        #expect(try test.store.search(SearchQuery("여의도")).map(\.place.name) == ["여의도 한강공원"])
        #expect(try test.store.search(SearchQuery("망원")).isEmpty)
        #expect(try test.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM place_changes") } == 0)
    }
}
