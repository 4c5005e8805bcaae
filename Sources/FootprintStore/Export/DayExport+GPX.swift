import FootprintGeo
import Foundation

extension DayExport {
    /// GPX 1.1 (``GPXWriter``: schema order, UTC `Z` times): `metadata` naming the dates, each
    /// visit as a `wpt` (its name, arrival time, and a description with arrival and departure in
    /// local time), then one `trk` per day with a route, named by the date, with one `trkseg`
    /// per route part (GPX segment or privacy cut), points with their elevation and time.
    public func gpx() -> [UInt8] {
        let title = first == last ? "Footprint \(first)" : "Footprint \(first) to \(last)"
        var writer = GPXWriter(metadata: GPXMetadata(name: title))
        for day in days {
            for visit in day.visits {
                let departure = visit.left.map { " to \($0.iso8601)" } ?? ""
                writer.waypoint(
                    GPXPoint(
                        coordinate: visit.coordinate, time: visit.arrived.date, name: visit.name ?? "Stay",
                        description: "Visit from \(visit.arrived.iso8601)\(departure)"))
            }
        }
        for day in days where !day.parts.isEmpty {
            writer.beginTrack(name: day.date)
            for part in day.parts {
                writer.beginSegment()
                for point in part {
                    writer.trackPoint(
                        GPXPoint(coordinate: point.coordinate, elevation: point.elevation, time: point.time))
                }
                writer.endSegment()
            }
            writer.endTrack()
        }
        return writer.finish()
    }
}
