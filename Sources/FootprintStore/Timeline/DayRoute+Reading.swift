import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

extension FootprintStore {
    /// The route, visits, photos and log of one local day; an empty day (``RouteDay/isEmpty``)
    /// when nothing is stored for it.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for a date that is not a
    ///   real `YYYY-MM-DD` date.
    public func routeDay(_ date: String) throws -> RouteDay {
        try routeDays(from: date, through: date).first
            ?? RouteDay(date: date, route: DayRoute(date: date, source: nil, parts: []))
    }

    /// The days from `first` through `last` (both included) that hold anything — a route, a
    /// visit, a photo, a log — in date order, each as ``routeDay(_:)`` gives it.
    ///
    /// Reads only: works on a store opened `.readOnly`. One read transaction, so a concurrent
    /// import is seen whole or not at all. With `pointDetails` false the track points come
    /// without their times and elevations (a GeoJSON or polyline export has no use for them),
    /// which makes reading a long day a third faster.
    ///
    /// - Throws: `invalidValue` for a date that is not a real `YYYY-MM-DD` date or a `last`
    ///   before `first`.
    public func routeDays(from first: String, through last: String, pointDetails: Bool = true) throws -> [RouteDay] {
        try LocalDate.check(first)
        try LocalDate.check(last, name: "until date")
        guard first <= last else {
            throw FootprintStoreError.invalidValue(
                name: "until date", value: last, reason: "it is before the first date \(first)")
        }
        return try read { db in
            let trackParts = try Self.trackParts(
                db, from: first, through: last, pointDetails: pointDetails, path: path)
            let visits = try Self.routeVisits(db, from: first, through: last)
            let photos = try Photo.filter(
                sql: "local_date BETWEEN ? AND ? AND latitude IS NOT NULL AND longitude IS NOT NULL",
                arguments: [first, last]
            )
            .order(Photo.Columns.localDate, Photo.Columns.takenAt, Photo.Columns.id).fetchAll(db)
            let logs = try Day.filter(sql: "date BETWEEN ? AND ?", arguments: [first, last]).fetchAll(db)
            let entries = try Self.logEntries(db, from: first, through: last)

            var dates = Set(trackParts.keys)
            dates.formUnion(visits.keys)
            dates.formUnion(photos.compactMap(\.localDate))
            dates.formUnion(logs.map(\.date))
            dates.formUnion(entries.keys)
            let photosByDate = Dictionary(grouping: photos) { $0.localDate ?? "" }
            let logsByDate = Dictionary(logs.map { ($0.date, $0) }) { a, _ in a }
            return dates.sorted().map { date in
                let dayVisits = visits[date] ?? []
                let route: DayRoute
                if let parts = trackParts[date], !parts.isEmpty {
                    route = DayRoute(date: date, source: .track, parts: parts)
                } else if dayVisits.count >= 2 {
                    // Arrival order: the visits' path is the day's route when no track was kept.
                    let points = dayVisits.map { RoutePoint(coordinate: $0.coordinate, time: $0.arrived.date) }
                    route = DayRoute(
                        date: date, source: .visits, parts: [DayRoute.Part(trackID: nil, segment: 0, points: points)])
                } else {
                    route = DayRoute(date: date, source: nil, parts: [])
                }
                return RouteDay(
                    date: date, route: route, visits: dayVisits, photos: photosByDate[date] ?? [],
                    log: logsByDate[date],
                    entries: entries[date] ?? [])
            }
        }
    }

    /// The kept track points of the dates, as parts keyed by local date: per date, one part per
    /// (track, segment) in track id, segment and point order. A part whose segment goes on across
    /// local midnight ends (or starts) with the point interpolated there
    /// (``midnightPoint(_:track:seq:date:after:pointDetails:)``).
    ///
    /// The tracks come from `track_days`, so only their rows of `track_points` are read (by the
    /// primary key), never the whole table; raw stepping, since GRDB's row decoding would cost more
    /// than the rest of an export of a long day.
    static func trackParts(
        _ db: Database, from first: String, through last: String, pointDetails: Bool, path: String
    ) throws -> [String: [DayRoute.Part]] {
        let trackIDs = try Int64.fetchAll(
            db, sql: "SELECT DISTINCT track_id FROM track_days WHERE local_date BETWEEN ? AND ? ORDER BY track_id",
            arguments: [first, last])
        guard !trackIDs.isEmpty else { return [:] }
        // Only the columns needed: each column read is a call per point.
        let oneDay = first == last
        let columns =
            "segment, latitude, longitude, seq" + (pointDetails ? ", elevation, epoch" : "")
            + (oneDay ? "" : ", local_date")
        let dateColumn: Int32 = pointDetails ? 6 : 4
        let statement = try db.makeStatement(
            sql: """
                SELECT \(columns) FROM track_points
                WHERE track_id = ? AND noise = 0 AND \(oneDay ? "local_date = ?" : "local_date BETWEEN ? AND ?")
                ORDER BY seq
                """)
        var result: [String: [DayRoute.Part]] = [:]
        for trackID in trackIDs {
            try statement.setArguments(oneDay ? [trackID, first] : [trackID, first, last])
            // Per date, the segments of this track in the order met, each with its points and the
            // sequence numbers of its first and last (for the points at midnight).
            var segments: [String: [Int: (points: [RoutePoint], first: Int64, last: Int64)]] = [:]
            var currentDate = first
            var currentDateBytes = Array(first.utf8)
            var currentSegment = Int.min
            var current: [RoutePoint] = []
            var currentSeqs: (first: Int64, last: Int64) = (0, 0)
            func flush() {
                guard !current.isEmpty else { return }
                // The first run of a segment is moved in, not copied: most segments have one run.
                if segments[currentDate]?[currentSegment] == nil {
                    segments[currentDate, default: [:]][currentSegment] = (current, currentSeqs.first, currentSeqs.last)
                } else {
                    segments[currentDate]![currentSegment]!.points.append(contentsOf: current)
                    segments[currentDate]![currentSegment]!.last = currentSeqs.last
                }
                current = []
            }
            let raw = statement.sqliteStatement
            while try statement.stepRow(path: path) {
                let segment = Int(sqlite3_column_int64(raw, 0))
                var sameDate = true
                if !oneDay {
                    // The date's bytes compared in place: no String made per point. (Never NULL:
                    // the query asks for a range of dates.)
                    guard let dateText = sqlite3_column_text(raw, dateColumn) else { continue }
                    let dateLength = Int(sqlite3_column_bytes(raw, dateColumn))
                    sameDate =
                        dateLength == currentDateBytes.count
                        && currentDateBytes.withUnsafeBytes { bytes in
                            bytes.baseAddress.map { memcmp($0, dateText, dateLength) == 0 } ?? (dateLength == 0)
                        }
                    if !sameDate {
                        flush()
                        currentDateBytes = Array(UnsafeBufferPointer(start: dateText, count: dateLength))
                        currentDate = String(decoding: currentDateBytes, as: UTF8.self)
                    }
                }
                if segment != currentSegment || !sameDate {
                    flush()
                    currentSegment = segment
                }
                let coordinate = Coordinate(
                    uncheckedLatitude: sqlite3_column_double(raw, 1), longitude: sqlite3_column_double(raw, 2))
                let seq = sqlite3_column_int64(raw, 3)
                if current.isEmpty { currentSeqs.first = seq }
                currentSeqs.last = seq
                var point = RoutePoint(coordinate: coordinate)
                if pointDetails {
                    if sqlite3_column_type(raw, 4) != SQLITE_NULL { point.elevation = sqlite3_column_double(raw, 4) }
                    if sqlite3_column_type(raw, 5) != SQLITE_NULL {
                        point.time = Date(timeIntervalSince1970: sqlite3_column_double(raw, 5))
                    }
                }
                current.append(point)
            }
            flush()
            for (date, bySegment) in segments {
                for segment in bySegment.keys.sorted() {
                    var (points, firstSeq, lastSeq) = bySegment[segment]!
                    if let start = try midnightPoint(
                        db, track: trackID, seq: firstSeq, date: date, after: false, pointDetails: pointDetails)
                    {
                        points.insert(start, at: 0)
                    }
                    if let end = try midnightPoint(
                        db, track: trackID, seq: lastSeq, date: date, after: true, pointDetails: pointDetails)
                    {
                        points.append(end)
                    }
                    result[date, default: []].append(DayRoute.Part(trackID: trackID, segment: segment, points: points))
                }
            }
        }
        return result
    }

    /// The visits of the dates that were not removed and have a position, keyed by local date,
    /// in arrival order (ties by id).
    static func routeVisits(_ db: Database, from first: String, through last: String) throws -> [String: [RouteVisit]] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT v.id, v.place_id, COALESCE(v.name, p.name, v.place_name) AS shown_name,
                       COALESCE(v.latitude, p.latitude) AS lat, COALESCE(v.longitude, p.longitude) AS lon,
                       v.arrived_at, v.arrived_offset, v.left_at, v.left_offset, v.local_date
                FROM visits v LEFT JOIN places p ON p.id = v.place_id
                WHERE v.local_date BETWEEN ? AND ? AND v.removed = 0
                ORDER BY v.local_date, v.arrived_at, v.id
                """, arguments: [first, last])
        var result: [String: [RouteVisit]] = [:]
        while let row = try rows.next() {
            guard let latitude: Double = row["lat"], let longitude: Double = row["lon"],
                let arrivedText: String = row["arrived_at"], let arrivedAt = Timestamp.date(from: arrivedText)
            else { continue }
            let arrived = LocalTime(date: arrivedAt, utcOffsetSeconds: row["arrived_offset"])
            var left: LocalTime?
            if let leftText: String = row["left_at"], let leftAt = Timestamp.date(from: leftText) {
                left = LocalTime(date: leftAt, utcOffsetSeconds: row["left_offset"] ?? arrived.utcOffsetSeconds)
            }
            let visit = RouteVisit(
                id: row["id"], placeID: row["place_id"], name: row["shown_name"],
                coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude), arrived: arrived, left: left)
            result[row["local_date"], default: []].append(visit)
        }
        return result
    }

    /// The diary entries of the dates, keyed by local date, in id order.
    static func logEntries(_ db: Database, from first: String, through last: String) throws -> [String: [RouteLogEntry]]
    {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT e.id, e.local_date, e.title, e.body, c.name AS category, e.walk_minutes
                FROM log_entries e LEFT JOIN categories c ON c.id = e.category_id
                WHERE e.local_date BETWEEN ? AND ? ORDER BY e.local_date, e.id
                """, arguments: [first, last])
        var result: [String: [RouteLogEntry]] = [:]
        while let row = try rows.next() {
            let entry = RouteLogEntry(
                id: row["id"], title: row["title"], body: row["body"], category: row["category"],
                walkMinutes: row["walk_minutes"])
            result[row["local_date"], default: []].append(entry)
        }
        return result
    }
}
