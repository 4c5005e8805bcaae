import FootprintGeo
import GRDB

extension DayStatistics {
    /// The day's track points in stored order: the points whose `local_date` is `date`, of the
    /// tracks `track_days` lists for it (the primary key then finds them without a scan).
    ///
    /// A step across local midnight belongs to neither day: each day sums the points it holds.
    static func points(on date: String, in db: Database) throws -> [Point] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT track_id, segment, latitude, longitude, epoch, elevation, noise FROM track_points
                WHERE track_id IN (SELECT track_id FROM track_days WHERE local_date = ?1) AND local_date = ?1
                ORDER BY track_id, seq
                """, arguments: [date])
        var points: [Point] = []
        while let row = try rows.next() {
            points.append(
                Point(
                    coordinate: Coordinate(uncheckedLatitude: row[2], longitude: row[3]), epoch: row[4],
                    elevation: row[5], track: row[0], segment: row[1], isNoise: (row[6] as Int) != 0))
        }
        return points
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
        DayStatistics(points: try points(on: date, in: db), stays: try stays(on: date, in: db))
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
