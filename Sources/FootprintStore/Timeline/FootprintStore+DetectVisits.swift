import FootprintGeo
import Foundation
import GRDB

/// What detecting a day's stays did (`day detect`).
public struct VisitDetectionSummary: Hashable, Sendable {
    /// The local day, `YYYY-MM-DD`.
    public var date: String
    /// Stays found in the day's filtered points.
    public var found: Int
    /// Stays that matched a visit the user named or edited: that visit keeps its name, place and
    /// note and takes the stay's times and centre.
    public var kept: Int
    /// Stays stored as new detected visits.
    public var new: Int
    /// Stays that matched a visit the user removed, and so stay removed.
    public var removed: Int

    public init(date: String, found: Int = 0, kept: Int = 0, new: Int = 0, removed: Int = 0) {
        self.date = date
        self.found = found
        self.kept = kept
        self.new = new
        self.removed = removed
    }
}

extension FootprintStore {
    /// How close a place must be to a stay's centre to be the stay's place.
    public static let stayPlaceRadiusMeters = 50.0

    /// Detects the stays of a local day and stores them as visits, keeping what the user set.
    ///
    /// The day's points are its track points dated `date` that the noise filter kept. Each stay
    /// becomes a detected visit at its centre, from its first point's time to its last (each with
    /// that point's UTC offset), at the nearest place within 50 m, else an unnamed stay. Earlier
    /// detections of the day are replaced, except:
    /// - a visit the user named or edited (`user_set`) that a new stay overlaps by at least half
    ///   of the visit's time, at the same spot (centres within two stay radii: another track of
    ///   the day may stay elsewhere at that time), keeps its name, place and note (and its id) with
    ///   the stay's times and centre; one the user set that no stay matches is kept as it was;
    /// - a visit the user removed stays removed: a stay overlapping it by half its time is not
    ///   stored again;
    /// - visits imported or added by hand (not detected) are never touched.
    ///
    /// Each old visit matches at most one stay, the one overlapping it most. All in one
    /// transaction.
    ///
    /// - Throws: `invalidValue` for a date that is not a real `YYYY-MM-DD` day.
    public func detectVisits(on date: String, options: StayOptions = .standard) throws -> VisitDetectionSummary {
        try Self.checkDate(date)
        return try write { db in try Self.detectVisits(db, on: date, detector: StayDetector(options: options)) }
    }

    /// ``detectVisits(on:options:)`` for each date (in order, duplicates once), all in one
    /// transaction: what `import gpx` calls for the days it touched.
    public func detectVisits(onDates dates: [String], options: StayOptions = .standard) throws
        -> [VisitDetectionSummary]
    {
        var seen = Set<String>()
        let unique = dates.filter { seen.insert($0).inserted }
        for date in unique { try Self.checkDate(date) }
        return try write { db in
            // The points are read once, in primary-key order: a 16 MB page cache serves that
            // scan, and the pages an import just wrote are let go first. With the connection's
            // 128 MB kept full, a 1M-point import's detection peaked at 210 MB (the points read,
            // 32 MB, on top of a full cache).
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA shrink_memory; PRAGMA cache_size = -16384")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            let days = try DayPoints.fetch(db, dates: unique)
            return try unique.map {
                try Self.detectVisits(db, on: $0, points: days[$0]!, detector: StayDetector(options: options))
            }
        }
    }

    /// Throws for a date that is not a real `YYYY-MM-DD` day (`2024-02-30`).
    static func checkDate(_ date: String) throws {
        try LocalDate.check(date)
    }

    static func detectVisits(_ db: Database, on date: String, detector: StayDetector) throws -> VisitDetectionSummary {
        try detectVisits(db, on: date, points: DayPoints.fetch(db, date: date), detector: detector)
    }

    /// Detects the stays in `day`, the points of `date`.
    static func detectVisits(_ db: Database, on date: String, points day: DayPoints, detector: StayDetector) throws
        -> VisitDetectionSummary
    {
        let stays = detector.stays(in: day.points)
        var summary = VisitDetectionSummary(date: date, found: stays.count)
        try db.execute(
            sql: "DELETE FROM visits WHERE local_date = ? AND detected = 1 AND user_set = 0 AND removed = 0",
            arguments: [date])
        let earlier = try KeptVisit.fetchAll(db, date: date)
        // Two stays at one spot have centres within two radii (each holds its points within one
        // radius of its first point).
        let matches = KeptVisit.match(stays, to: earlier, within: 2 * detector.radiusMeters)
        for (index, stay) in stays.enumerated() {
            let arrived = day.localTime(at: stay.points.lowerBound)
            let left = day.localTime(at: stay.points.upperBound - 1)
            if let match = matches[index] {
                let visit = earlier[match]
                try db.execute(
                    sql: """
                        UPDATE visits SET arrived_at = ?, arrived_offset = ?, left_at = ?, left_offset = ?,
                            latitude = ?, longitude = ? WHERE id = ?
                        """,
                    arguments: [
                        Timestamp.string(from: arrived.date), arrived.utcOffsetSeconds,
                        Timestamp.string(from: left.date),
                        left.utcOffsetSeconds, stay.center.latitude, stay.center.longitude, visit.id,
                    ])
                if visit.removed { summary.removed += 1 } else { summary.kept += 1 }
                continue
            }
            let place = try nearestPlace(db, to: stay.center)
            try db.execute(
                sql: """
                    INSERT INTO visits(place_id, place_name, arrived_at, arrived_offset, left_at, left_offset,
                        local_date, latitude, longitude, detected)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                    """,
                arguments: [
                    place?.id, place?.name, Timestamp.string(from: arrived.date), arrived.utcOffsetSeconds,
                    Timestamp.string(from: left.date), left.utcOffsetSeconds, date, stay.center.latitude,
                    stay.center.longitude,
                ])
            summary.new += 1
        }
        return summary
    }

    /// The nearest place within ``stayPlaceRadiusMeters`` of `center` (ties by id), by the spatial
    /// index and the exact geodesic.
    static func nearestPlace(_ db: Database, to center: Coordinate) throws -> Place? {
        let candidates = try candidates(db, center: center, radiusMeters: stayPlaceRadiusMeters, filter: PlaceFilter())
        guard !candidates.isEmpty else { return nil }
        return try nearest(db, candidates, center: center, count: 1, within: stayPlaceRadiusMeters).first?.place
    }
}
