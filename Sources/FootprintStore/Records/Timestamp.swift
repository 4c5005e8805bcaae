import Foundation

/// Timestamps as stored: ISO 8601 UTC with milliseconds (`2024-05-04T03:12:00.000Z`), which sort
/// as text and read back in any SQLite date function.
enum Timestamp {
    static func string(from date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: .iso8601)
    }
}
