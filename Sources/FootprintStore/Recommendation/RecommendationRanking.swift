import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite
import HeapModule

/// One ranking: the candidates with their term values, ordered by Maximal Marginal Relevance
/// (``RecommendationDiversity``).
///
/// Lazy and exact: a max-heap holds each candidate under an upper bound of its selection value —
/// first its relevance at its least possible distance, then its exact relevance, then that less
/// μ × its largest similarity to the spots chosen so far. A spot is chosen when it comes to the
/// top with a value that is up to date; values only fall as spots are chosen, so no other can beat
/// it. Only the spots that come near the top are measured exactly and read in full.
struct RecommendationRanking {
    private struct Entry: Comparable {
        var key: Double
        var id: Int64
        var index: Int32
        /// −1: the distance is a lower bound; n ≥ 0: the diversity counts the first n chosen.
        var state: Int32

        static func < (a: Entry, b: Entry) -> Bool { a.key != b.key ? a.key < b.key : a.id > b.id }
    }

    /// A chosen spot.
    struct Choice {
        var index: Int
        var place: Place
        var distanceMeters: Double
        var explanation: [ScoreContribution]
        var score: Double
    }

    private var candidates: RecommendationCandidates
    private let extent: RecommendationCandidates.Extent
    private let radius: Double
    private let weights: RecommendationWeights
    private var popularity: [Double] = []
    private var similarity: [Double] = []
    private var novelty: [Double] = []
    private var time: [Double] = []
    private var largestSimilarity: [Double] = []
    private var profiles: [Int: DiversityKey] = [:]
    private var interner = DiversityInterner()
    private let db: Database

    var candidateCount: Int { candidates.count }

    init(
        _ db: Database, candidates: RecommendationCandidates, extent: RecommendationCandidates.Extent, radius: Double,
        query: RecommendationQuery, minute: Int, visits: [Int64: VisitSummary],
        similarity reference: inout RecommendationSimilarity
    ) {
        self.db = db
        self.candidates = candidates
        self.extent = extent
        self.radius = radius
        weights = query.weights
        let count = candidates.count
        popularity.reserveCapacity(count)
        novelty.reserveCapacity(count)
        time.reserveCapacity(count)
        reference.prepare(candidates)
        for index in 0..<count {
            let visit = visits[candidates.ids[index]]
            novelty.append(
                RecommendationScoring.novelty(
                    daysSinceLastVisit: visit.flatMap { query.clock.days(since: $0.lastDate) }))
            popularity.append(
                RecommendationScoring.popularity(likes: candidates.likes[index], visits: visit?.count ?? 0))
            time.append(RecommendationScoring.time(candidates.bestTimes[index], minute: minute))
            similarity.append(
                reference.isEmpty
                    ? 0
                    : reference.value(
                        id: candidates.ids[index], tags: candidates.tags(index), category: candidates.categoryIDs[index]
                    )
            )
        }
        largestSimilarity = Array(repeating: 0, count: count)
    }

    /// The contributions of candidate `index` at `meters`, diversity last.
    private func contributions(_ index: Int, meters: Double) -> [ScoreContribution] {
        let values = [
            RecommendationScoring.distance(meters, radiusMeters: radius), popularity[index], similarity[index],
            novelty[index], time[index],
        ]
        var parts = RecommendationTerm.allCases.map { term in
            ScoreContribution(
                term: term.rawValue, value: values[term.index], weight: weights[term],
                contribution: values[term.index] * weights[term])
        }
        let penalty = -RecommendationDiversity.penalty
        parts.append(
            ScoreContribution(
                term: "diversity", value: largestSimilarity[index], weight: penalty,
                contribution: largestSimilarity[index] * penalty))
        return parts
    }

    /// ``sum(_:)`` of ``contributions(_:meters:)`` without building them: the same additions in
    /// the same order, so the same number.
    private func key(_ index: Int, meters: Double, similarity diversity: Double? = nil) -> Double {
        let w = weights.values
        let distance = RecommendationScoring.distance(meters, radiusMeters: radius)
        return distance * w[0] + popularity[index] * w[1] + similarity[index] * w[2] + novelty[index] * w[3]
            + time[index] * w[4] + (diversity ?? largestSimilarity[index]) * -RecommendationDiversity.penalty
    }

    /// The sum of the contributions, in their order: the score.
    private static func sum(_ parts: [ScoreContribution]) -> Double {
        parts.reduce(0) { $0 + $1.contribution }
    }

    /// The first `count` spots of the ranking.
    mutating func select(count: Int) throws -> [Choice] {
        var heap = Heap<Entry>(
            (0..<candidates.count).map { index in
                let exact = candidates.exact[index]
                let meters = exact.isNaN ? candidates.lowerBounds[index] : exact
                return Entry(
                    key: key(index, meters: meters), id: candidates.ids[index], index: Int32(index),
                    state: exact.isNaN ? -1 : 0)
            })
        var chosen: [Choice] = []
        // The chosen spots' diversity keys, compared with every spot that comes to the top.
        var chosenKeys: [DiversityKey] = []
        var bounded = [Bool](repeating: false, count: candidates.count)
        while chosen.count < count, var entry = heap.popMax() {
            let index = Int(entry.index)
            if entry.state == -1 {
                let meters = candidates.exactDistance(index, extent: extent)
                entry.key = key(index, meters: meters)
                entry.state = 0
                heap.insert(entry)
                continue
            }
            if Int(entry.state) < chosen.count {
                if !bounded[index], profiles[index] == nil {
                    // First a bound from the positions alone: the similarity is at least its
                    // closeness part, so the key stays an upper bound, and a spot near those
                    // chosen may sink without its row being read.
                    var bound = largestSimilarity[index]
                    let position = Coordinate(
                        uncheckedLatitude: candidates.latitudes[index], longitude: candidates.longitudes[index])
                    for earlier in chosenKeys[Int(entry.state)...] {
                        bound = max(bound, RecommendationDiversity.closenessBound(position, earlier.coordinate))
                    }
                    bounded[index] = true
                    if bound > largestSimilarity[index] {
                        entry.key = key(index, meters: candidates.exact[index], similarity: bound)
                        heap.insert(entry)
                        continue
                    }
                }
                bounded[index] = false
                let profile = self.profile(index)
                for other in chosenKeys[Int(entry.state)...] {
                    largestSimilarity[index] = max(
                        largestSimilarity[index], RecommendationDiversity.similarity(profile, other))
                }
                entry.key = key(index, meters: candidates.exact[index])
                entry.state = Int32(chosen.count)
                heap.insert(entry)
                continue
            }
            chosenKeys.append(profile(index))
            let parts = contributions(index, meters: candidates.exact[index])
            chosen.append(
                Choice(
                    index: index, place: try place(index), distanceMeters: candidates.exact[index],
                    explanation: parts,
                    score: Self.sum(parts)))
        }
        return chosen
    }

    /// What diversity compares of candidate `index`: its name's brand, category, tags and
    /// position, from the texts the candidates were read with, interned (``DiversityKey``).
    private mutating func profile(_ index: Int) -> DiversityKey {
        if let known = profiles[index] { return known }
        let profile = candidates.diversityKey(index, interner: &interner)
        profiles[index] = profile
        return profile
    }

    /// The place of candidate `index`, every column but the geometry.
    private func place(_ index: Int) throws -> Place {
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, name, category, tags, likes, address, road_address, phone, visit_time, best_time, note,
                       source, source_id, latitude, longitude, created_at, updated_at
                FROM places WHERE id = ?
                """)
        guard let place = try Place.fetchOne(statement, arguments: [candidates.ids[index]]) else {
            throw FootprintStoreError.placeNotFound(id: candidates.ids[index])
        }
        return place
    }
}

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
