import FootprintGeo
import Foundation
import GRDB

/// A place the person visited or saved.
public struct Place: Hashable, Sendable, Identifiable {
    /// The row id; `nil` before the place is saved.
    public var id: Int64?
    public var name: String
    /// A category path, segments joined by ` > ` (`음식점 > 카페`).
    public var category: String?
    /// Normalized hashtags without `#` (see ``Hashtag``).
    public var tags: [String]
    /// Popularity (likes, saves).
    public var likes: Int
    /// The lot-number (지번) address, or the only address known.
    public var address: String?
    /// The road-name (도로명) address.
    public var roadAddress: String?
    public var phone: String?
    /// Recommended visiting time, free text (`저녁`, `18:00-22:00`).
    public var visitTime: String?
    /// The recommended visiting window the recommendation's `time` term reads (migration
    /// `v10-best-time`); `nil` for none.
    public var bestTime: BestTime?
    public var note: String?
    /// Where the place came from (a file name, `naver`, `kakao`); `nil` for places added by hand.
    public var source: String?
    /// The place's id in its source; re-imports update the place with the same source and id.
    public var sourceID: String?
    public var coordinate: Coordinate
    public var createdAt: Date?
    public var updatedAt: Date?

    /// Creates a place; `name` must not be empty and tags are normalized.
    public init(
        id: Int64? = nil, name: String, coordinate: Coordinate, category: String? = nil, tags: [String] = [],
        likes: Int = 0, address: String? = nil, roadAddress: String? = nil, phone: String? = nil,
        visitTime: String? = nil, note: String? = nil, source: String? = nil, sourceID: String? = nil,
        bestTime: BestTime? = nil
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.category = category.flatMap(Place.normalizedCategory)
        self.tags = Hashtag.normalizedList(tags)
        self.likes = likes
        self.address = address
        self.roadAddress = roadAddress
        self.phone = phone
        self.visitTime = visitTime
        self.bestTime = bestTime
        self.note = note
        self.source = source
        self.sourceID = sourceID
    }

    /// `음식점>카페`, `음식점 / 카페` and ` 음식점 > 카페 ` all become `음식점 > 카페`; empty is `nil`.
    public static func normalizedCategory(_ text: String) -> String? {
        let segments = text.split(whereSeparator: { $0 == ">" || $0 == "/" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return segments.isEmpty ? nil : segments.joined(separator: " > ")
    }
}

extension Place: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "places"

    /// The columns of `places` that Footprint reads and writes.
    public enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let category = Column("category")
        static let tags = Column("tags")
        static let likes = Column("likes")
        static let address = Column("address")
        static let roadAddress = Column("road_address")
        static let phone = Column("phone")
        static let visitTime = Column("visit_time")
        static let bestTime = Column("best_time")
        static let note = Column("note")
        static let source = Column("source")
        static let sourceID = Column("source_id")
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
        static let geom = Column("geom")
        static let createdAt = Column("created_at")
        static let updatedAt = Column("updated_at")
    }

    /// Every column but the geometry blob, which read-only commands never need.
    public static var databaseSelection: [any SQLSelectable] {
        [
            Columns.id, Columns.name, Columns.category, Columns.tags, Columns.likes, Columns.address,
            Columns.roadAddress, Columns.phone, Columns.visitTime, Columns.bestTime, Columns.note, Columns.source,
            Columns.sourceID,
            Columns.latitude, Columns.longitude, Columns.createdAt, Columns.updatedAt,
        ]
    }

    public init(row: Row) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        category = row[Columns.category]
        tags = Hashtag.decode(row[Columns.tags] ?? "")
        likes = row[Columns.likes] ?? 0
        address = row[Columns.address]
        roadAddress = row[Columns.roadAddress]
        phone = row[Columns.phone]
        visitTime = row[Columns.visitTime]
        // Absent from the rows of queries that select fewer columns (search's).
        bestTime = (row[Columns.bestTime] as String?).flatMap(BestTime.init(stored:))
        note = row[Columns.note]
        source = row[Columns.source]
        sourceID = row[Columns.sourceID]
        coordinate = Coordinate(
            uncheckedLatitude: row[Columns.latitude] ?? .nan, longitude: row[Columns.longitude] ?? .nan)
        createdAt = (row[Columns.createdAt] as String?).flatMap(Timestamp.date(from:))
        updatedAt = (row[Columns.updatedAt] as String?).flatMap(Timestamp.date(from:))
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.category] = category
        container[Columns.tags] = Hashtag.encode(tags)
        container[Columns.likes] = likes
        container[Columns.address] = address
        container[Columns.roadAddress] = roadAddress
        container[Columns.phone] = phone
        container[Columns.visitTime] = visitTime
        container[Columns.bestTime] = bestTime?.text
        container[Columns.note] = note
        container[Columns.source] = source
        container[Columns.sourceID] = sourceID
        container[Columns.latitude] = coordinate.latitude
        container[Columns.longitude] = coordinate.longitude
        container[Columns.geom] = Data(SpatiaLiteBlob.point(coordinate))
        container[Columns.updatedAt] = Timestamp.string(from: updatedAt ?? Date())
        if let createdAt { container[Columns.createdAt] = Timestamp.string(from: createdAt) }
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
