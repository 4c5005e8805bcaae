import Foundation
import GRDB
import GRDBSQLite

/// What bounds each place's score before its row is read — position, likes and a lower bound of
/// its name's search-normalized length — held in memory by id, so that a ranked search near a
/// point can read its candidates best bound first and stop once no candidate left can enter the
/// results (``SearchRun/judgeNamesBestFirst(_:ids:bestTier:)``).
///
/// A two-syllable word is in thousands of names (3,491 at the median of the benchmark's 1,000
/// terms over 1M places); reading each row costs ~1.5 µs, a bound from these arrays ~20 ns.
/// Built from one scan of `places` (~0.5 s at 1M places, 24 MB), so only a store that searches
/// again and again builds it (``SearchRankCaches``).
final class SearchRankSnapshot: Sendable {
    /// What one place's bound needs, in one 24-byte entry: a candidate costs one cache miss, not
    /// one an array (four separate arrays cost ~4 misses of ~0.1 µs each; a two-syllable search
    /// bounds thousands of candidates).
    struct Entry {
        var latitude: Double
        var longitude: Double
        /// The part of the score that does not depend on the query, rounded up: the name's fit at
        /// its length bound and the popularity, weighted; ``absent`` where no place has the id.
        var fixedPart: Float
        /// A lower bound of the name's search-normalized length (``nameLengthBound(_:)``), capped
        /// at 255.
        var nameLength: UInt8
    }

    /// The reading connection's `PRAGMA data_version` when it was built: it changes when another
    /// connection commits, and the snapshot is then stale.
    let dataVersion: Int
    let firstID: Int64
    /// By id − ``firstID``.
    let entries: [Entry]

    static let absent = -Float.infinity

    private init(dataVersion: Int, firstID: Int64, entries: [Entry]) {
        self.dataVersion = dataVersion
        self.firstID = firstID
        self.entries = entries
    }

    /// Reads every place of `db`; `nil` when the ids are too sparse to be held by index (more
    /// than 4 ids a place).
    static func build(_ db: Database, dataVersion: Int) throws -> SearchRankSnapshot? {
        guard
            let range = try Row.fetchOne(db, sql: "SELECT min(id), max(id), count(*) FROM places"),
            let first = range[0] as Int64?, let last = range[1] as Int64?
        else {
            return SearchRankSnapshot(dataVersion: dataVersion, firstID: 0, entries: [])
        }
        let count: Int = range[2]
        let span = Int(last - first) + 1
        guard span <= 4 * count + 1024 else { return nil }
        var entries = [Entry](
            repeating: Entry(latitude: .nan, longitude: .nan, fixedPart: absent, nameLength: 0), count: span)
        let statement = try db.makeStatement(sql: "SELECT id, latitude, longitude, likes, name FROM places")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
            }
            var entry = Entry(latitude: .nan, longitude: .nan, fixedPart: 0, nameLength: 0)
            if sqlite3_column_type(handle, 1) != SQLITE_NULL { entry.latitude = sqlite3_column_double(handle, 1) }
            if sqlite3_column_type(handle, 2) != SQLITE_NULL { entry.longitude = sqlite3_column_double(handle, 2) }
            if let text = sqlite3_column_text(handle, 4) {
                let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, 4)))
                entry.nameLength = UInt8(min(255, nameLengthBound(bytes)))
            }
            let likes = sqlite3_column_int64(handle, 3)
            let fixed =
                SearchRun.fitWeight * SearchMatcher.fit(length: Int(entry.nameLength))
                + SearchRun.popularityWeight * min(1, log10(1 + Double(max(0, likes))) / 5)
            // Rounded up, so that it stays a bound of the score's part.
            entry.fixedPart = Float(fixed).nextUp
            entries[Int(sqlite3_column_int64(handle, 0) - first)] = entry
        }
        return SearchRankSnapshot(dataVersion: dataVersion, firstID: first, entries: entries)
    }

    /// The scalars of a UTF-8 name that search normalization always keeps, one each: ASCII letters
    /// and digits, and Hangul syllables (a syllable may absorb a following final jamo under NFC,
    /// and still counts one). Every other scalar counts nothing, so the count never exceeds the
    /// normalized length the matcher reports, with or without symbols kept.
    static func nameLengthBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var length = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                let lower = lead | 0x20
                if (0x30...0x39).contains(lead) || (0x61...0x7A).contains(lower) { length += 1 }
                index += 1
            } else if lead & 0xF0 == 0xE0, index + 2 < count {
                let value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                if value &- 0xAC00 < 11_172 { length += 1 }
                index += 3
            } else {
                index += 1
            }
        }
        return length
    }

    /// The entry of the place with this id; `nil` when no place has it.
    @inline(__always)
    func entry(of id: Int64) -> Entry? {
        let index = id &- firstID
        guard index >= 0, index < Int64(entries.count) else { return nil }
        let entry = entries[Int(index)]
        return entry.fixedPart == Self.absent ? nil : entry
    }
}

/// The store's ``SearchRankSnapshot``, built on the second ranked search near a point of a
/// read-only store (a command that searches once never pays for it), and built again when
/// another connection has committed since, at most once every ``rebuildInterval`` searches and
/// only once the data has stayed the same for ``stableSeconds``: a store written to all the
/// time searches without it. An import that commits every second would otherwise have one
/// search in 64 rebuild it (a scan of every place, ~0.25–0.5 s at 1M): the p99 of ranked
/// searches beside a 1M shared import was ~250 ms (`readers_during_import`), ~10 ms alone.
///
/// Only a read-only store has one: its single connection's `data_version` tells whether the
/// file changed. A writable store's readers are several connections whose versions cannot be
/// compared.
final class SearchRankCaches: @unchecked Sendable {
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private var searches = 0
    private var lastBuild = Int.min / 2
    private var snapshot: SearchRankSnapshot?
    /// The data version last seen, and when it was first seen.
    private var version: (value: Int, since: ContinuousClock.Instant)?
    /// How long the data must stay unchanged before a snapshot that a commit made stale is
    /// built again.
    let stableSeconds: Double

    static let rebuildInterval = 64

    init(stableSeconds: Double = 2) {
        self.stableSeconds = stableSeconds
    }

    /// The snapshot when it matches `db`'s current data, without counting a search or building.
    func current(_ db: Database) throws -> SearchRankSnapshot? {
        let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        return lock.withLock { snapshot?.dataVersion == version ? snapshot : nil }
    }

    /// The snapshot matching `db`'s current data, built now when due; `nil` when there is none.
    /// Called inside the search's read transaction (the pragma reads the version of its snapshot).
    func snapshot(_ db: Database) throws -> SearchRankSnapshot? {
        let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let (current, shouldBuild): (SearchRankSnapshot?, Bool) = lock.withLock {
            searches += 1
            if let snapshot, snapshot.dataVersion == version { return (snapshot, false) }
            snapshot = nil
            let now = clock.now
            let since: ContinuousClock.Instant
            if let seen = self.version, seen.value == version {
                since = seen.since
            } else {
                since = now
                self.version = (version, now)
            }
            // The first build waits for nothing: no commit has made a snapshot stale yet.
            let isStable = lastBuild < 0 || now - since >= .seconds(stableSeconds)
            return (nil, searches >= 2 && searches - lastBuild >= Self.rebuildInterval && isStable)
        }
        if let current { return current }
        guard shouldBuild else { return nil }
        let built = try SearchRankSnapshot.build(db, dataVersion: version)
        lock.withLock {
            lastBuild = searches
            snapshot = built
        }
        return built
    }
}
