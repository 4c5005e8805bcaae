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

    /// Points of inserted rows (their ids are new to the index).
    private var ids: [Int64] = []
    private var longitudes: [Double] = []
    private var latitudes: [Double] = []
    /// Points of updated rows that moved, by id (the last move wins): their old entry must go.
    private(set) var moved: [Int64: (longitude: Double, latitude: Double)] = [:]

    var isEmpty: Bool { ids.isEmpty && moved.isEmpty }
    /// Entries to write (a row inserted then moved within the batch counts twice).
    var count: Int { ids.count + moved.count }

    mutating func add(id: Int64, longitude: Double, latitude: Double, moved: Bool) {
        if moved {
            self.moved[id] = (longitude, latitude)
        } else {
            ids.append(id)
            longitudes.append(longitude)
            latitudes.append(latitude)
        }
    }

    /// Calls `body` once per id with its final point: inserted rows first, then moved ones.
    func forEachEntry(_ body: (Int64, Double, Double) throws -> Void) rethrows {
        var moved = self.moved
        for index in ids.indices {
            let id = ids[index]
            if let point = moved.removeValue(forKey: id) {
                try body(id, point.longitude, point.latitude)
            } else {
                try body(id, longitudes[index], latitudes[index])
            }
        }
        for (id, point) in moved { try body(id, point.longitude, point.latitude) }
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
            db, path: path,
            sql: "INSERT OR REPLACE INTO \(Self.table)(pkid, xmin, xmax, ymin, ymax) VALUES (?, ?, ?, ?, ?)")
        try forEachEntry { id, longitude, latitude in
            statement.bind(1, id)
            statement.bind(2, longitude)
            statement.bind(3, longitude)
            statement.bind(4, latitude)
            statement.bind(5, latitude)
            try statement.run()
        }
        return existing + ids.count
    }
}
