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

    /// One day's points as they are read.
    private struct Builder {
        var tracks: [Int64] = []
        var segments: [Int64] = []
        var epochs: [Double] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var utcOffsets: [Int] = []
        /// False once a segment comes before one already read in its track.
        var inOrder = true

        mutating func append(
            track: Int64, segment: Int64, epoch: Double, latitude: Double, longitude: Double, utcOffset: Int
        ) {
            if let lastTrack = tracks.last, lastTrack == track, let lastSegment = segments.last, segment < lastSegment {
                inOrder = false
            }
            tracks.append(track)
            segments.append(segment)
            epochs.append(epoch)
            latitudes.append(latitude)
            longitudes.append(longitude)
            utcOffsets.append(utcOffset)
        }

        func finished() -> DayPoints {
            var order = Array(epochs.indices)
            if !inOrder {
                // Stable: the points of a segment keep their sequence order.
                order = order.sorted { (tracks[$0], segments[$0], $0) < (tracks[$1], segments[$1], $1) }
            }
            var segmentStarts: [Int] = []
            for position in order.indices.dropFirst() {
                let (index, previous) = (order[position], order[position - 1])
                if tracks[index] != tracks[previous] || segments[index] != segments[previous] {
                    segmentStarts.append(position)
                }
            }
            return DayPoints(
                points: StayPoints(
                    epochs: order.map { epochs[$0] }, latitudes: order.map { latitudes[$0] },
                    longitudes: order.map { longitudes[$0] }, segmentStarts: segmentStarts),
                utcOffsets: order.map { utcOffsets[$0] })
        }
    }

    /// The time of point `index` with its offset.
    func localTime(at index: Int) -> LocalTime {
        LocalTime(date: Date(timeIntervalSince1970: points.epochs[index]), utcOffsetSeconds: utcOffsets[index])
    }
}
