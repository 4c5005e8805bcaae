import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite
import HeapModule

/// One ranking: the candidates with their term values, ordered by Maximal Marginal Relevance
/// (``RecommendationDiversity``).
///
/// Lazy and exact: a max-heap holds each candidate under an upper bound of its selection value —
/// its relevance at its least possible distance (or exact), less μ × its largest similarity to
/// the spots chosen so far that it has been compared with. A spot is chosen when it comes to the
/// top with a value that is up to date; values only fall as spots are chosen, so no other can beat
/// it. A spot that comes to the top is first compared with the spots chosen since (cheap: interned
/// numbers and positions), and only then, if still on top, measured exactly (a geodesic, or for a
/// day the nearest point of a geodesic segment, ~15 µs): the bounds hold in either order, so the
/// order changes only how many spots are measured. Only the spots that come near the top are
/// measured exactly and read in full.
///
/// A class: its arrays are shared by the loop's helpers, which a struct's `mutating` methods
/// copied (retaining every array) on each turn.
final class RecommendationRanking {
    private struct Entry: Comparable {
        var key: Double
        var id: Int64
        var index: Int32
        /// The diversity counts the first `compared` chosen spots.
        var compared: Int32
        var isExact: Bool

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
    // Constants once made (a class's `let`s are read without the exclusivity checks of its `var`s).
    private let popularity: [Double]
    private let similarity: [Double]
    private let novelty: [Double]
    private let time: [Double]
    private var largestSimilarity: [Double] = []
    /// Candidate `i`'s diversity key is `profiles[profileSlots[i]]` (−1: not made yet).
    private var profileSlots: [Int32] = []
    private var profiles: [DiversityKey] = []
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
        var popularity: [Double] = []
        var similarity: [Double] = []
        var novelty: [Double] = []
        var time: [Double] = []
        popularity.reserveCapacity(count)
        similarity.reserveCapacity(count)
        novelty.reserveCapacity(count)
        time.reserveCapacity(count)
        reference.prepare(candidates)
        for index in 0..<count {
            let visit = visits.isEmpty ? nil : visits[candidates.ids[index]]
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
        self.popularity = popularity
        self.similarity = similarity
        self.novelty = novelty
        self.time = time
        largestSimilarity = Array(repeating: 0, count: count)
        profileSlots = Array(repeating: -1, count: count)
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
    func select(count: Int) throws -> [Choice] {
        var entries: [Entry] = []
        entries.reserveCapacity(candidates.count)
        for index in 0..<candidates.count {
            let exact = candidates.exact[index]
            let meters = exact.isNaN ? candidates.lowerBounds[index] : exact
            entries.append(
                Entry(
                    key: key(index, meters: meters), id: candidates.ids[index], index: Int32(index), compared: 0,
                    isExact: !exact.isNaN))
        }
        var heap = Heap<Entry>(entries)
        entries = []
        var chosen: [Choice] = []
        // The chosen spots' diversity keys, compared with every spot that comes to the top.
        var chosenKeys: [DiversityKey] = []
        var bounded = [Bool](repeating: false, count: candidates.count)
        while chosen.count < count, var entry = heap.popMax() {
            let index = Int(entry.index)
            let meters = entry.isExact ? candidates.exact[index] : candidates.lowerBounds[index]
            if Int(entry.compared) < chosen.count {
                if !bounded[index], profileSlots[index] < 0 {
                    // First a bound from the positions alone: the similarity is at least its
                    // closeness part, so the key stays an upper bound, and a spot near those
                    // chosen may sink without its row being read.
                    var bound = largestSimilarity[index]
                    let position = Coordinate(
                        uncheckedLatitude: candidates.latitudes[index], longitude: candidates.longitudes[index])
                    for earlier in chosenKeys[Int(entry.compared)...] {
                        bound = max(bound, RecommendationDiversity.closenessBound(position, earlier.coordinate))
                    }
                    bounded[index] = true
                    if bound > largestSimilarity[index] {
                        entry.key = key(index, meters: meters, similarity: bound)
                        heap.insert(entry)
                        continue
                    }
                }
                bounded[index] = false
                let profile = self.profile(index)
                var largest = largestSimilarity[index]
                for other in chosenKeys[Int(entry.compared)...] {
                    largest = max(largest, RecommendationDiversity.similarity(profile, other))
                }
                largestSimilarity[index] = largest
                entry.key = key(index, meters: meters)
                entry.compared = Int32(chosen.count)
                heap.insert(entry)
                continue
            }
            if !entry.isExact {
                entry.key = key(index, meters: candidates.exactDistance(index, extent: extent))
                entry.isExact = true
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
    private func profile(_ index: Int) -> DiversityKey {
        let slot = profileSlots[index]
        if slot >= 0 { return profiles[Int(slot)] }
        let profile = candidates.diversityKey(index, interner: &interner)
        profileSlots[index] = Int32(profiles.count)
        profiles.append(profile)
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
