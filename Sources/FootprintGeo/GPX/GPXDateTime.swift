import Foundation

/// GPX times: XML Schema `dateTime` (ISO 8601's extended form) read, and written as UTC with `Z`.
enum GPXDateTime {
    /// `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm|±hhmm]`; no zone means UTC (GPX 1.1 says times are
    /// UTC). `24:00:00` is the next day's midnight, as XML Schema allows. nil for anything else or
    /// an impossible date (`2024-02-30`).
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = bytes[index + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2)
        else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") else {
            return nil
        }
        index += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        var fraction = 0.0
        if expect(UInt8(ascii: ".")) {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let hours = digits(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                guard let minutes = digits(2), hours <= 14, minutes <= 59 else { return nil }
                offsetSeconds = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        let isEndOfDay = hour == 24 && minute == 0 && second == 0 && fraction == 0
        guard hour <= 23 || isEndOfDay, minute <= 59, second <= 60 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// 0001-01-02T00:00:00Z: the earliest time whose local day is in the year 0001 in every zone.
    static let earliest = Date(timeIntervalSince1970: Double(daysFromCivil(year: 1, month: 1, day: 2) * 86_400))
    /// 9999-12-30T23:59:59.999Z: the latest whose local day is in the year 9999 in every zone.
    static let latest = Date(
        timeIntervalSince1970: Double(daysFromCivil(year: 9999, month: 12, day: 31) * 86_400) - 0.001)

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant, "chrono-Compatible
    /// Low-Level Date Algorithms", `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)`` (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Appends `2024-05-01T09:30:00Z`, or `…:00.250Z` when the time has milliseconds (rounded to the
    /// nearest millisecond).
    static func append(_ date: Date, to output: inout [UInt8]) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        var totalSeconds = seconds
        var fraction = millisecond
        if fraction < 0 {
            fraction += 1000
            totalSeconds -= 1
        }
        var days = totalSeconds / 86_400
        var secondOfDay = totalSeconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        appendDigits(year, count: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2, to: &output)
        output.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3_600, count: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, count: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, count: 2, to: &output)
        if fraction != 0 {
            output.append(UInt8(ascii: "."))
            appendDigits(fraction, count: 3, to: &output)
        }
        output.append(UInt8(ascii: "Z"))
    }

    private static func appendDigits(_ value: Int, count: Int, to output: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        for _ in digits.count..<max(count, digits.count) { output.append(UInt8(ascii: "0")) }
        output.append(contentsOf: digits.reversed())
    }
}
