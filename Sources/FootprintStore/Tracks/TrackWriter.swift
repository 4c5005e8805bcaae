import Foundation
import GRDB

/// One track point as it is stored (a row of `track_points`), handed through the noise filter.
struct TrackPointRow {
    var seq: Int
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var segment: Int
    var epoch: Double?
    var utcOffset: Int?
    var localDate: String?
    var hdop: Double?
}

/// Writes tracks and routes, point by point, with statements prepared once for the whole import.
///
/// A track is found again by (source, source id). Its points are written with an upsert that
/// changes a stored row only when a column differs, so a re-import of the same file writes
/// nothing and counts every point unchanged; points beyond the file's last one (the file got
/// shorter) are deleted when the track ends.
final class TrackWriter {
    private let path: String
    private let source: String
    private let insertTrack: RawStatement
    private let selectTrack: RawStatement
    private let countPoints: RawStatement
    private let upsertPoint: RawStatement
    private let insertPoint: RawStatement
    private let insertPoints: RawStatement
    private let deletePoints: RawStatement
    /// The points of a new track waiting for ``insertPoints``, and that track's id.
    private var pending: [(row: TrackPointRow, noise: TrackNoise)] = []
    private var pendingTrack: Int64 = 0
    /// The line of the track being written (its kept points), for `tracks.geom`.
    private var geometry = TrackGeometry()

    /// Rows a batch INSERT writes at once. One statement run per row costs SQLite its start and
    /// halt (opening the table's cursor, the foreign-key check's cursor, the commit check) each
    /// time; 64 rows a run shares them: 2.6 s → 1.6 s of CPU for the million peer points in a C
    /// replica of this insert, the same rows written.
    static let batchSize = 64
    private static let pointColumns =
        "track_id, seq, latitude, longitude, elevation, segment, epoch, utc_offset, local_date, hdop, noise"
    private static let columnCount: Int32 = 11

    /// The track being written.
    struct Track {
        var id: Int64
        var isNew: Bool
        var kind: String
        var name: String?
        var line: Int
        /// Points stored before this import.
        var storedPoints: Int
        /// The first and last time of the points stored before this import, when timed.
        var storedSpan: ClosedRange<Double>?
        var points = 0
        var counts = GPXImportSummary.Counts()
        var first: (epoch: Double, offset: Int)?
        var last: (epoch: Double, offset: Int)?
        var days: Set<String> = []
        /// The day last added to ``days``: points come in runs of one day.
        var lastDay: String?

        /// Widens the track's first and last times to `epoch`.
        mutating func noteTime(_ epoch: Double, offset: Int) {
            if first.map({ epoch < $0.epoch }) ?? true { first = (epoch, offset) }
            if last.map({ epoch > $0.epoch }) ?? true { last = (epoch, offset) }
        }

        /// Files the track under `day` too.
        mutating func noteDay(_ day: String) {
            guard day != lastDay else { return }
            lastDay = day
            days.insert(day)
        }
    }

    init(_ db: Database, path: String, source: String) throws {
        self.path = path
        self.source = source
        insertTrack = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO tracks(source, source_id, kind, name) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT(source, source_id) WHERE source_id IS NOT NULL DO NOTHING
                """)
        selectTrack = try RawStatement(
            db, path: path,
            sql:
                "SELECT id, kind, name, local_date, started_at, ended_at FROM tracks WHERE source = ?1 AND source_id = ?2"
        )
        countPoints = try RawStatement(
            db, path: path, sql: "SELECT count(*), min(epoch), max(epoch) FROM track_points WHERE track_id = ?1")
        upsertPoint = try RawStatement(
            db, path: path,
            sql: """
                INSERT INTO track_points(track_id, seq, latitude, longitude, elevation, segment, epoch, utc_offset,
                    local_date, hdop, noise)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                ON CONFLICT(track_id, seq) DO UPDATE SET latitude = excluded.latitude,
                    longitude = excluded.longitude, elevation = excluded.elevation, segment = excluded.segment,
                    epoch = excluded.epoch, utc_offset = excluded.utc_offset, local_date = excluded.local_date,
                    hdop = excluded.hdop, noise = excluded.noise, time = NULL, accuracy = NULL
                WHERE latitude IS NOT excluded.latitude OR longitude IS NOT excluded.longitude
                    OR elevation IS NOT excluded.elevation OR segment IS NOT excluded.segment
                    OR epoch IS NOT excluded.epoch OR utc_offset IS NOT excluded.utc_offset
                    OR local_date IS NOT excluded.local_date OR hdop IS NOT excluded.hdop
                    OR noise IS NOT excluded.noise
                """)
        // A track with no stored points (the common case: a new file) cannot conflict, so its
        // points go in by a plain INSERT: the upsert's conflict handling and change check cost
        // ~20 % of the row's time on a million points.
        insertPoint = try RawStatement(
            db, path: path,
            sql: "INSERT INTO track_points(\(Self.pointColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")
        let row = "(" + Array(repeating: "?", count: Int(Self.columnCount)).joined(separator: ", ") + ")"
        insertPoints = try RawStatement(
            db, path: path,
            sql: "INSERT INTO track_points(\(Self.pointColumns)) VALUES "
                + Array(repeating: row, count: Self.batchSize).joined(separator: ", "))
        pending.reserveCapacity(Self.batchSize)
        deletePoints = try RawStatement(
            db, path: path, sql: "DELETE FROM track_points WHERE track_id = ?1 AND seq >= ?2")
        insertTrack.bind(1, source)
        selectTrack.bind(1, source)
    }

    /// Finds or creates the track `sourceID` (`trk:0`, `rte:2`).
    func begin(sourceID: String, kind: String, name: String?, line: Int) throws -> Track {
        insertTrack.bind(2, sourceID)
        insertTrack.bind(3, kind)
        insertTrack.bind(4, name)
        try insertTrack.run()
        if insertTrack.changes == 1 {
            let id = insertTrack.lastInsertedRowID
            bindTrack(id)
            return Track(id: id, isNew: true, kind: kind, name: name, line: line, storedPoints: 0)
        }
        selectTrack.bind(2, sourceID)
        defer { selectTrack.reset() }
        guard try selectTrack.step() else {
            throw FootprintStoreError.database(path: path, message: "the track \(sourceID) could not be inserted")
        }
        let id = selectTrack.int64(0)
        countPoints.bind(1, id)
        defer { countPoints.reset() }
        _ = try countPoints.step()
        bindTrack(id)
        let span = countPoints.isNull(1) ? nil : countPoints.double(1)...countPoints.double(2)
        return Track(
            id: id, isNew: false, kind: kind, name: name, line: line, storedPoints: Int(countPoints.int64(0)),
            storedSpan: span)
    }

    private func bindTrack(_ id: Int64) {
        upsertPoint.bind(1, id)
        insertPoint.bind(1, id)
        deletePoints.bind(1, id)
        pendingTrack = id
        geometry = TrackGeometry()
    }

    /// Writes one point of `track` (the track ``begin(sourceID:kind:name:line:)`` returned last).
    ///
    /// A new track's points are written ``batchSize`` at a time; ``finish(_:_:)`` writes the rest.
    func write(_ row: TrackPointRow, noise: TrackNoise, in track: inout Track) throws {
        if noise == .kept { geometry.add(latitude: row.latitude, longitude: row.longitude, segment: row.segment) }
        if track.storedPoints == 0 {
            pending.append((row, noise))
            if pending.count == Self.batchSize { try flush() }
            track.counts.inserted += 1
            return
        }
        Self.bind(row, noise: noise, to: upsertPoint)
        try upsertPoint.run()
        if upsertPoint.changes == 0 {
            track.counts.unchanged += 1
        } else if row.seq < track.storedPoints {
            track.counts.updated += 1
        } else {
            track.counts.inserted += 1
        }
    }

    /// Writes the pending points of the new track: one batch statement when there is a full
    /// batch, else one row at a time (the last few points of a track).
    private func flush() throws {
        guard !pending.isEmpty else { return }
        if pending.count == Self.batchSize {
            for (index, point) in pending.enumerated() {
                let first = Int32(index) * Self.columnCount
                insertPoints.bind(first + 1, pendingTrack)
                Self.bind(point.row, noise: point.noise, to: insertPoints, from: first)
            }
            try insertPoints.run()
        } else {
            for point in pending {
                Self.bind(point.row, noise: point.noise, to: insertPoint)
                try insertPoint.run()
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Binds a point's columns (all but the track id, bound once per track) to `statement`, the
    /// track id's parameter being `first + 1`.
    private static func bind(
        _ row: TrackPointRow, noise: TrackNoise, to statement: RawStatement, from first: Int32 = 0
    ) {
        statement.bind(first + 2, row.seq)
        statement.bind(first + 3, row.latitude)
        statement.bind(first + 4, row.longitude)
        statement.bind(first + 5, row.elevation)
        statement.bind(first + 6, row.segment)
        statement.bind(first + 7, row.epoch)
        statement.bind(first + 8, row.utcOffset)
        statement.bind(first + 9, row.localDate)
        statement.bind(first + 10, row.hdop)
        statement.bind(first + 11, noise.rawValue)
    }

    /// Ends `track`: drops stored points beyond its last, stores its line (``TrackGeometry``),
    /// files its days and times, and tells whether anything of it changed.
    func finish(_ db: Database, _ track: Track) throws -> Bool {
        try flush()
        // Same file name and track number, but not one moment in common with the track stored
        // under them: another recording whose file has the same name (phones name every export
        // alike). Replacing the stored one would lose a day; the import is refused instead.
        if let stored = track.storedSpan, let first = track.first?.epoch, let last = track.last?.epoch,
            last < stored.lowerBound || first > stored.upperBound
        {
            let when = LocalTime(epoch: stored.lowerBound, offset: track.first?.offset ?? 0).iso8601
            throw FootprintStoreError.invalidInput(
                path: path, line: track.line,
                reason:
                    "this \(track.kind) has the source and number of one imported before (\(source), from \(when)) "
                    + "but none of its times overlap it, so it is another recording of the same file name; "
                    + "import it with --source NAME to keep both")
        }
        var changed = track.isNew || track.counts.inserted > 0 || track.counts.updated > 0
        if track.storedPoints > track.points {
            deletePoints.bind(2, track.points)
            try deletePoints.run()
            changed = true
        }
        if try geometry.save(db, track: track.id, path: path) { changed = true }
        geometry = TrackGeometry()
        let days = track.days.sorted()
        let started = track.first.map { LocalTime(epoch: $0.epoch, offset: $0.offset).iso8601 }
        let ended = track.last.map { LocalTime(epoch: $0.epoch, offset: $0.offset).iso8601 }
        let stored = try Row.fetchOne(
            db, sql: "SELECT kind, name, local_date, started_at, ended_at FROM tracks WHERE id = ?",
            arguments: [track.id])
        let storedDays = try String.fetchAll(
            db, sql: "SELECT local_date FROM track_days WHERE track_id = ? ORDER BY local_date", arguments: [track.id])
        if stored?["kind"] != track.kind || stored?["name"] != track.name || stored?["local_date"] != days.first
            || stored?["started_at"] != started || stored?["ended_at"] != ended
        {
            try db.execute(
                sql: "UPDATE tracks SET kind = ?, name = ?, local_date = ?, started_at = ?, ended_at = ? WHERE id = ?",
                arguments: [track.kind, track.name, days.first, started, ended, track.id])
            changed = true
        }
        if storedDays != days {
            try db.execute(sql: "DELETE FROM track_days WHERE track_id = ?", arguments: [track.id])
            for day in days {
                try db.execute(
                    sql: "INSERT INTO track_days(track_id, local_date) VALUES (?, ?)", arguments: [track.id, day])
            }
            changed = true
        }
        return changed
    }
}

extension LocalTime {
    /// The instant `epoch` (UTC seconds) lived at `offset` seconds east of UTC.
    init(epoch: Double, offset: Int) {
        self.init(date: Date(timeIntervalSince1970: epoch), utcOffsetSeconds: offset)
    }
}

extension RawStatement {
    /// Binds `value`, or NULL.
    fileprivate func bind(_ index: Int32, _ value: Double?) {
        if let value { bind(index, value) } else { bind(index, nil as String?) }
    }

    /// Binds `value`, or NULL.
    fileprivate func bind(_ index: Int32, _ value: Int?) {
        if let value { bind(index, value) } else { bind(index, nil as String?) }
    }
}
