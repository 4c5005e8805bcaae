import FootprintGeo
import Foundation
import GRDB

/// A detected visit of a day that re-detection must not lose: one the user named or edited
/// (`user_set`), or one the user removed (`removed`, a tombstone).
struct KeptVisit {
    var id: Int64
    var arrival: Double
    var departure: Double
    var removed: Bool
    /// The centre of the stay it was detected from.
    var center: Coordinate?

    /// The day's detected visits that are user-set or removed, oldest first.
    static func fetchAll(_ db: Database, date: String) throws -> [KeptVisit] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, arrived_at, COALESCE(left_at, arrived_at), removed, latitude, longitude FROM visits
                WHERE local_date = ? AND detected = 1 AND (user_set = 1 OR removed = 1)
                ORDER BY arrived_at, id
                """,
            arguments: [date]
        ).compactMap { row in
            guard let arrival = Timestamp.date(from: row[1]), let departure = Timestamp.date(from: row[2]) else {
                return nil
            }
            var center: Coordinate?
            if let latitude: Double = row[4], let longitude: Double = row[5] {
                center = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
            }
            return KeptVisit(
                id: row[0], arrival: arrival.timeIntervalSince1970, departure: departure.timeIntervalSince1970,
                removed: row[3], center: center)
        }
    }

    /// Whether `stay` overlaps this visit by at least half of the visit's time (for a visit of no
    /// length: whether the stay holds its instant). Times are compared to the millisecond, as
    /// stored.
    func overlap(with stay: Stay) -> Double? {
        let arrival = (stay.arrivalEpoch * 1000).rounded() / 1000
        let departure = (stay.departureEpoch * 1000).rounded() / 1000
        let own = self.departure - self.arrival
        let shared = min(departure, self.departure) - max(arrival, self.arrival)
        if own <= 0 { return arrival <= self.arrival && self.arrival <= departure ? 0 : nil }
        guard shared > 0, shared >= own / 2 else { return nil }
        return shared
    }

    /// For each stay, the index in `visits` of the visit it takes over, or `nil`: pairs that
    /// qualify are taken largest overlap first (ties: earlier stay, then earlier visit), each
    /// stay and each visit at most once.
    ///
    /// A pair qualifies when the stay overlaps the visit by half its time (``overlap(with:)``)
    /// and was made at the same spot: the stay's centre within `meters` of the centre the visit
    /// was detected at. A day's stays come from all its tracks, and two recordings of one day
    /// (a phone and a watch, two people's tracks in one diary) may stay at two places at the same
    /// time: by time alone, the other recording's stay could take the name the user gave.
    static func match(_ stays: [Stay], to visits: [KeptVisit], within meters: Double) -> [Int?] {
        var pairs: [(overlap: Double, stay: Int, visit: Int)] = []
        for (visitIndex, visit) in visits.enumerated() {
            for (stayIndex, stay) in stays.enumerated() {
                guard let overlap = visit.overlap(with: stay) else { continue }
                if let center = visit.center, Geodesic.distance(from: center, to: stay.center) > meters { continue }
                pairs.append((overlap, stayIndex, visitIndex))
            }
        }
        pairs.sort { ($1.overlap, $0.stay, $0.visit) < ($0.overlap, $1.stay, $1.visit) }
        var matches = [Int?](repeating: nil, count: stays.count)
        var taken = Set<Int>()
        for pair in pairs where matches[pair.stay] == nil && !taken.contains(pair.visit) {
            matches[pair.stay] = pair.visit
            taken.insert(pair.visit)
        }
        return matches
    }
}
