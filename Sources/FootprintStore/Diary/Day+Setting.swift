extension FootprintStore {
    /// Changes the given fields of a day's log, keeping the others; an empty text clears its
    /// field. The day is created when it has no log yet.
    ///
    /// - Throws: `invalidValue` for a date that is not real, a score outside 1–100, negative sleep
    ///   minutes or a mood colour that is not `#RRGGBB`; nothing is written then.
    @discardableResult
    public func setDay(
        _ date: String, score: Int? = nil, weather: String? = nil, sleepMinutes: Int? = nil, moodColor: String? = nil,
        note: String? = nil
    ) throws -> Day {
        try LocalDate.check(date)
        return try write { db in
            let stored = try Day.fetchOne(db, key: date)
            func text(_ given: String?, _ old: String?) -> String? {
                guard let given else { return old }
                return given.isEmpty ? nil : given
            }
            let day = try Day(
                date: date, score: score ?? stored?.score, weather: text(weather, stored?.weather),
                sleepMinutes: sleepMinutes ?? stored?.sleepMinutes, moodColor: text(moodColor, stored?.moodColor),
                note: text(note, stored?.note))
            try day.save(db)
            return day
        }
    }
}
