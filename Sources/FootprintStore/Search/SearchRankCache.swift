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
/// Built from one scan of `places` (~0.5 s at 1M places, ~22 MB), so only a store that searches
/// again and again builds it (``SearchRankCaches``).
final class SearchRankSnapshot: Sendable {
    /// The reading connection's `PRAGMA data_version` when it was built: it changes when another
    /// connection commits, and the snapshot is then stale.
    let dataVersion: Int
    let firstID: Int64
    let latitudes: [Double]
    let longitudes: [Double]
    /// Likes, capped at ``likesCap`` (popularity is 1 from 99,999 likes on); ``absent`` where no
    /// place has the id.
    let likes: [Int32]
    /// A lower bound of the name's search-normalized length (``nameLengthBound(_:)``), capped at
    /// 255.
    let nameLengths: [UInt8]

    static let absent = Int32.min
    static let likesCap = 1_000_000

    private init(
        dataVersion: Int, firstID: Int64, latitudes: [Double], longitudes: [Double], likes: [Int32],
        nameLengths: [UInt8]
    ) {
        self.dataVersion = dataVersion
        self.firstID = firstID
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.likes = likes
        self.nameLengths = nameLengths
    }

    /// Reads every place of `db`; `nil` when the ids are too sparse to be held by index (more
    /// than 4 ids a place).
    static func build(_ db: Database, dataVersion: Int) throws -> SearchRankSnapshot? {
        guard
            let range = try Row.fetchOne(db, sql: "SELECT min(id), max(id), count(*) FROM places"),
            let first = range[0] as Int64?, let last = range[1] as Int64?
        else {
            return SearchRankSnapshot(
                dataVersion: dataVersion, firstID: 0, latitudes: [], longitudes: [], likes: [], nameLengths: [])
        }
        let count: Int = range[2]
        let span = Int(last - first) + 1
        guard span <= 4 * count + 1024 else { return nil }
        var latitudes = [Double](repeating: .nan, count: span)
        var longitudes = [Double](repeating: .nan, count: span)
        var likes = [Int32](repeating: absent, count: span)
        var nameLengths = [UInt8](repeating: 0, count: span)
        let statement = try db.makeStatement(sql: "SELECT id, latitude, longitude, likes, name FROM places")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
            }
            let index = Int(sqlite3_column_int64(handle, 0) - first)
            if sqlite3_column_type(handle, 1) != SQLITE_NULL { latitudes[index] = sqlite3_column_double(handle, 1) }
            if sqlite3_column_type(handle, 2) != SQLITE_NULL { longitudes[index] = sqlite3_column_double(handle, 2) }
            likes[index] = Int32(max(Int64(Int32.min + 1), min(sqlite3_column_int64(handle, 3), Int64(likesCap))))
            if let text = sqlite3_column_text(handle, 4) {
                let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, 4)))
                nameLengths[index] = UInt8(min(255, nameLengthBound(bytes)))
            }
        }
        return SearchRankSnapshot(
            dataVersion: dataVersion, firstID: first, latitudes: latitudes, longitudes: longitudes, likes: likes,
            nameLengths: nameLengths)
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

    /// Whether a place has this id.
    @inline(__always)
    func index(of id: Int64) -> Int? {
        let index = id &- firstID
        guard index >= 0, index < Int64(likes.count), likes[Int(index)] != Self.absent else { return nil }
        return Int(index)
    }
}

/// The store's ``SearchRankSnapshot``, built on the second ranked search near a point of a
/// read-only store (a command that searches once never pays for it), and built again when
/// another connection has committed since, at most once every ``rebuildInterval`` searches (a
/// store written to all the time searches without it).
///
/// Only a read-only store has one: its single connection's `data_version` tells whether the
/// file changed. A writable store's readers are several connections whose versions cannot be
/// compared.
final class SearchRankCaches: @unchecked Sendable {
    private let lock = NSLock()
    private var searches = 0
    private var lastBuild = Int.min / 2
    private var snapshot: SearchRankSnapshot?

    static let rebuildInterval = 64

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
            return (nil, searches >= 2 && searches - lastBuild >= Self.rebuildInterval)
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
