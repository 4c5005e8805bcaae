import FootprintGeo
import Foundation
import GRDB

/// A visit as the day timeline shows it: its name (the user's, else its place's), where, when,
/// and how it came to be.
public struct TimelineVisit: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// The place, while it exists.
    public var placeID: Int64?
    /// The name the user gave, else the place's (a removed place's copied name), else `nil`: an
    /// unnamed stay.
    public var name: String?
    public var note: String?
    /// The stay's centre for a detected visit, else the place's position; `nil` when neither is
    /// known (a visit to a removed place, added by hand).
    public var coordinate: Coordinate?
    public var arrived: LocalTime
    public var left: LocalTime?
    /// Found by stay-point detection (not imported or added by hand).
    public var detected: Bool
    /// The user named or edited it: re-detection keeps its name, place and note.
    public var userSet: Bool
    /// The local day it belongs to, `YYYY-MM-DD`.
    public var localDate: String

    public init(
        id: Int64, placeID: Int64?, name: String?, note: String?, coordinate: Coordinate?, arrived: LocalTime,
        left: LocalTime?, detected: Bool, userSet: Bool, localDate: String
    ) {
        self.id = id
        self.placeID = placeID
        self.name = name
        self.note = note
        self.coordinate = coordinate
        self.arrived = arrived
        self.left = left
        self.detected = detected
        self.userSet = userSet
        self.localDate = localDate
    }

    static let selection = """
        SELECT v.id, v.place_id, COALESCE(v.name, p.name, v.place_name), v.note,
            COALESCE(v.latitude, p.latitude), COALESCE(v.longitude, p.longitude),
            v.arrived_at, v.arrived_offset, v.left_at, v.left_offset, v.detected, v.user_set, v.local_date
        FROM visits v LEFT JOIN places p ON p.id = v.place_id
        """

    init(row: Row) {
        id = row[0]
        placeID = row[1]
        name = row[2]
        note = row[3]
        if let latitude: Double = row[4], let longitude: Double = row[5] {
            coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
        arrived = LocalTime(date: Timestamp.date(from: row[6]) ?? .distantPast, utcOffsetSeconds: row[7])
        if let leftText: String = row[8] {
            left = LocalTime(date: Timestamp.date(from: leftText) ?? .distantPast, utcOffsetSeconds: row[9] ?? 0)
        }
        detected = row[10]
        userSet = row[11]
        localDate = row[12]
    }
}

extension FootprintStore {
    /// The visits of a local day (every day when `date` is `nil`), in time order (ties by id),
    /// without those the user removed. Works on a read-only store.
    ///
    /// - Throws: `invalidValue` for a date that is not a real `YYYY-MM-DD` day.
    public func timelineVisits(on date: String? = nil) throws -> [TimelineVisit] {
        if let date { try Self.checkDate(date) }
        return try read { db in
            let filter = date == nil ? "" : "AND v.local_date = ?"
            return try Row.fetchAll(
                db,
                sql: TimelineVisit.selection + " WHERE v.removed = 0 \(filter) ORDER BY v.arrived_at, v.id",
                arguments: StatementArguments(date.map { [$0] } ?? [])
            ).map(TimelineVisit.init(row:))
        }
    }

    /// One visit, or `nil` when there is none with this id or the user removed it.
    public func timelineVisit(id: Int64) throws -> TimelineVisit? {
        try read { db in try Self.timelineVisit(db, id: id) }
    }

    static func timelineVisit(_ db: Database, id: Int64) throws -> TimelineVisit? {
        try Row.fetchOne(db, sql: TimelineVisit.selection + " WHERE v.id = ? AND v.removed = 0", arguments: [id])
            .map(TimelineVisit.init(row:))
    }
}
