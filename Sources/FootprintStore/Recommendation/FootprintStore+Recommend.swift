import FootprintGeo
import Foundation
import GRDB

extension FootprintStore {
    /// Spots worth visiting near a point, like a place, or along a day, best first, each with
    /// its score and how the score was reached (``Recommendation``).
    ///
    /// The candidates are the places within the radius (exact WGS84 geodesic distance; for a day,
    /// of its route and visits) that pass the filters. Each is scored by the terms of
    /// ``RecommendationScoring`` with the query's weights and re-ranked for diversity
    /// (``RecommendationDiversity``); ties break by id, and the same database, query and clock
    /// give the same result. Reads only: works on a store opened `.readOnly`.
    ///
    /// - Throws: `invalidValue` for a radius outside (0, 50 km], a limit outside 1–1,000, a bad
    ///   filter, date or cursor, or a cursor from a query with other parameters;
    ///   ``FootprintStoreError/placeNotFound(id:)`` for an unknown anchor place.
    public func recommend(_ query: RecommendationQuery) throws -> RecommendationPage {
        try query.check()
        var query = query
        var skipped = 0
        if let after = query.after {
            let cursor = try RecommendationCursor(parsing: after)
            try cursor.check(against: query)
            query.clock = cursor.clock
            skipped = cursor.position
        }
        let minute = query.minuteOfDay ?? query.clock.minuteOfDay
        let parameters = RecommendationCursor.parameters(of: query, minute: minute)
        var day: RouteDay?
        if case .day(let date) = query.anchor {
            day = try routeDays(from: date, through: date, pointDetails: false).first
        }
        let radius = query.resolvedRadius
        return try read { db in
            let visits = try VisitSummary.all(db)
            let extent: RecommendationCandidates.Extent
            var excluded = Set<Int64>()
            var referenceIDs: [Int64]
            switch query.anchor {
            case .point(let center):
                extent = Self.circle(center, radius: radius)
                referenceIDs = visits.keys.sorted()
            case .place(let id):
                guard let anchor = try Place.fetchOne(db, key: id) else {
                    throw FootprintStoreError.placeNotFound(id: id)
                }
                extent = Self.circle(anchor.coordinate, radius: radius)
                excluded.insert(id)
                referenceIDs = [id]
            case .day:
                let lines = day?.route.parts.map(\.coordinates) ?? []
                let points = day?.visits.map(\.coordinate) ?? []
                excluded.formUnion(day?.visits.compactMap(\.placeID) ?? [])
                guard let corridor = DayCorridor(lines: lines, points: points, radiusMeters: radius) else {
                    return RecommendationPage(recommendations: [], candidateCount: 0)
                }
                extent = .corridor(corridor)
                referenceIDs = visits.keys.sorted()
            }
            // `--unvisited` leaves out the places novelty counts as visited: a visit the user
            // removed does not count.
            if query.unvisitedOnly { excluded.formUnion(visits.keys) }
            // The compact table has all that filters and ranking read; `places` is read only for
            // the anchor, the history's places and the spots of the page.
            let filter = CandidateFilter(query.filter)
            var cells: (queue: RecommendationCellQueue, reader: RecommendationCandidates.CellReader)?
            if case .circle(let center, _) = extent, filter.isEmpty, excluded.isEmpty, referenceIDs.isEmpty,
                visits.isEmpty,
                let queue = try RecommendationCellQueue.make(db, center: center, radius: radius, path: path)
            {
                // Nothing depends on the set of candidates: read a cell only if it may rank.
                cells = (queue, try RecommendationCandidates.CellReader(db, extent: extent, radius: radius, path: path))
            }
            var candidates =
                cells == nil
                ? try RecommendationCandidates.readCells(
                    db, extent: extent, radius: radius, filter: filter, excluded: excluded, path: path)
                : RecommendationCandidates(path: path)
            if !referenceIDs.isEmpty { candidates.internProfiles() }
            var similarity = try RecommendationSimilarity(db, ids: referenceIDs, candidates: &candidates)
            let ranking = RecommendationRanking(
                db, candidates: candidates, extent: extent, radius: radius, query: query, minute: minute,
                visits: visits, similarity: &similarity, cells: cells)
            let chosen = try ranking.select(count: skipped + query.limit)
            let page = chosen.dropFirst(skipped).enumerated().map { offset, choice in
                // The clock as this query used it: a later page without --time keeps this time.
                let cursor = RecommendationCursor(
                    parameters: parameters,
                    clock: RecommendationClock(localDate: query.clock.localDate, minuteOfDay: minute),
                    position: skipped + offset + 1)
                return Recommendation(
                    place: choice.place, distanceMeters: choice.distanceMeters, score: choice.score,
                    explanation: choice.explanation, cursor: cursor.text)
            }
            return RecommendationPage(recommendations: page, candidateCount: ranking.candidateCount)
        }
    }

    /// The top `limit` spots related to place `id`: ``recommend(_:)`` with the place as anchor
    /// and the default radius, for `place show`.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``.
    public func relatedPlaces(to id: Int64, limit: Int = 5, clock: RecommendationClock = .now()) throws
        -> [Recommendation]
    {
        try recommend(RecommendationQuery(anchor: .place(id: id), limit: limit, clock: clock)).recommendations
    }

    private static func circle(_ center: Coordinate, radius: Double) -> RecommendationCandidates.Extent {
        .circle(
            center: center,
            flat: FlatDistance.isUsable(center: center, radiusMeters: radius) ? FlatDistance(center: center) : nil)
    }
}
