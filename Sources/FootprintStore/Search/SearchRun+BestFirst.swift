import FootprintGeo
import Foundation
import HeapModule

extension SearchRun {
    /// Below this many candidates a name stage is read in full: bounding and ordering them would
    /// save less than it costs.
    static let bestFirstMinimum = 64

    /// A name stage's candidates (`ids`, none seen yet) read best bound first: each candidate's
    /// best possible score is bounded from ``rankCache`` without reading its row — its tier is at
    /// best `bestTier` (every place of a better tier was found by an earlier stage) and below
    /// `exact` when its name is longer than the query, its name's
    /// fit at best that of its length bound, its proximity and popularity exact, its recency at
    /// most the weight when the store has visits — and the candidates are judged in descending
    /// order of that bound, in growing batches, until the `limit`-th best score found exceeds the
    /// bound of every candidate left. Those left could not rank among the results, so the results
    /// are the same as reading them all; they stay unseen, so a later stage may still read them.
    ///
    /// For a two-syllable word near a point this reads a few dozen of its thousands of names.
    mutating func judgeNamesBestFirst(_ cache: SearchRankSnapshot, ids: [Int64], bestTier: Int) throws {
        guard let limit = query.limit, limit > 0, let near = query.near, ids.count >= Self.bestFirstMinimum else {
            try judgeAll(ids)
            return
        }
        let hasVisits = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM visits)")) ?? true
        let base = Double(SearchMatch.tierCount - bestTier)
        // A name longer than the query cannot be it (`exact`): at best it begins with it. Without
        // this, the first stage's thousands of names that begin with a two-syllable word would all
        // be bounded one tier too high and none could be left unread.
        let queryLength = matcher.hangul.normalized.unicodeScalars.count
        let longerBase = Double(SearchMatch.tierCount - max(bestTier, SearchMatch.Kind.prefix.rawValue))
        let recency = hasVisits ? Self.recencyWeight : 0
        var bounded: [Bounded] = []
        bounded.reserveCapacity(ids.count)
        for id in ids {
            guard let entry = cache.entry(of: id) else {
                // Not in the snapshot: read first.
                bounded.append(Bounded(bound: .infinity, id: id))
                continue
            }
            var part = Double(entry.fixedPart) + recency
            let distance =
                flat?.estimate(latitude: entry.latitude, longitude: entry.longitude)
                ?? Geodesic.distance(
                    from: near, to: Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude))
            if distance.isFinite {
                let decades = log10(1 + distance / Self.proximityScaleMeters)
                part += Self.proximityWeight * max(0, 1 - decades / 5)
            } else {
                part += Self.proximityWeight
            }
            let tierBase = Int(entry.nameLength) > queryLength ? longerBase : base
            bounded.append(Bounded(bound: tierBase + min(part, 0.999_999), id: id))
        }
        // The `limit` best scores found so far, recency left out (a lower bound of each), one a
        // place: a merged place may match by several names, and keeps its best (tier, then fit).
        var best = Heap<Double>()
        var scored = 0
        var counted = Set<Int64>()
        func settle(_ matched: [Matched]) {
            while scored < matched.count {
                let candidate = matched[scored]
                scored += 1
                guard counted.insert(candidate.id).inserted else { continue }
                let score = Self.scoreWithoutRecency(candidate)
                if best.count < limit {
                    best.insert(score)
                } else if best.min! < score {
                    best.replaceMin(with: score)
                }
            }
        }
        settle(matched)
        // Candidates that cannot beat what earlier stages found are never ordered.
        if best.count == limit {
            let lowest = best.min!
            bounded.removeAll { $0.bound < lowest }
        }
        // Taken from a heap, made in linear time: a word in 50,000 names is read a few hundred at
        // most, and sorting them all would cost more than the look-up.
        var heap = Heap(bounded)
        var batchSize = 2 * limit
        var batch: [Int64] = []
        while let top = heap.max {
            if best.count == limit, best.min! > top.bound { break }
            batch.removeAll(keepingCapacity: true)
            while batch.count < batchSize, let next = heap.popMax() { batch.append(next.id) }
            seen.formUnion(batch)
            try judge(batch, columns: .ranking)
            settle(matched)
            batchSize = min(batchSize * 2, 4096)
        }
    }

    /// A candidate and the best score it could have.
    private struct Bounded: Comparable {
        var bound: Double
        var id: Int64
        static func < (a: Bounded, b: Bounded) -> Bool { a.bound < b.bound }
    }

    /// Judges every one of `ids` (not seen yet), as a name stage does without a snapshot.
    private mutating func judgeAll(_ ids: [Int64]) throws {
        seen.formUnion(ids)
        try judge(ids, columns: .ranking)
    }
}
