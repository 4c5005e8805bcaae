import GRDB

/// A diary day: a local calendar date with how it went.
public struct Day: Hashable, Sendable {
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    /// 1–100.
    public var score: Int?
    public var weather: String?
    public var sleepMinutes: Int?
    /// A colour for the mood, `#RRGGBB`.
    public var moodColor: String?
    public var note: String?

    /// Creates a day; the date must be a real `YYYY-MM-DD` date and the score 1–100.
    public init(
        date: String, score: Int? = nil, weather: String? = nil, sleepMinutes: Int? = nil, moodColor: String? = nil,
        note: String? = nil
    ) throws {
        try LocalDate.check(date)
        if let score, !(1...100).contains(score) {
            throw FootprintStoreError.invalidValue(
                name: "score", value: String(score), reason: "a day's score is 1 to 100")
        }
        if let sleepMinutes, sleepMinutes < 0 {
            throw FootprintStoreError.invalidValue(
                name: "sleep minutes", value: String(sleepMinutes), reason: "it cannot be negative")
        }
        if let moodColor { try HexColor.check(moodColor, name: "mood colour") }
        self.date = date
        self.score = score
        self.weather = weather
        self.sleepMinutes = sleepMinutes
        self.moodColor = moodColor
        self.note = note
    }
}

extension Day: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "days"

    public enum Columns {
        static let date = Column("date")
        static let score = Column("score")
        static let weather = Column("weather")
        static let sleepMinutes = Column("sleep_minutes")
        static let moodColor = Column("mood_color")
        static let note = Column("note")
    }

    public init(row: Row) throws {
        date = row[Columns.date]
        score = row[Columns.score]
        weather = row[Columns.weather]
        sleepMinutes = row[Columns.sleepMinutes]
        moodColor = row[Columns.moodColor]
        note = row[Columns.note]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.date] = date
        container[Columns.score] = score
        container[Columns.weather] = weather
        container[Columns.sleepMinutes] = sleepMinutes
        container[Columns.moodColor] = moodColor
        container[Columns.note] = note
    }
}

/// Local calendar dates as stored: `YYYY-MM-DD`.
enum LocalDate {
    /// True for a real Gregorian date written `YYYY-MM-DD` in ASCII digits.
    static func isValid(_ text: String) -> Bool {
        // Int() alone would take a sign (`2024-+5-01`).
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.indices.allSatisfy({ $0 == 4 || $0 == 7 || (0x30...0x39).contains(bytes[$0]) })
        else { return false }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }

    /// Throws ``invalid(_:name:)`` for a date that is not a real `YYYY-MM-DD` date.
    static func check(_ text: String, name: String = "date") throws {
        guard isValid(text) else { throw invalid(text, name: name) }
    }

    /// The one sentence every command says of a date that is not a real `YYYY-MM-DD` date,
    /// whatever option or file gave it: `The date “2024-02-30” is invalid: write a real calendar
    /// date as YYYY-MM-DD, such as 2024-05-18.` `name` says which date (`until date`).
    static func invalid(_ text: String, name: String = "date") -> FootprintStoreError {
        .invalidValue(
            name: name, value: "“\(text)”", reason: "write a real calendar date as YYYY-MM-DD, such as 2024-05-18")
    }
}

extension FootprintStore {
    /// Saves a day, replacing what was stored for its date.
    public func saveDay(_ day: Day) throws {
        try write { db in try day.save(db) }
    }

    /// The day stored for `date`, or `nil`.
    public func day(_ date: String) throws -> Day? {
        try read { db in try Day.fetchOne(db, key: date) }
    }
}
