import GRDB

/// The `recommend_candidates` rows of a batch's new places (what the suspended trigger
/// `recommend_candidates_insert` would have written), inserted in the table's key order
/// (cell, id) so each lands next to the last, one pass down the B-tree.
///
/// The order is sorted here, on (cell, id) keys packed in 64 bits (``RadixSort``), and each row
/// is then copied from `places` by id: SQLite's own `ORDER BY` sorted the whole rows (name, tags,
/// category) and spent ~1.9 s of CPU on the 1M-place benchmark's rows, the keys sort in ~20 ms.
/// The cell written is still the SQL expression's (``RecommendationCells/cellSQL``); the one
/// computed here only orders the inserts.
enum RecommendationCandidateRows {
    /// Bits of a packed key that hold the row's place in the batch; the cell (≤ 2³⁵) goes above.
    private static let positionBits = 29

    /// Inserts the rows of the places with an id above `lastIDBefore`.
    static func insert(_ db: Database, path: String, placesAbove lastIDBefore: Int64) throws {
        let scan = try RawStatement(
            db, path: path,
            sql: """
                SELECT id, latitude, longitude FROM places
                WHERE id > ?1 AND latitude IS NOT NULL AND longitude IS NOT NULL
                """)
        scan.bind(1, lastIDBefore)
        var ids: [Int64] = []
        var keys: [UInt64] = []
        while try scan.step() {
            let cell =
                RecommendationCells.band(scan.double(1)) * RecommendationCells.stride
                + RecommendationCells.column(scan.double(2))
            keys.append(UInt64(cell) << UInt64(positionBits) | UInt64(ids.count))
            ids.append(scan.int64(0))
        }
        guard !ids.isEmpty else { return }
        guard ids.count < 1 << positionBits else {
            // More rows than a key can number (a strict import of half a billion rows): SQLite sorts.
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO recommend_candidates (cell, \(RecommendationCells.columns))
                    SELECT \(RecommendationCells.values(of: "places"))
                    FROM places WHERE id > ? AND latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY 1, 2
                    """,
                arguments: [lastIDBefore])
            return
        }
        // The scan gave ids in ascending order and the sort is stable: equal cells stay in id order.
        RadixSort.sort(&keys, bits: positionBits..<64)
        let insert = try RawStatement(
            db, path: path,
            sql: """
                INSERT OR REPLACE INTO recommend_candidates (cell, \(RecommendationCells.columns))
                SELECT \(RecommendationCells.values(of: "places")) FROM places
                WHERE id = ?1 AND latitude IS NOT NULL AND longitude IS NOT NULL
                """)
        let mask = UInt64(1 << positionBits - 1)
        for key in keys {
            insert.bind(1, ids[Int(key & mask)])
            try insert.run()
        }
    }
}
