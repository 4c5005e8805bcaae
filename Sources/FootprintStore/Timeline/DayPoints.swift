import Foundation
import GRDB

/// A local day's timed track points that the noise filter kept, in track, segment and sequence
/// order, as a ``StayDetector`` reads them, with each point's UTC offset.
struct DayPoints {
    var points: StayPoints
    /// Seconds east of UTC at each point (0 where the import stored none).
    var utcOffsets: [Int]

    /// Reads the points of `date`. The tracks of the day come from `track_days`, so only their
    /// rows of `track_points` are read (by its primary key), not the whole table.
    static func fetch(_ db: Database, date: String) throws -> DayPoints {
        try fetch(db, dates: [date])[date]
            ?? DayPoints(points: StayPoints(epochs: [], latitudes: [], longitudes: []), utcOffsets: [])
    }

    /// Reads the points of every date in `dates` in one pass over the tracks touching them: a
    /// track of many days (an import of a month) is read once, not once a day. Rows come in the
    /// primary key's order (track, seq), where segments follow each other; a day whose segments
    /// do not (written out of order by hand) is put in track and segment order afterwards.
    /// Held in memory: 32 bytes a point (40 MB for a million).
    static func fetch(_ db: Database, dates: [String]) throws -> [String: DayPoints] {
        guard !dates.isEmpty else { return [:] }
        var days = Dictionary(dates.map { ($0, Builder()) }, uniquingKeysWith: { first, _ in first })
        let marks = Array(repeating: "?", count: days.count).joined(separator: ", ")
        let arguments = StatementArguments(Array(days.keys))
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT track_id, segment, epoch, latitude, longitude, utc_offset, local_date FROM track_points
                WHERE track_id IN (SELECT track_id FROM track_days WHERE local_date IN (\(marks)))
                    AND noise = 0 AND epoch IS NOT NULL AND local_date IN (\(marks))
                ORDER BY track_id, seq
                """,
            arguments: arguments + arguments)
        while let row = try rows.next() {
            let date: String = row[6]
            days[date]?.append(
                track: row[0], segment: row[1], epoch: row[2], latitude: row[3], longitude: row[4],
                utcOffset: row[5] ?? 0)
        }
        return days.mapValues { $0.finished() }
    }

    /// One day's points as they are read, with where each run of one track's segment begins.
    private struct Builder {
        var epochs: [Double] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var utcOffsets: [Int] = []
        /// (first point, track, segment) of each run of points of one segment.
        var runs: [(start: Int, track: Int64, segment: Int64)] = []

        mutating func append(
            track: Int64, segment: Int64, epoch: Double, latitude: Double, longitude: Double, utcOffset: Int
        ) {
            if runs.last.map({ $0.track != track || $0.segment != segment }) ?? true {
                runs.append((epochs.count, track, segment))
            }
            epochs.append(epoch)
            latitudes.append(latitude)
            longitudes.append(longitude)
            utcOffsets.append(utcOffset)
        }

        /// The day in track and segment order: as read when the runs already are (the common
        /// case, no copy), else the runs stably sorted, a segment split into runs joined again.
        func finished() -> DayPoints {
            let sorted = runs.indices.sorted {
                (runs[$0].track, runs[$0].segment, $0) < (runs[$1].track, runs[$1].segment, $1)
            }
            guard sorted != Array(runs.indices) else {
                return DayPoints(
                    points: StayPoints(
                        epochs: epochs, latitudes: latitudes, longitudes: longitudes,
                        segmentStarts: runs.dropFirst().map(\.start)),
                    utcOffsets: utcOffsets)
            }
            var day = DayPoints(points: StayPoints(epochs: [], latitudes: [], longitudes: []), utcOffsets: [])
            var segmentStarts: [Int] = []
            var previous: (track: Int64, segment: Int64)?
            for index in sorted {
                let run = runs[index]
                let end = index + 1 < runs.count ? runs[index + 1].start : epochs.count
                if let previous, previous != (run.track, run.segment) { segmentStarts.append(day.points.epochs.count) }
                previous = (run.track, run.segment)
                day.points.epochs += epochs[run.start..<end]
                day.points.latitudes += latitudes[run.start..<end]
                day.points.longitudes += longitudes[run.start..<end]
                day.utcOffsets += utcOffsets[run.start..<end]
            }
            day.points.segmentStarts = segmentStarts
            return day
        }
    }

    /// The time of point `index` with its offset.
    func localTime(at index: Int) -> LocalTime {
        LocalTime(date: Date(timeIntervalSince1970: points.epochs[index]), utcOffsetSeconds: utcOffsets[index])
    }
}
