import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

extension RecommendationCandidates {
    /// The candidates from `recommend_candidates` (``RecommendationCells``): one range scan a band
    /// of cells, reading each place's position, likes, best time, category, tags and name.
    ///
    /// Every query reads this way: the filters are tested on the row's bytes (``CandidateFilter``),
    /// and the texts of the places within the radius are kept (``texts``) for similarity and
    /// diversity, which read no `places` row. Popularity and time are exact from the start and
    /// only the distance is a bound until the ranking needs it exactly. The table follows the
    /// `latitude` and `longitude` columns, so a place another tool moved is where its columns say.
    ///
    /// - Parameter excluded: ids left out (the anchor place, the day's places, visited places for
    ///   `--unvisited`).
    static func readCells(
        _ db: Database, extent: Extent, radius: Double, filter: CandidateFilter, excluded: Set<Int64>, path: String
    ) throws -> RecommendationCandidates {
        var result = RecommendationCandidates()
        result.path = path
        let ranges: [ClosedRange<Int64>]
        switch extent {
        case .circle(let center, _): ranges = RecommendationCells.ranges(center: center, radiusMeters: radius)
        case .corridor(let corridor): ranges = RecommendationCells.ranges(covering: corridor.boxes)
        }
        let reader = try CellReader(db, extent: extent, radius: radius, path: path)
        // Room for a 3 km radius in the city: pages never touched cost nothing, and growing the
        // dozen arrays by doubling copied each several times.
        result.reserveCapacity(1 << 14)
        for range in ranges {
            try reader.read(range, into: &result, filter: filter, excluded: excluded)
        }
        return result
    }

    /// Reads the rows of `recommend_candidates` of a range of cells: one statement, stepped by
    /// hand, each row measured against the extent.
    struct CellReader {
        private let raw: OpaquePointer?
        private let connection: OpaquePointer?
        private let blobs: Bool
        private let path: String
        // Taken apart once: switching on the extent a row copied the corridor (a dozen arrays).
        private let measure: (Double, Double) -> (lower: Double, exact: Double?, segments: [Int32])?

        init(_ db: Database, extent: Extent, radius: Double, path: String) throws {
            switch extent {
            case .circle(let center, let flat):
                measure = {
                    RecommendationCandidates.bound(
                        center: center, flat: flat, radius: radius, latitude: $0, longitude: $1)
                }
            case .corridor(let corridor):
                measure = {
                    RecommendationCandidates.bound(corridor: corridor, radius: radius, latitude: $0, longitude: $1)
                }
            }
            blobs = try String.fetchOne(db, sql: "PRAGMA encoding") == "UTF-8"
            let statement = try db.cachedStatement(
                sql: """
                    SELECT id, latitude, longitude, likes, best_time, category, tags, name FROM recommend_candidates
                    WHERE cell BETWEEN ? AND ?
                    """)
            raw = statement.sqliteStatement
            connection = db.sqliteConnection
            self.path = path
        }

        /// Appends to `result` the places of cells `range` within the extent that pass `filter`
        /// and are not `excluded`.
        func read(
            _ range: ClosedRange<Int64>, into result: inout RecommendationCandidates, filter: CandidateFilter,
            excluded: Set<Int64>
        ) throws {
            sqlite3_bind_int64(raw, 1, range.lowerBound)
            sqlite3_bind_int64(raw, 2, range.upperBound)
            defer { sqlite3_reset(raw) }
            while try step() {
                let id = sqlite3_column_int64(raw, 0)
                let latitude = sqlite3_column_double(raw, 1)
                let longitude = sqlite3_column_double(raw, 2)
                let likes = Int(sqlite3_column_int64(raw, 3))
                // Each place is in one cell and the ranges do not overlap: no place comes twice.
                guard let bound = measure(latitude, longitude), excluded.isEmpty || !excluded.contains(id) else {
                    continue
                }
                let category = RecommendationCandidates.text(raw, 5, blobs: blobs)
                let tags = RecommendationCandidates.text(raw, 6, blobs: blobs)
                if !filter.isEmpty, !filter.matches(category: category, tags: tags, likes: likes) { continue }
                result.ids.append(id)
                result.latitudes.append(latitude)
                result.longitudes.append(longitude)
                result.likes.append(likes)
                if let text = sqlite3_column_text(raw, 4) {
                    result.bestTimes.append(BestTime(stored: String(cString: text)))
                } else {
                    result.bestTimes.append(nil)
                }
                result.lowerBounds.append(bound.lower)
                result.exact.append(bound.exact ?? .nan)
                result.corridorSegments.append(bound.segments)
                result.categorySpans.append(result.keep(category))
                result.tagSpans.append(result.keep(tags))
                result.nameSpans.append(result.keep(RecommendationCandidates.text(raw, 7, blobs: blobs)))
            }
        }

        /// The number of places of cells `range` within the extent (no filter, none excluded),
        /// read without keeping them.
        func count(_ range: ClosedRange<Int64>) throws -> Int {
            sqlite3_bind_int64(raw, 1, range.lowerBound)
            sqlite3_bind_int64(raw, 2, range.upperBound)
            defer { sqlite3_reset(raw) }
            var count = 0
            while try step() {
                if measure(sqlite3_column_double(raw, 1), sqlite3_column_double(raw, 2)) != nil { count += 1 }
            }
            return count
        }

        /// Steps the statement: true for a row, false at the end.
        private func step() throws -> Bool {
            let status = sqlite3_step(raw)
            if status == SQLITE_ROW { return true }
            if status == SQLITE_DONE { return false }
            throw FootprintStoreError.database(path: path, message: String(cString: sqlite3_errmsg(connection)))
        }
    }

    /// The text of `column` up to its first NUL (as `String(cString:)` reads it), `nil` for NULL.
    /// Valid until the statement steps on.
    ///
    /// Read as a blob: `sqlite3_column_text` must end the text with a NUL, so it copies each
    /// text out of the page into a new allocation; the blob is the stored bytes where they lie.
    /// A blob's bytes are what `sqlite3_column_text` gives; a text's too when the database is
    /// UTF-8 (`blobs`; otherwise, and for numbers, `sqlite3_column_text` converts as before).
    fileprivate static func text(_ raw: OpaquePointer?, _ column: Int32, blobs: Bool) -> UnsafeBufferPointer<UInt8>? {
        switch sqlite3_column_type(raw, column) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT where blobs, SQLITE_BLOB where blobs:
            let blob = sqlite3_column_blob(raw, column)
            let count = Int(sqlite3_column_bytes(raw, column))
            guard count > 0, let blob else { return UnsafeBufferPointer(start: nil, count: 0) }
            let start = blob.assumingMemoryBound(to: UInt8.self)
            let nul = memchr(start, 0, count)
            let end = nul.map { UnsafeRawPointer(start).distance(to: UnsafeRawPointer($0)) } ?? count
            return UnsafeBufferPointer(start: start, count: end)
        default:
            guard let bytes = sqlite3_column_text(raw, column) else { return nil }
            return UnsafeBufferPointer(
                start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)))
        }
    }

    /// Room for `count` candidates in every array.
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        likes.reserveCapacity(count)
        bestTimes.reserveCapacity(count)
        lowerBounds.reserveCapacity(count)
        exact.reserveCapacity(count)
        corridorSegments.reserveCapacity(count)
        categorySpans.reserveCapacity(count)
        tagSpans.reserveCapacity(count)
        nameSpans.reserveCapacity(count)
        texts.reserveCapacity(count * 48)
    }

    /// Copies `text` into ``texts``.
    fileprivate mutating func keep(_ text: UnsafeBufferPointer<UInt8>?) -> TextSpan {
        guard let text else { return .null }
        let span = TextSpan(start: Int32(texts.count), count: Int32(text.count))
        texts.append(contentsOf: text)
        return span
    }
}
