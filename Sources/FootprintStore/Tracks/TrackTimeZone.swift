import Foundation

/// The zone a GPX import files its points' local days in (`--tz`): an IANA zone, whose offset
/// follows daylight saving time, or a fixed offset from UTC.
public enum TrackTimeZone: Hashable, Sendable, CustomStringConvertible {
    /// A fixed offset, seconds east of UTC (`+09:00` is 32400).
    case fixed(seconds: Int)
    /// An IANA zone (`Asia/Seoul`, `Europe/Berlin`).
    case named(TimeZone)

    /// The process's zone (`TZ`, else the system's).
    public static var system: TrackTimeZone { .named(.current) }

    /// Reads `Asia/Seoul`, `UTC`, `Z`, `+09:00`, `-03:30`, `+0930` or `+09`.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for a zone that is
    ///   neither an IANA name nor an offset within ±18:00.
    public init(_ text: String) throws {
        if text == "Z" || text == "z" {
            self = .fixed(seconds: 0)
            return
        }
        if let first = text.first, first == "+" || first == "-" {
            let digits = text.dropFirst().filter { $0 != ":" }
            let hours = digits.count == 2 || digits.count == 4 ? Int(digits.prefix(2)) : nil
            let minutes = digits.count == 4 ? Int(digits.suffix(2)) : 0
            let colonAt = text.dropFirst().firstIndex(of: ":")
            guard digits.allSatisfy(\.isASCII), let hours, let minutes, minutes < 60, hours * 60 + minutes <= 18 * 60,
                colonAt == nil || text.count == 6
            else {
                throw FootprintStoreError.invalidValue(
                    name: "time zone", value: "“\(text)”",
                    reason: "write an offset as ±HH:MM, at most ±18:00 (or give an IANA name such as Asia/Seoul)")
            }
            self = .fixed(seconds: (first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            return
        }
        guard let zone = TimeZone(identifier: text) else {
            throw FootprintStoreError.invalidValue(
                name: "time zone", value: "“\(text)”",
                reason: "it is no IANA zone name (such as Asia/Seoul or Europe/Berlin) nor an offset such as +09:00")
        }
        self = .named(zone)
    }

    /// Seconds east of UTC at `date`.
    public func offset(at date: Date) -> Int {
        switch self {
        case .fixed(let seconds): return seconds
        case .named(let zone): return zone.secondsFromGMT(for: date)
        }
    }

    /// `Asia/Seoul`, or `+09:00`.
    public var description: String {
        switch self {
        case .named(let zone): return zone.identifier
        case .fixed(let seconds):
            let magnitude = abs(seconds)
            let hours = magnitude / 3600
            let minutes = magnitude % 3600 / 60
            return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "")
                + "\(minutes)"
        }
    }
}

/// Local days and offsets for a run of times, fast: the offset is looked up once per stretch
/// between two daylight-saving transitions, and a date's text is made once per day.
struct LocalDayClock {
    let zone: TrackTimeZone
    /// The stretch `[start, end)` of UTC seconds in which `offset` holds.
    private var start = Double.infinity
    private var end = -Double.infinity
    private var offset = 0
    private var lastDay = Int.min
    private var lastDate = ""

    init(zone: TrackTimeZone) { self.zone = zone }

    /// The offset at `epoch` (UTC seconds) and the local date there, `YYYY-MM-DD`.
    mutating func local(_ epoch: Double) -> (offset: Int, date: String) {
        if !(epoch >= start && epoch < end) { lookUp(epoch) }
        let day = Int(((epoch + Double(offset)) / 86_400).rounded(.down))
        if day != lastDay {
            lastDay = day
            lastDate = Self.dateText(daysSince1970: day)
        }
        return (offset, lastDate)
    }

    private mutating func lookUp(_ epoch: Double) {
        let date = Date(timeIntervalSince1970: epoch)
        offset = zone.offset(at: date)
        switch zone {
        case .fixed:
            (start, end) = (-Double.infinity, Double.infinity)
        case .named(let timeZone):
            // From this instant to the next transition: times mostly run forward.
            start = epoch
            end = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        }
    }

    /// The days from 1970-01-01 to the `YYYY-MM-DD` date `text` (Howard Hinnant's
    /// `days_from_civil`); `nil` when it is not such a date.
    static func daysSince1970(_ text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard LocalDate.isValid(text), let year0 = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let year = month <= 2 ? year0 - 1 : year0
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD` of the proleptic Gregorian day `days` after 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    static func dateText(daysSince1970 days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
