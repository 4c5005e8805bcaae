import FootprintGeo
import GRDB

/// Everything of one local day: its track statistics, visits, photos, log entries and how the
/// day went — what `day show` prints.
public struct DayOverview: Hashable, Sendable {
    /// A visit as a day lists it.
    public struct VisitLine: Hashable, Sendable {
        public var id: Int64
        public var placeID: Int64?
        /// The name the user gave the visit, else its place's name (the name copied from a removed
        /// place included); `nil` for an unnamed stay.
        public var name: String?
        /// The stay's centre, else its place's position.
        public var coordinate: Coordinate?
        public var arrival: LocalTime
        public var departure: LocalTime?
    }

    /// `YYYY-MM-DD`.
    public var date: String
    public var statistics: DayStatistics
    /// In arrival order; visits the user removed are left out.
    public var visits: [VisitLine]
    /// In time order.
    public var photos: [Photo]
    /// In id order.
    public var entries: [LogEntry]
    /// The day's score, weather, sleep, mood and note; `nil` when none was set.
    public var log: Day?
}

/// One line of `day list`: a day that holds something, and how much.
public struct DaySummary: Hashable, Sendable {
    public var date: String
    public var lengthMeters: Double
    public var visits: Int
    public var photos: Int
    public var entries: Int
}

extension FootprintStore {
    /// The overview of a local day; a day with nothing stored gives empty lists and zero statistics.
    ///
    /// - Throws: `invalidValue` for a date that is not a real `YYYY-MM-DD` date.
    public func dayOverview(_ date: String) throws -> DayOverview {
        try LocalDate.check(date)
        return try read { db in
            let visits = try Row.fetchAll(
                db,
                sql: """
                    SELECT v.id, v.place_id, coalesce(v.name, p.name, v.place_name),
                        coalesce(v.latitude, p.latitude), coalesce(v.longitude, p.longitude),
                        v.arrived_at, v.arrived_offset, v.left_at, v.left_offset
                    FROM visits v LEFT JOIN places p ON p.id = v.place_id
                    WHERE v.local_date = ? AND v.removed = 0 ORDER BY v.arrived_at, v.id
                    """, arguments: [date]
            ).map { row in
                let latitude: Double? = row[3]
                let longitude: Double? = row[4]
                let leftText: String? = row[7]
                return DayOverview.VisitLine(
                    id: row[0], placeID: row[1], name: row[2],
                    coordinate: latitude.flatMap { lat in
                        longitude.map { Coordinate(uncheckedLatitude: lat, longitude: $0) }
                    },
                    arrival: LocalTime(date: Timestamp.date(from: row[5]) ?? .distantPast, utcOffsetSeconds: row[6]),
                    departure: leftText.map {
                        LocalTime(date: Timestamp.date(from: $0) ?? .distantPast, utcOffsetSeconds: row[8] ?? 0)
                    })
            }
            return DayOverview(
                date: date, statistics: try DayStatistics.load(on: date, in: db), visits: visits,
                photos: try Photo.filter(Photo.Columns.localDate == date)
                    .order(Photo.Columns.takenAt, Photo.Columns.id).fetchAll(db),
                entries: try Self.logEntries(in: db, where: "e.local_date = ?", arguments: [date]),
                log: try Day.fetchOne(db, key: date))
        }
    }

    /// Every day that holds a track, a visit, a photo, a log entry or a day's log, oldest first.
    public func daySummaries() throws -> [DaySummary] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH dates(date) AS (
                        SELECT local_date FROM track_days
                        UNION SELECT local_date FROM visits WHERE removed = 0
                        UNION SELECT local_date FROM photos WHERE local_date IS NOT NULL
                        UNION SELECT local_date FROM log_entries
                        UNION SELECT date FROM days)
                    SELECT date,
                        (SELECT count(*) FROM visits WHERE local_date = date AND removed = 0),
                        (SELECT count(*) FROM photos WHERE local_date = date),
                        (SELECT count(*) FROM log_entries WHERE local_date = date)
                    FROM dates ORDER BY date
                    """)
            return try rows.map { row in
                let date: String = row[0]
                return DaySummary(
                    date: date, lengthMeters: try DayStatistics.load(on: date, in: db).lengthMeters, visits: row[1],
                    photos: row[2], entries: row[3])
            }
        }
    }
}
