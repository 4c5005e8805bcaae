import GRDB

extension FootprintStore {
    /// Calls `body` with each place by id, oldest first, as it is read: at most `limit` of them
    /// (`nil`: every place), beginning after the place with id `afterID` when it is given.
    ///
    /// Nothing is collected: one place is in memory at a time, so a listing of a million places
    /// costs the memory of one row (``places(limit:offset:)`` holds them all). The places are read
    /// from one snapshot of the file in one read transaction that stays open until `body` has seen
    /// the last one; an error `body` throws stops the listing and is rethrown.
    public func forEachPlace(limit: Int? = nil, afterID: Int64? = nil, _ body: (Place) throws -> Void) throws {
        try read { db in
            // Read through the page cache, not the memory map the read-only connection uses for
            // searches: every mapped page a listing touches would stay in the process's resident
            // set (~340 MB for a million places), every cached one is reused (a few MB).
            let mapSize = try Int.fetchOne(db, sql: "PRAGMA mmap_size") ?? 0
            if mapSize != 0 { try db.execute(sql: "PRAGMA mmap_size = 0") }
            defer { if mapSize != 0 { try? db.execute(sql: "PRAGMA mmap_size = \(mapSize)") } }
            var request = Place.order(Place.Columns.id)
            if let afterID { request = request.filter(Place.Columns.id > afterID) }
            let cursor = try request.limit(limit ?? -1).fetchCursor(db)
            while let place = try cursor.next() { try body(place) }
        }
    }
}
