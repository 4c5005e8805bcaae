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
        var epochs: [Double] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var utcOffsets: [Int] = []
        var segmentStarts: [Int] = []
        var previous: (track: Int64, segment: Int64)?
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT track_id, segment, epoch, latitude, longitude, utc_offset FROM track_points
                WHERE track_id IN (SELECT track_id FROM track_days WHERE local_date = ?1)
                    AND local_date = ?1 AND noise = 0 AND epoch IS NOT NULL
                ORDER BY track_id, segment, seq
                """,
            arguments: [date])
        while let row = try rows.next() {
            let key: (track: Int64, segment: Int64) = (row[0], row[1])
            if let previous, previous != key { segmentStarts.append(epochs.count) }
            previous = key
            epochs.append(row[2])
            latitudes.append(row[3])
            longitudes.append(row[4])
            utcOffsets.append(row[5] ?? 0)
        }
        return DayPoints(
            points: StayPoints(
                epochs: epochs, latitudes: latitudes, longitudes: longitudes, segmentStarts: segmentStarts),
            utcOffsets: utcOffsets)
    }

    /// The time of point `index` with its offset.
    func localTime(at index: Int) -> LocalTime {
        LocalTime(date: Date(timeIntervalSince1970: points.epochs[index]), utcOffsetSeconds: utcOffsets[index])
    }
}
