import GRDB

/// A place's recommended visiting window (추천 방문 시간대) in local time: `18:00-20:00`, or one
/// of the named parts of the day 아침 (morning), 낮 (daytime), 저녁 (evening), 밤 (night).
///
/// Minutes count from local midnight. A window whose end is before its start runs past midnight
/// (`22:00-02:00`); `24:00` may end a window. Both ends are inside it. The stored form
/// (`places.best_time`, migration `v10-best-time`) is ``text``, always `HH:MM-HH:MM`.
public struct BestTime: Hashable, Sendable, CustomStringConvertible {
    /// The first minute of the window, 0–1439.
    public var startMinute: Int
    /// The last minute of the window, 0–1440.
    public var endMinute: Int

    /// The named parts of the day and their windows. 밤 (night) runs past midnight.
    public static let namedWindows: [(name: String, window: BestTime)] = [
        ("아침", BestTime(uncheckedStart: 6 * 60, end: 11 * 60)),
        ("낮", BestTime(uncheckedStart: 11 * 60, end: 17 * 60)),
        ("저녁", BestTime(uncheckedStart: 17 * 60, end: 21 * 60)),
        ("밤", BestTime(uncheckedStart: 21 * 60, end: 2 * 60)),
    ]

    init(uncheckedStart start: Int, end: Int) {
        startMinute = start
        endMinute = end
    }

    /// Parses `HH:MM-HH:MM` (spaces allowed around the parts, `–` or `~` for the dash) or a named
    /// part of the day.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` naming `name`.
    public init(parsing text: String, name: String = "best time") throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let named = Self.namedWindows.first(where: { $0.name == trimmed }) {
            self = named.window
            return
        }
        let parts = trimmed.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "~" }).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, let start = Self.minute(of: parts[0], allowsEnd: false),
            let end = Self.minute(of: parts[1], allowsEnd: true), start != end
        else {
            throw FootprintStoreError.invalidValue(
                name: name, value: "“\(text)”", reason: "write it as HH:MM-HH:MM, e.g. 18:00-20:00, or 아침, 낮, 저녁 or 밤")
        }
        startMinute = start
        endMinute = end
    }

    /// A stored window, or `nil` for text that is not one (written by another tool).
    init?(stored text: String) {
        guard let window = try? BestTime(parsing: text) else { return nil }
        self = window
    }

    /// `HH:MM-HH:MM`.
    public var text: String { Self.clock(startMinute) + "-" + Self.clock(endMinute) }

    public var description: String { text }

    /// Whether `minute` (0–1439 from local midnight) is inside the window, ends included.
    public func contains(minute: Int) -> Bool {
        if startMinute < endMinute { return minute >= startMinute && minute <= endMinute }
        return minute >= startMinute || minute <= endMinute
    }

    /// Minutes from `minute` to the nearer end of the window, the short way round the clock; 0
    /// inside it.
    public func minutesAway(from minute: Int) -> Int {
        if contains(minute: minute) { return 0 }
        func around(_ a: Int, _ b: Int) -> Int {
            let difference = abs(a - b) % 1440
            return min(difference, 1440 - difference)
        }
        return min(around(minute, startMinute), around(minute, endMinute % 1440))
    }

    /// `HH:MM` (00:00–23:59) as minutes from midnight; `24:00` too when `allowsEnd`.
    static func minute(of text: String, allowsEnd: Bool) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
        else { return nil }
        if hour == 24 && minute == 0 && allowsEnd { return 1440 }
        return hour < 24 ? hour * 60 + minute : nil
    }

    static func clock(_ minute: Int) -> String {
        let hour = minute / 60
        let rest = minute % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}

extension BestTime {
    /// Migration `v10-best-time`: the recommended visiting window of a place (`places.best_time`,
    /// `HH:MM-HH:MM` or `NULL`) and the user's mark on it (`place_edits.best_time`), so a re-import
    /// keeps a window set with `place edit --best-time`. A place whose free-text `visit_time`
    /// already reads as a window (`저녁`, `18:00-22:00`) starts with it.
    static func createSchemaV10(_ db: GRDB.Database) throws {
        try db.execute(sql: "ALTER TABLE places ADD COLUMN best_time TEXT")
        // `v5-edited-fields` makes a column per ``PlaceField`` of the build that runs it, so a
        // database created by this build has the mark already.
        if try !db.columns(in: "place_edits").contains(where: { $0.name == "best_time" }) {
            try db.execute(sql: "ALTER TABLE place_edits ADD COLUMN best_time INTEGER NOT NULL DEFAULT 0")
        }
        let rows = try GRDB.Row.fetchAll(db, sql: "SELECT id, visit_time FROM places WHERE visit_time IS NOT NULL")
        for row in rows {
            guard let text: String = row[1], let window = BestTime(stored: text) else { continue }
            try db.execute(
                sql: "UPDATE places SET best_time = ? WHERE id = ?", arguments: [window.text, row[0] as Int64])
        }
    }
}
