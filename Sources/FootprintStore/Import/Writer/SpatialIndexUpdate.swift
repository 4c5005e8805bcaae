import GRDB

/// The entries a batch adds to SpatiaLite's R*Tree `idx_places_geom` (what the triggers
/// `gii_places_geom`/`giu_places_geom` would have added row by row), applied at the end of the
/// batch in whichever of two ways costs less:
///
/// - **incremental**: `INSERT OR REPLACE INTO idx_places_geom` per entry, SQLite's own R*Tree
///   insertion (~4–9 µs an entry here, as it rewrites a 1.2 KB node blob each time);
/// - **re-pack**: read the tree's current leaf entries, add the batch's, and write the whole tree
///   anew as a packed STR tree (``RTreePacker``), ~0.5 µs an entry of the whole tree.
///
/// A batch re-packs when `new × incremental > (existing + new) × re-pack`, i.e. when it adds more
/// than about a tenth of the tree: a first import of a million rows re-packs a few times as its
/// batches grow, a ten-row import into a large file inserts incrementally.
struct SpatialIndexUpdate {
    /// The R*Tree SpatiaLite keeps for `places.geom`.
    static let table = "idx_places_geom"
    /// Measured cost ratio of an incremental insertion to re-packing one entry (see the type's
    /// documentation; release build, 1M points).
    static let incrementalToRepackCost = 10.0

    /// Points to index: inserted rows, and updated rows whose point moved.
    private(set) var ids: [Int64] = []
    private(set) var longitudes: [Double] = []
    private(set) var latitudes: [Double] = []
    /// Updated rows among them, whose old entry must go.
    private(set) var movedIDs: Set<Int64> = []

    var isEmpty: Bool { ids.isEmpty }
    var count: Int { ids.count }

    mutating func add(id: Int64, longitude: Double, latitude: Double, moved: Bool) {
        ids.append(id)
        longitudes.append(longitude)
        latitudes.append(latitude)
        if moved { movedIDs.insert(id) }
    }

    /// Whether applying to a tree of `existing` entries should re-pack it.
    func shouldRepack(existing: Int) -> Bool {
        Double(count) * Self.incrementalToRepackCost > Double(existing + count)
    }

    /// Writes the entries into the index, the cheaper way; returns the index's entry count after.
    func apply(_ db: Database, path: String, existing: Int) throws -> Int {
        if isEmpty { return existing }
        if shouldRepack(existing: existing) {
            return try RTreePacker(db, path: path, table: Self.table).repack(adding: self)
        }
        let statement = try RawStatement(
            db, path: path, sql: "INSERT OR REPLACE INTO \(Self.table)(pkid, xmin, xmax, ymin, ymax) VALUES (?, ?, ?, ?, ?)")
        for index in ids.indices {
            statement.bind(1, ids[index])
            statement.bind(2, longitudes[index])
            statement.bind(3, longitudes[index])
            statement.bind(4, latitudes[index])
            statement.bind(5, latitudes[index])
            try statement.run()
        }
        return existing + count - movedIDs.count
    }
}
