import Foundation
import GRDB

/// One entry of a day's log: a title, a text, a category, how long the walk was, and the places
/// and photos it is about.
public struct LogEntry: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    public var title: String
    public var body: String?
    /// The category's name.
    public var category: String?
    /// The category's colour, `#RRGGBB`.
    public var categoryColor: String?
    public var walkMinutes: Int?
    /// The ids of the places it is about, ascending.
    public var placeIDs: [Int64]
    /// The ids of its photos, ascending.
    public var photoIDs: [Int64]
    /// When it was written, ISO 8601 UTC.
    public var createdAt: String
}

/// What `log add` asks for: a new entry before it has an id.
public struct NewLogEntry: Hashable, Sendable {
    public var date: String
    public var title: String
    public var body: String?
    public var category: String?
    public var walkMinutes: Int?
    public var placeIDs: [Int64]
    public var photoIDs: [Int64]

    public init(
        date: String, title: String, body: String? = nil, category: String? = nil, walkMinutes: Int? = nil,
        placeIDs: [Int64] = [], photoIDs: [Int64] = []
    ) {
        self.date = date
        self.title = title
        self.body = body
        self.category = category
        self.walkMinutes = walkMinutes
        self.placeIDs = placeIDs
        self.photoIDs = photoIDs
    }

    /// Checks what needs no database: a real date, a title, minutes not negative.
    func validate() throws {
        try LocalDate.check(date)
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FootprintStoreError.invalidValue(
                name: "title", value: "“\(title)”", reason: "a log entry needs a title")
        }
        if let walkMinutes, walkMinutes < 0 {
            throw FootprintStoreError.invalidValue(
                name: "walk minutes", value: String(walkMinutes), reason: "it cannot be negative")
        }
    }
}
