import FootprintGeo
import Foundation
import GRDB

@testable import FootprintStore

/// Track points and stays written with SQL, as the v9 schema holds them — the tests of the day's
/// statistics, photos and overview do not wait for `import gpx` or stay detection.
struct TestPoint {
    var latitude: Double
    var longitude: Double
    var epoch: Double?
    var elevation: Double? = nil
    var segment = 0
    var noise = 0
}

extension FootprintStore {
    /// Stores a track of `points` (sequence in array order) on the local days of its points at
    /// `offset`, and lists it in `track_days`.
    func insertTrack(id: Int64, points: [TestPoint], offset: Int = 32400, date: String? = nil) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO tracks(id, source, source_id, kind) VALUES (?, 'test.gpx', ?, 'track')",
                arguments: [id, "trk:\(id)"])
            var days = Set<String>()
            for (seq, point) in points.enumerated() {
                let day = date ?? point.epoch.map { Self.localDate($0, offset: offset) }
                if let day { days.insert(day) }
                try db.execute(
                    sql: """
                        INSERT INTO track_points(track_id, seq, latitude, longitude, elevation, segment, epoch,
                            utc_offset, local_date, noise)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id, seq, point.latitude, point.longitude, point.elevation, point.segment, point.epoch, offset,
                        day, point.noise,
                    ])
            }
            for day in days {
                try db.execute(sql: "INSERT INTO track_days(track_id, local_date) VALUES (?, ?)", arguments: [id, day])
            }
        }
    }

    /// Stores a visit from `arrival` to `departure` (UTC seconds) as stay detection would.
    @discardableResult
    func insertStay(
        arrival: Double, departure: Double?, offset: Int = 32400, at coordinate: Coordinate? = nil,
        placeID: Int64? = nil, name: String? = nil, detected: Bool = true, removed: Bool = false
    ) throws -> Int64 {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO visits(place_id, name, arrived_at, arrived_offset, left_at, left_offset, local_date,
                        latitude, longitude, detected, removed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    placeID, name, Timestamp.string(from: Date(timeIntervalSince1970: arrival)), offset,
                    departure.map { Timestamp.string(from: Date(timeIntervalSince1970: $0)) },
                    departure.map { _ in offset },
                    Self.localDate(arrival, offset: offset), coordinate?.latitude, coordinate?.longitude, detected,
                    removed,
                ])
            return db.lastInsertedRowID
        }
    }

    static func localDate(_ epoch: Double, offset: Int) -> String {
        LocalTime(date: Date(timeIntervalSince1970: epoch), utcOffsetSeconds: offset).localDate
    }
}
