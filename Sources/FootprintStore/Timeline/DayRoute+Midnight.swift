import FootprintGeo
import Foundation
import GRDB

/// The point at local midnight that ends one day's part of a track and starts the next day's.
///
/// Day statistics split a step across midnight there (``DayStatistics/init(points:stays:window:)``);
/// a route stopped at each day's last stored point instead, so the two days' lines did not meet
/// and the first day's route looked shorter than its statistics said.
extension FootprintStore {
    /// A stored point as the midnight interpolation needs it.
    private struct StoredPoint {
        var segment: Int
        var coordinate: Coordinate
        var elevation: Double?
        var epoch: Double?
        var utcOffset: Int?
        var localDate: String?

        init(_ row: Row) {
            segment = row[0]
            coordinate = Coordinate(uncheckedLatitude: row[1], longitude: row[2])
            elevation = row[3]
            epoch = row[4]
            utcOffset = row[5]
            localDate = row[6]
        }
    }

    /// The point where the step from the day's point at `seq` to the next point the noise filter
    /// kept (`after`), or from the kept point before it (not `after`), crosses local midnight — the
    /// end of `date` or its start —, when that step stays in one segment, both points are timed
    /// and the other one lies on another day; `nil` otherwise.
    ///
    /// Midnight is taken at the day's point's UTC offset, as the statistics' window is. The
    /// position lies on the geodesic between the two points, at the share of the step's time
    /// before midnight (the statistics split the step's length the same way); the elevation is
    /// interpolated when both points have one. A midnight that falls on the day's own first point
    /// adds nothing.
    static func midnightPoint(
        _ db: Database, track: Int64, seq: Int64, date: String, after: Bool, pointDetails: Bool
    ) throws -> RoutePoint? {
        let columns = "segment, latitude, longitude, elevation, epoch, utc_offset, local_date"
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(columns) FROM track_points WHERE track_id = ? AND seq = ?",
                arguments: [track, seq]),
            let neighbourRow = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(columns) FROM track_points WHERE track_id = ? AND noise = 0 AND seq \(after ? ">" : "<") ?
                    ORDER BY seq \(after ? "" : "DESC") LIMIT 1
                    """, arguments: [track, seq])
        else { return nil }
        let point = StoredPoint(row)
        let neighbour = StoredPoint(neighbourRow)
        guard neighbour.segment == point.segment, neighbour.localDate != date,
            let pointEpoch = point.epoch, let neighbourEpoch = neighbour.epoch, let offset = point.utcOffset,
            let day = LocalDayClock.daysSince1970(date)
        else { return nil }
        let midnight = Double(day + (after ? 1 : 0)) * 86_400 - Double(offset)
        let (earlier, later) = after ? (point, neighbour) : (neighbour, point)
        let (start, end) = after ? (pointEpoch, neighbourEpoch) : (neighbourEpoch, pointEpoch)
        // The day's own point is strictly inside it; the other may sit on midnight exactly.
        guard after ? (start < midnight && midnight <= end) : (start < midnight && midnight < end) else { return nil }
        let share = (midnight - start) / (end - start)
        let step = Geodesic.inverse(from: earlier.coordinate, to: later.coordinate)
        let coordinate =
            share == 1
            ? later.coordinate
            : Geodesic.destination(
                from: earlier.coordinate, bearingDegrees: step.initialBearingDegrees,
                distanceMeters: step.distanceMeters * share
            ).coordinate
        guard pointDetails else { return RoutePoint(coordinate: coordinate) }
        var elevation: Double?
        if let low = earlier.elevation, let high = later.elevation { elevation = low + (high - low) * share }
        return RoutePoint(coordinate: coordinate, time: Date(timeIntervalSince1970: midnight), elevation: elevation)
    }
}
