import FootprintGeo
import GRDB

/// A photo of the diary: a file reference, when it was taken, and where (from its metadata or
/// interpolated on the day's route).
public struct Photo: Hashable, Sendable, Identifiable {
    public var id: Int64?
    /// The file's path or URL, as the user gave it; Footprint does not copy photos.
    public var path: String
    public var takenAt: LocalTime?
    public var coordinate: Coordinate?
    public var placeID: Int64?

    public init(id: Int64? = nil, path: String, takenAt: LocalTime? = nil, coordinate: Coordinate? = nil, placeID: Int64? = nil) {
        self.id = id
        self.path = path
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.placeID = placeID
    }

    /// The local calendar day it was taken on.
    public var localDate: String? { takenAt?.localDate }
}

extension Photo: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "photos"

    public enum Columns {
        static let id = Column("id")
        static let path = Column("path")
        static let takenAt = Column("taken_at")
        static let takenOffset = Column("taken_offset")
        static let localDate = Column("local_date")
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
        static let placeID = Column("place_id")
    }

    public init(row: Row) throws {
        id = row[Columns.id]
        path = row[Columns.path]
        if let text: String = row[Columns.takenAt], let date = Timestamp.date(from: text) {
            takenAt = LocalTime(date: date, utcOffsetSeconds: row[Columns.takenOffset] ?? 0)
        }
        if let latitude: Double = row[Columns.latitude], let longitude: Double = row[Columns.longitude] {
            coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
        placeID = row[Columns.placeID]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.path] = path
        container[Columns.takenAt] = takenAt.map { Timestamp.string(from: $0.date) }
        container[Columns.takenOffset] = takenAt?.utcOffsetSeconds
        container[Columns.localDate] = localDate
        container[Columns.latitude] = coordinate?.latitude
        container[Columns.longitude] = coordinate?.longitude
        container[Columns.placeID] = placeID
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension FootprintStore {
    /// Saves a new photo and returns it with its id.
    public func addPhoto(_ photo: Photo) throws -> Photo {
        try write { db in
            var photo = photo
            if let placeID = photo.placeID, try !Place.exists(db, key: placeID) {
                throw FootprintStoreError.placeNotFound(id: placeID)
            }
            try photo.insert(db)
            return photo
        }
    }

    /// The photos taken on a local date, in time order.
    public func photos(on date: String) throws -> [Photo] {
        try read { db in
            try Photo.filter(Photo.Columns.localDate == date).order(Photo.Columns.takenAt, Photo.Columns.id).fetchAll(db)
        }
    }
}
