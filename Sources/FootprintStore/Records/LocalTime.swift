import Foundation

/// An instant with the UTC offset it was lived in: what a diary stores for "when".
///
/// A "day" is the local calendar day at that offset (ARCHITECTURE.md, time zones).
public struct LocalTime: Hashable, Sendable {
    /// The instant.
    public var date: Date
    /// Seconds east of UTC at that instant (`+09:00` is 32400).
    public var utcOffsetSeconds: Int

    public init(date: Date, utcOffsetSeconds: Int) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses ISO 8601 `2024-05-04T14:30`, `2024-05-04T14:30:00+09:00`, `…Z`, or with a space for
    /// the `T`; a time without an offset is read in `zone` (the local zone by default).
    public init(iso8601 text: String, zone: TimeZone = .current) throws {
        // ASCII digits only: `\d` would also take other scripts' digits, which Int() does not read.
        let pattern = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?[ ]*(Z|[+-][0-9]{2}:?[0-9]{2})?$/
        guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: pattern) else {
            throw FootprintStoreError.invalidValue(
                name: "time", value: "“\(text)”", reason: "write it as ISO 8601, e.g. 2024-05-04T14:30+09:00")
        }
        var components = DateComponents()
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = Int(match.4)
        components.minute = Int(match.5)
        components.second = match.6.map { Int($0)! } ?? 0
        if let fraction = match.7 {
            components.nanosecond = Int((Double("0." + fraction)! * 1e9).rounded())
        }
        let offset: Int?
        if let zoneText = match.8 {
            guard let seconds = zoneText == "Z" ? 0 : Self.offsetSeconds(String(zoneText)) else {
                throw FootprintStoreError.invalidValue(
                    name: "time", value: "“\(text)”", reason: "a UTC offset is at most ±18:00, with minutes below 60")
            }
            offset = seconds
        } else {
            offset = nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        guard let hour = components.hour, hour < 24, let minute = components.minute, minute < 60,
            let second = components.second, second < 61,
            let date = calendar.date(from: components),
            calendar.component(.day, from: date) == components.day
        else {
            throw FootprintStoreError.invalidValue(name: "time", value: "“\(text)”", reason: "no such date or time")
        }
        self.date = date
        self.utcOffsetSeconds = offset ?? zone.secondsFromGMT(for: date)
    }

    /// The local calendar date, `YYYY-MM-DD`.
    public var localDate: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// ISO 8601 with the local offset, `2024-05-04T14:30:00+09:00`.
    public var iso8601: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let offset = abs(utcOffsetSeconds)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!,
            p.second!, sign, offset / 3600, (offset % 3600) / 60)
    }

    /// Seconds of `+HH:MM`, `+HHMM`; `nil` beyond ±18:00 (ISO 8601's and Foundation's limit).
    private static func offsetSeconds(_ text: String) -> Int? {
        let sign = text.hasPrefix("-") ? -1 : 1
        let digits = text.dropFirst().filter(\.isNumber)
        guard let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), minutes < 60,
            hours * 60 + minutes <= 18 * 60
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
