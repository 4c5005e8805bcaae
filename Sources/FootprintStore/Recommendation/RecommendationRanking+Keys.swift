import FootprintGeo
import Foundation
import HeapModule

extension RecommendationRanking {
    /// The contributions of candidate `index` at `meters`, diversity last.
    func contributions(_ index: Int, meters: Double) -> [ScoreContribution] {
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
    func key(_ index: Int, meters: Double, similarity diversity: Double? = nil) -> Double {
        let w = weights.values
        let distance = RecommendationScoring.distance(meters, radiusMeters: radius)
        return distance * w[0] + popularity[index] * w[1] + similarity[index] * w[2] + novelty[index] * w[3]
            + time[index] * w[4] + (diversity ?? largestSimilarity[index]) * -RecommendationDiversity.penalty
    }

    /// An upper bound of the key of every place of `cell`: at its nearest point, with its largest
    /// likes and the best time value, never visited, no similarity (no history: the cells are
    /// read lazily only then), no diversity. A hair above, for the rounding of the sums.
    func key(_ cell: RecommendationCellQueue.Cell) -> Double {
        let w = weights.values
        let distance = RecommendationScoring.distance(cell.nearest, radiusMeters: radius)
        let popularity = RecommendationScoring.popularity(likes: cell.maxLikes, visits: 0)
        return distance * w[0] + popularity * w[1] + w[3] + (cell.timed ? 1 : 0.5) * w[4] + 1e-9
    }

    /// Reads the places of cell `slot`: their terms, and their entries in `heap`.
    func read(cell slot: Int, into heap: inout Heap<Entry>, bounded: inout [Bool]) throws {
        guard var queue = cells, let reader else { return }
        cells = nil
        let start = candidates.count
        try queue.read(slot, into: &candidates, reader: reader)
        cells = queue
        for index in start..<candidates.count {
            let visit = visits.isEmpty ? nil : visits[candidates.ids[index]]
            novelty.append(
                RecommendationScoring.novelty(daysSinceLastVisit: visit.flatMap { clock.days(since: $0.lastDate) }))
            popularity.append(
                RecommendationScoring.popularity(likes: candidates.likes[index], visits: visit?.count ?? 0))
            time.append(RecommendationScoring.time(candidates.bestTimes[index], minute: minute))
            similarity.append(0)
            largestSimilarity.append(0)
            profileSlots.append(-1)
            bounded.append(false)
            heap.insert(entry(index))
        }
    }

    /// The first entry of candidate `index`: its key at its least possible distance, or exact.
    func entry(_ index: Int) -> Entry {
        let exact = candidates.exact[index]
        let meters = exact.isNaN ? candidates.lowerBounds[index] : exact
        return Entry(
            key: key(index, meters: meters), id: candidates.ids[index], index: Int32(index), compared: 0,
            isExact: !exact.isNaN)
    }

    /// The sum of the contributions, in their order: the score.
    static func sum(_ parts: [ScoreContribution]) -> Double {
        parts.reduce(0) { $0 + $1.contribution }
    }
}
