import Foundation
import GRDB

/// What the `similarity` term compares a candidate with: the anchor place (`--place`), or the
/// places of the person's visit history (`--at`, `--day`), each by its hashtags and category.
///
/// Against the history a candidate's similarity is `0.6 × (its best IDF-weighted Jaccard with a
/// visited place) + 0.4 × (its best category-path similarity with a visited place)`, never
/// counting the candidate itself: a spot's own visits do not make it like the history.
struct RecommendationSimilarity {
    struct Profile {
        var id: Int64
        var tags: [Int32]
        var category: String?
    }

    private(set) var profiles: [Profile]
    private var idf: [Double] = []
    private var profileWeights: [Double] = []
    private var postings: [[Int32]] = []
    /// The candidates' categories (``RecommendationCandidates/categoryNames``) and, for each,
    /// the profiles' categories ranked by similarity once asked for.
    private var categoryNames: [String] = []
    private var categoryCache: [[(similarity: Double, category: String, count: Int)]?] = []
    private var categoryCounts: [String: Int] = [:]
    private var profileIndex: [Int64: Int] = [:]
    private var shared: [Double] = []
    private var touched: [Int32] = []

    var isEmpty: Bool { profiles.isEmpty }

    /// The profiles of places `ids` (visited or the anchor), tags interned into `candidates`.
    init(_ db: Database, ids: [Int64], candidates: inout RecommendationCandidates) throws {
        profiles = []
        guard !ids.isEmpty else { return }
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT p.id, p.tags, p.category FROM json_each(?) j JOIN places p ON p.id = j.value ORDER BY p.id",
            arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
        while let row = try rows.next() {
            let tags = Hashtag.decode(row[1] ?? "").map { candidates.intern($0) }
            profiles.append(Profile(id: row[0], tags: tags, category: row[2]))
        }
    }

    /// Computes IDF over the candidates and profiles (each place once) and the look-up tables.
    mutating func prepare(_ candidates: RecommendationCandidates) {
        // Without a profile every value is 0 (``value(id:tags:category:)``): nothing to count.
        guard !profiles.isEmpty else { return }
        var frequency = [Int](repeating: 0, count: candidates.tagNames.count)
        var documents = candidates.count
        let candidateIDs = Set(candidates.ids)
        for tag in candidates.tagIDs { frequency[Int(tag)] += 1 }
        for profile in profiles where !candidateIDs.contains(profile.id) {
            documents += 1
            for tag in profile.tags { frequency[Int(tag)] += 1 }
        }
        categoryNames = candidates.categoryNames
        categoryCache = Array(repeating: nil, count: categoryNames.count)
        idf = frequency.map { RecommendationScoring.inverseDocumentFrequency(documents: documents, containing: $0) }
        postings = Array(repeating: [], count: candidates.tagNames.count)
        shared = Array(repeating: 0, count: profiles.count)
        for (index, profile) in profiles.enumerated() {
            profileIndex[profile.id] = index
            profileWeights.append(profile.tags.reduce(0) { $0 + idf[Int($1)] })
            for tag in profile.tags { postings[Int(tag)].append(Int32(index)) }
            if let category = profile.category { categoryCounts[category, default: 0] += 1 }
        }
    }

    /// The similarity of candidate `id` with `tags` and category number `category` (of the
    /// candidates' ``RecommendationCandidates/categoryNames``, −1 for none), in [0, 1].
    mutating func value(id: Int64, tags: ArraySlice<Int32>, category: Int32) -> Double {
        guard !profiles.isEmpty else { return 0 }
        let own = profileIndex[id]
        var bestTags = 0.0
        if !tags.isEmpty {
            let weight = tags.reduce(0) { $0 + idf[Int($1)] }
            // The summed weights shared with each profile, in scratch arrays cleared after.
            for tag in tags {
                for profile in postings[Int(tag)] where Int(profile) != own {
                    if shared[Int(profile)] == 0 { touched.append(profile) }
                    shared[Int(profile)] += idf[Int(tag)]
                }
            }
            for profile in touched {
                let overlap = shared[Int(profile)]
                bestTags = max(bestTags, overlap / (weight + profileWeights[Int(profile)] - overlap))
                shared[Int(profile)] = 0
            }
            touched.removeAll(keepingCapacity: true)
        }
        var bestCategory = 0.0
        if category >= 0 {
            let ownCategory = own.flatMap { profiles[$0].category }
            for entry in ranked(category) {
                // The candidate's own profile does not count: skip its category if it is alone in it.
                if entry.category == ownCategory && entry.count == 1 { continue }
                bestCategory = entry.similarity
                break
            }
        }
        return RecommendationScoring.similarity(tags: min(1, bestTags), category: bestCategory)
    }

    /// The profiles' categories by similarity to candidate category `number`, best first.
    private mutating func ranked(_ number: Int32) -> [(similarity: Double, category: String, count: Int)] {
        if let cached = categoryCache[Int(number)] { return cached }
        let category = categoryNames[Int(number)]
        var list: [(similarity: Double, category: String, count: Int)] = []
        for (other, count) in categoryCounts {
            let value = RecommendationScoring.categorySimilarity(category, other)
            if value > 0 { list.append((value, other, count)) }
        }
        list.sort { a, b in a.similarity != b.similarity ? a.similarity > b.similarity : a.category < b.category }
        categoryCache[Int(number)] = list
        return list
    }
}
