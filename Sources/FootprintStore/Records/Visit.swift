import Foundation
import GRDB

/// A stay at a place: arrival, departure, a note and a rating.
///
/// When its place is removed the visit stays, detached (`placeID == nil`), with the place's name
/// in ``placeName``: a diary does not lose days.
public struct Visit: Hashable, Sendable, Identifiable {
    public var id: Int64?
    public var placeID: Int64?
    /// The place's name, copied when the place is removed.
    public var placeName: String?
    /// A name the user gave the visit, kept across re-detection.
    public var name: String?
    public var arrived: LocalTime
    public var left: LocalTime?
    public var note: String?
    /// 1–5.
    public var rating: Int?
    /// The file (or other source) the visit was imported from; `nil` for visits added by hand.
    /// An import finds its earlier visits by source, place and arrival.
    public var source: String?

    public init(
        id: Int64? = nil, placeID: Int64?, arrived: LocalTime, left: LocalTime? = nil, note: String? = nil,
        rating: Int? = nil, name: String? = nil, source: String? = nil
    ) {
        self.id = id
        self.placeID = placeID
        self.arrived = arrived
        self.left = left
        self.note = note
        self.rating = rating
        self.name = name
        self.source = source
    }

    /// The local calendar day of the arrival.
    public var localDate: String { arrived.localDate }
}

extension Visit: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "visits"

    public enum Columns {
        static let id = Column("id")
        static let placeID = Column("place_id")
        static let placeName = Column("place_name")
        static let name = Column("name")
        static let arrivedAt = Column("arrived_at")
        static let arrivedOffset = Column("arrived_offset")
        static let leftAt = Column("left_at")
        static let leftOffset = Column("left_offset")
        static let localDate = Column("local_date")
        static let note = Column("note")
        static let rating = Column("rating")
        static let source = Column("source")
    }

    public init(row: Row) throws {
        id = row[Columns.id]
        placeID = row[Columns.placeID]
        placeName = row[Columns.placeName]
        name = row[Columns.name]
        let arrivedText: String = row[Columns.arrivedAt]
        arrived = LocalTime(
            date: Timestamp.date(from: arrivedText) ?? .distantPast, utcOffsetSeconds: row[Columns.arrivedOffset])
        if let leftText: String = row[Columns.leftAt] {
            left = LocalTime(
                date: Timestamp.date(from: leftText) ?? .distantPast, utcOffsetSeconds: row[Columns.leftOffset] ?? 0)
        }
        note = row[Columns.note]
        rating = row[Columns.rating]
        source = row[Columns.source]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.placeID] = placeID
        container[Columns.placeName] = placeName
        container[Columns.name] = name
        container[Columns.arrivedAt] = Timestamp.string(from: arrived.date)
        container[Columns.arrivedOffset] = arrived.utcOffsetSeconds
        container[Columns.leftAt] = left.map { Timestamp.string(from: $0.date) }
        container[Columns.leftOffset] = left?.utcOffsetSeconds
        container[Columns.localDate] = localDate
        container[Columns.note] = note
        container[Columns.rating] = rating
        container[Columns.source] = source
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension FootprintStore {
    /// Records a visit to an existing place.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``; `invalidValue` when it leaves before it
    ///   arrives or the rating is outside 1–5.
    public func addVisit(_ visit: Visit) throws -> Visit {
        if let left = visit.left, left.date < visit.arrived.date {
            throw FootprintStoreError.invalidValue(
                name: "departure", value: left.iso8601, reason: "it is before the arrival \(visit.arrived.iso8601)")
        }
        if let rating = visit.rating, !(1...5).contains(rating) {
            throw FootprintStoreError.invalidValue(name: "rating", value: String(rating), reason: "a rating is 1 to 5")
        }
        return try write { db in
            var visit = visit
            if let placeID = visit.placeID {
                guard
                    let name = try String.fetchOne(
                        db, sql: "SELECT name FROM places WHERE id = ?", arguments: [placeID])
                else { throw FootprintStoreError.placeNotFound(id: placeID) }
                visit.placeName = name
            }
            try visit.insert(db)
            return visit
        }
    }

    /// The visits of a place, oldest first, including those of removed places by `placeName`.
    public func visits(placeID: Int64) throws -> [Visit] {
        try read { db in
            try Visit.filter(Visit.Columns.placeID == placeID).order(Visit.Columns.arrivedAt).fetchAll(db)
        }
    }

    /// Every visit whose place was removed, oldest first.
    public func detachedVisits() throws -> [Visit] {
        try read { db in
            try Visit.filter(Visit.Columns.placeID == nil).order(Visit.Columns.arrivedAt).fetchAll(db)
        }
    }
}
