import GRDB

/// The `recommend_candidates` rows of the places a batch inserts, collected as they are written
/// and inserted in key order at the batch's end (``PlaceBatchWriter/recordChanges(_:insertedAbove:)``),
/// as the trigger `recommend_candidates_insert` would have written them one by one.
///
/// The keys are sorted by radix (a million in ~20 ms) and the rows bound from the values the
/// batch bound to `places`, where `INSERT … SELECT … ORDER BY cell, id` from `places` (2.1 s at
/// 1M peer places) had SQLite's sorter order whole rows: ~1.8 s of selecting and sorting alone,
/// measured in `sqlite3`. Binding a row a statement costs ~1 µs, so the writing thread gains
/// ~0.4 s of CPU.
struct CandidateRows {
    private struct Row {
        var latitude: Double
        var longitude: Double
        var likes: Int
        var bestTime: String?
        var category: String?
        var tags: String
        var name: String
    }

    /// Rows of a batch at most (their position takes the low bits of a sort key).
    private static let indexBits = 24
    private var rows: [Row] = []
    private var keys: [UInt64] = []
    /// False once a place had a position whose cell the key cannot hold: the batch's rows are
    /// then written from `places` (``PlaceBatchWriter``'s statement).
    private(set) var isComplete = true

    var count: Int { rows.count }

    /// Adds the row of a place just inserted (the next id of the batch's run of ids).
    mutating func append(_ place: ImportedPlace) {
        guard isComplete, rows.count < 1 << Self.indexBits,
            (-90.0...90.0).contains(place.latitude), (-180.0...180.0).contains(place.longitude)
        else {
            isComplete = false
            return
        }
        // `RecommendationCells.cellSQL`: CAST truncates toward zero, as Int64(_:) does.
        let cell =
            Int64((place.latitude + 90) * RecommendationCells.perDegree) * 200_000
            + Int64((place.longitude + 180) * RecommendationCells.perDegree)
        keys.append(UInt64(cell) << UInt64(Self.indexBits) | UInt64(rows.count))
        rows.append(
            Row(
                latitude: place.latitude, longitude: place.longitude, likes: place.likes, bestTime: place.bestTime,
                category: place.category, tags: place.tags, name: place.name))
    }

    /// Inserts the rows in (cell, id) order, the places' ids being `firstID`, `firstID + 1`, ….
    mutating func insert(_ db: Database, path: String, firstID: Int64) throws {
        // Stable: within a cell the positions, and so the ids, stay ascending.
        RadixSort.sort(&keys, bits: Self.indexBits..<64)
        let statement = try RawStatement(
            db, path: path,
            sql: """
                INSERT OR REPLACE INTO recommend_candidates (cell, \(RecommendationCells.columns))
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """)
        let mask = UInt64(1 << Self.indexBits - 1)
        for key in keys {
            let index = Int(key & mask)
            let row = rows[index]
            statement.bind(1, Int64(key >> UInt64(Self.indexBits)))
            statement.bind(2, firstID + Int64(index))
            statement.bind(3, row.latitude)
            statement.bind(4, row.longitude)
            statement.bind(5, row.likes)
            statement.bind(6, row.bestTime)
            statement.bind(7, row.category)
            statement.bind(8, row.tags)
            statement.bind(9, row.name)
            try statement.run()
        }
    }
}
