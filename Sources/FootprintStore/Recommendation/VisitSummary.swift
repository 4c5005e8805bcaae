import GRDB

/// A place's visits as recommendations weigh them.
struct VisitSummary {
    var count: Int
    /// The local date of the last visit, `YYYY-MM-DD`.
    var lastDate: String

    /// Every visited place's summary (visits the user removed do not count).
    static func all(_ db: Database) throws -> [Int64: VisitSummary] {
        var result: [Int64: VisitSummary] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT place_id, count(*), max(local_date) FROM visits
                WHERE place_id IS NOT NULL AND removed = 0 GROUP BY place_id
                """)
        while let row = try rows.next() {
            result[row[0]] = VisitSummary(count: row[1], lastDate: row[2])
        }
        return result
    }
}
