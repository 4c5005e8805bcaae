import FootprintGeo
import GRDB

extension DayStatistics {
    /// The day's track points in stored order: the points whose `local_date` is `date`, of the
    /// tracks `track_days` lists for it (the primary key then finds them without a scan), with the
    /// day's UTC span.
    ///
    /// A step across local midnight is split there (``DayStatistics/init(points:stays:window:)``):
    /// each run of the day's points in a track comes with the timed points that join it to the
    /// days before and after in its segment — back to the last point the noise filter kept, and on
    /// to the next one —, so each day gets its part of that step.
    static func points(on date: String, in db: Database) throws -> (points: [Point], window: Range<Double>?) {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT track_id, segment, latitude, longitude, epoch, elevation, noise, seq, utc_offset FROM track_points
                WHERE track_id IN (SELECT track_id FROM track_days WHERE local_date = ?1) AND local_date = ?1
                ORDER BY track_id, seq
                """, arguments: [date])
        var points: [Point] = []
        var run: (track: Int64, first: Int64, last: Int64, start: Int)?
        var offsets: (first: Int, last: Int)?
        func closeRun() throws {
            guard let run else { return }
            let after = try context(of: run.track, after: run.last, next: points[points.count - 1], date: date, in: db)
            points += after
            let before = try context(of: run.track, before: run.first, next: points[run.start], date: date, in: db)
            points.insert(contentsOf: before, at: run.start)
        }
        while let row = try rows.next() {
            let point = Point(row)
            let seq: Int64 = row[7]
            if let offset: Int = row[8], point.epoch != nil {
                offsets = (offsets?.first ?? offset, offset)
            }
            if let current = run, current.track == point.track, current.last + 1 == seq {
                run?.last = seq
            } else {
                try closeRun()
                run = (point.track, seq, seq, points.count)
            }
            points.append(point)
        }
        try closeRun()
        guard let offsets, let day = LocalDayClock.daysSince1970(date) else { return (points, nil) }
        let midnight = Double(day) * 86_400
        return (points, (midnight - Double(offsets.first))..<(midnight + 86_400 - Double(offsets.last)))
    }

    /// The timed points of other days that join `next` (the first point of a run of the day's, at
    /// `seq`) to the point before it in its segment, back to the last one the noise filter kept;
    /// or, with `after`, those that join the run's last point to the next kept one. Empty where
    /// the segment ends, a point is untimed, or the day's own points come again.
    private static func context(
        of track: Int64, before seq: Int64? = nil, after last: Int64? = nil, next: Point, date: String,
        in db: Database
    ) throws -> [Point] {
        guard next.epoch != nil else { return [] }
        let sql =
            seq != nil
            ? """
            SELECT track_id, segment, latitude, longitude, epoch, elevation, noise, local_date FROM track_points
            WHERE track_id = ?1 AND seq < ?2 AND seq >= COALESCE(
                (SELECT max(seq) FROM track_points WHERE track_id = ?1 AND seq < ?2 AND noise = 0), ?2)
            ORDER BY seq DESC
            """
            : """
            SELECT track_id, segment, latitude, longitude, epoch, elevation, noise, local_date FROM track_points
            WHERE track_id = ?1 AND seq > ?2 AND seq <= COALESCE(
                (SELECT min(seq) FROM track_points WHERE track_id = ?1 AND seq > ?2 AND noise = 0), ?2)
            ORDER BY seq
            """
        // Walked outwards from the run; stops at the first point that cannot join it.
        var joined: [Point] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: [track, seq ?? last]) {
            let point = Point(row)
            guard point.segment == next.segment, point.epoch != nil, (row[7] as String?) != date else { break }
            joined.append(point)
        }
        return seq != nil ? joined.reversed() : joined
    }

    /// The day's detected stays the user has not removed, by arrival and departure; a stay still
    /// open (no departure) holds no step.
    static func stays(on date: String, in db: Database) throws -> [Stay] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT arrived_at, left_at FROM visits
                WHERE local_date = ? AND detected = 1 AND removed = 0 AND left_at IS NOT NULL
                """, arguments: [date]
        ).compactMap { row in
            guard let arrival = Timestamp.date(from: row[0]), let departure = Timestamp.date(from: row[1]) else {
                return nil
            }
            return Stay(arrival: arrival.timeIntervalSince1970, departure: departure.timeIntervalSince1970)
        }
    }

    /// The statistics of `date` read in `db`.
    static func load(on date: String, in db: Database) throws -> DayStatistics {
        let (points, window) = try points(on: date, in: db)
        return DayStatistics(points: points, stays: try stays(on: date, in: db), window: window)
    }
}

extension DayStatistics.Point {
    /// A point from a row whose first columns are track_id, segment, latitude, longitude, epoch,
    /// elevation and noise.
    fileprivate init(_ row: Row) {
        self.init(
            coordinate: Coordinate(uncheckedLatitude: row[2], longitude: row[3]), epoch: row[4], elevation: row[5],
            track: row[0], segment: row[1], isNoise: (row[6] as Int) != 0)
    }
}

extension FootprintStore {
    /// The statistics of a local day (see ``DayStatistics``); all zero for a day with no track.
    ///
    /// - Throws: `invalidValue` for a date that is not a real `YYYY-MM-DD` date.
    public func dayStatistics(on date: String) throws -> DayStatistics {
        try LocalDate.check(date)
        return try read { db in try DayStatistics.load(on: date, in: db) }
    }
}
