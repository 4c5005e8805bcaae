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
/// Around a point with no filter and no history the places are read a cell at a time
/// (``RecommendationCellQueue``): each cell is in the heap under an upper bound of its places'
/// keys, and its places are read and put in the heap when it comes to the top. Ties go to the
/// cell, so a place of an unread cell whose value equals the top's, and with a smaller id, is
/// read before the top is chosen: the ranking is the same as with every place read.
///
/// A class: its arrays are shared by the loop's helpers, which a struct's `mutating` methods
/// copied (retaining every array) on each turn.
final class RecommendationRanking {
    struct Entry: Comparable {
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

    var candidates: RecommendationCandidates
    let extent: RecommendationCandidates.Extent
    let radius: Double
    let weights: RecommendationWeights
    // Made once a candidate, then read only: no exclusivity checks (a class's `var`s have them).
    @exclusivity(unchecked) var popularity: [Double]
    @exclusivity(unchecked) var similarity: [Double]
    @exclusivity(unchecked) var novelty: [Double]
    @exclusivity(unchecked) var time: [Double]
    var largestSimilarity: [Double] = []
    /// Candidate `i`'s diversity key is `profiles[profileSlots[i]]` (−1: not made yet).
    var profileSlots: [Int32] = []
    var profiles: [DiversityKey] = []
    var interner = DiversityInterner()
    let db: Database
    /// The cells not read yet, when places are read a cell at a time.
    var cells: RecommendationCellQueue?
    let reader: RecommendationCandidates.CellReader?
    let visits: [Int64: VisitSummary]
    let clock: RecommendationClock
    let minute: Int

    /// The places within the radius that pass the filters (known once ``select(count:)`` ran).
    private(set) var candidateCount: Int

    init(
        _ db: Database, candidates: RecommendationCandidates, extent: RecommendationCandidates.Extent, radius: Double,
        query: RecommendationQuery, minute: Int, visits: [Int64: VisitSummary],
        similarity reference: inout RecommendationSimilarity,
        cells: (queue: RecommendationCellQueue, reader: RecommendationCandidates.CellReader)? = nil
    ) {
        self.db = db
        self.candidates = candidates
        self.cells = cells?.queue
        reader = cells?.reader
        self.visits = visits
        clock = query.clock
        self.minute = minute
        candidateCount = candidates.count
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

    /// The first `count` spots of the ranking.
    func select(count: Int) throws -> [Choice] {
        var entries: [Entry] = []
        entries.reserveCapacity(candidates.count + (cells?.cells.count ?? 0))
        for index in 0..<candidates.count { entries.append(entry(index)) }
        // A cell's entry: a negative index, and the smallest id, so that it wins ties.
        for (slot, cell) in (cells?.cells ?? []).enumerated() {
            entries.append(Entry(key: key(cell), id: .min, index: Int32(-1 - slot), compared: 0, isExact: true))
        }
        var heap = Heap<Entry>(entries)
        entries = []
        var chosen: [Choice] = []
        // The chosen spots' diversity keys, compared with every spot that comes to the top.
        var chosenKeys: [DiversityKey] = []
        var bounded = [Bool](repeating: false, count: candidates.count)
        while chosen.count < count, var entry = heap.popMax() {
            if entry.index < 0 {
                try read(cell: Int(-1 - entry.index), into: &heap, bounded: &bounded)
                continue
            }
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
        if let cells, let reader { candidateCount = try candidates.count + cells.unreadCount(reader: reader) }
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
