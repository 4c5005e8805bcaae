import FootprintGeo
import Foundation

/// What `recommend` asks: an anchor, how far around it, which spots, and how to weigh them.
public struct RecommendationQuery: Hashable, Sendable {
    /// Where the recommendations are for.
    public enum Anchor: Hashable, Sendable {
        /// Spots around a point.
        case point(Coordinate)
        /// Spots like a place, around it; the place itself is left out.
        case place(id: Int64)
        /// Spots along a local day's route and visits (`YYYY-MM-DD`); the places visited that day
        /// are left out.
        case day(String)
    }

    public var anchor: Anchor
    /// Metres around the anchor; `nil` for the anchor's default (``defaultRadius``).
    public var radiusMeters: Double?
    /// At most this many spots, 1–1,000.
    public var limit: Int
    /// Category and hashtag filters (`visited` and `minimumLikes` are not used).
    public var filter: PlaceFilter
    /// Leaves out every place ever visited.
    public var unvisitedOnly: Bool
    /// The local time of day the `time` term favours (minutes from midnight); `nil` for the
    /// reference clock's.
    public var minuteOfDay: Int?
    public var weights: RecommendationWeights
    /// "Now": the local date novelty counts days to, and the time of day by default. A cursor
    /// given in ``after`` replaces it with the one it pinned.
    public var clock: RecommendationClock
    /// A cursor from an earlier page: the results continue after it.
    public var after: String?

    /// The largest radius, 50 km.
    public static let maximumRadius = 50_000.0
    /// The largest limit.
    public static let maximumLimit = 1_000

    public init(
        anchor: Anchor, radiusMeters: Double? = nil, limit: Int = 20, filter: PlaceFilter = PlaceFilter(),
        unvisitedOnly: Bool = false, minuteOfDay: Int? = nil, weights: RecommendationWeights = .defaults,
        clock: RecommendationClock = .now(), after: String? = nil
    ) {
        self.anchor = anchor
        self.radiusMeters = radiusMeters
        self.limit = limit
        self.filter = filter
        self.unvisitedOnly = unvisitedOnly
        self.minuteOfDay = minuteOfDay
        self.weights = weights
        self.clock = clock
        self.after = after
    }

    /// 2,000 m around a point or a place, 300 m either side of a day's route.
    public var defaultRadius: Double {
        if case .day = anchor { return 300 }
        return 2_000
    }

    /// The radius asked for, or the default.
    public var resolvedRadius: Double { radiusMeters ?? defaultRadius }

    /// Minutes from midnight of `HH:MM` (`--time`).
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)``.
    public static func minuteOfDay(parsing text: String) throws -> Int {
        guard let minute = BestTime.minute(of: text.trimmingCharacters(in: .whitespaces), allowsEnd: false) else {
            throw FootprintStoreError.invalidValue(
                name: "time", value: "“\(text)”", reason: "write a local time of day as HH:MM, e.g. 18:30")
        }
        return minute
    }

    /// Throws for a radius outside (0, 50 km], a limit outside 1–1,000, a bad filter, a day that
    /// is not a real date.
    func check() throws {
        let radius = resolvedRadius
        guard radius.isFinite, radius > 0, radius <= Self.maximumRadius else {
            throw FootprintStoreError.invalidValue(
                name: "radius", value: formatted(radius),
                reason: "give a number of metres above 0 and at most 50000")
        }
        guard (1...Self.maximumLimit).contains(limit) else {
            throw FootprintStoreError.invalidValue(
                name: "limit", value: String(limit), reason: "give a number from 1 to \(Self.maximumLimit)")
        }
        try filter.check()
        if case .day(let date) = anchor { try LocalDate.check(date) }
        if let minuteOfDay, !(0..<1440).contains(minuteOfDay) {
            throw FootprintStoreError.invalidValue(
                name: "time", value: String(minuteOfDay), reason: "give minutes from midnight, 0 to 1439")
        }
    }
}

/// "Now" for a recommendation, in whole local days and minutes, so that the same database,
/// arguments and local date give the same output.
public struct RecommendationClock: Hashable, Sendable {
    /// The local date, `YYYY-MM-DD`.
    public var localDate: String
    /// Minutes from local midnight, 0–1439.
    public var minuteOfDay: Int

    public init(localDate: String, minuteOfDay: Int) {
        self.localDate = localDate
        self.minuteOfDay = minuteOfDay
    }

    /// The clock of `date` in `zone`.
    public static func now(_ date: Date = Date(), zone: TimeZone = .current) -> RecommendationClock {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return RecommendationClock(
            localDate: String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!),
            minuteOfDay: parts.hour! * 60 + parts.minute!)
    }

    /// Whole days from `earlier` (`YYYY-MM-DD`) to this date; `nil` for text that is not a date.
    func days(since earlier: String) -> Int? {
        guard let from = Self.dayNumber(earlier), let to = Self.dayNumber(localDate) else { return nil }
        return to - from
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` date (proleptic Gregorian), without Foundation.
    static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let y0 = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
