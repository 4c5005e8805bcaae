import Foundation

/// The scoring terms of a recommendation, each a pure function with a value in [0, 1].
public enum RecommendationScoring {
    /// Elasticsearch's `gauss` decay (Function score query, "Decay functions"): 1 up to `offset`
    /// metres, `decay` at `offset + scale`, `exp(−max(0, d − offset)² / 2σ²)` with
    /// `σ² = −scale² / (2 ln decay)`. Never increases with `d`.
    public static func gauss(distanceMeters d: Double, scale: Double, offset: Double, decay: Double = 0.5) -> Double {
        let beyond = max(0, d - offset)
        let sigmaSquared = -scale * scale / (2 * log(decay))
        return exp(-beyond * beyond / (2 * sigmaSquared))
    }

    /// The decay of a query's radius: `scale` half the radius, `offset` a fortieth (50 m of the
    /// default 2 km: GPS noise and a building's size do not rank spots), `decay` 0.5 — a spot
    /// at half the radius scores half a spot at the door, one at the edge about 0.1.
    public static func distance(_ meters: Double, radiusMeters: Double) -> Double {
        gauss(distanceMeters: meters, scale: radiusMeters / 2, offset: radiusMeters / 40)
    }

    /// The number of likes (plus ``likesPerVisit`` a visit) that scores 0.5.
    public static let popularityMidpoint = 100.0
    /// The person's own visit counts as this many strangers' likes.
    public static let likesPerVisit = 10.0

    /// `ln(1 + n) / (ln(1 + n) + ln(1 + 100))` of `n = likes + 10 × visits`: logarithmic, so a
    /// thousand likes are not ten times a hundred, and saturating, so that one viral spot does
    /// not dominate: 100 likes score 0.5, 10,000 score 0.67, a million 0.75.
    public static func popularity(likes: Int, visits: Int) -> Double {
        let n = Double(max(0, likes)) + likesPerVisit * Double(max(0, visits))
        let damped = log1p(n)
        return damped / (damped + log1p(popularityMidpoint))
    }

    /// Days after which a visit's demotion is halved.
    public static let noveltyHalfLifeDays = 90.0

    /// 1 for a place never visited; `1 − 0.5^(days / 90)` for one last visited `days` whole local
    /// days ago: 0 the same day, 0.21 after 30 days, 0.5 after 90.
    public static func novelty(daysSinceLastVisit days: Int?) -> Double {
        guard let days else { return 1 }
        return 1 - pow(0.5, Double(max(0, days)) / noveltyHalfLifeDays)
    }

    /// How long before or after its window a visit still gets some of the `time` term.
    public static let timeFadeMinutes = 120.0

    /// 1 when `minute` is inside the window, 0.5 (neutral) for a place without one, and from 0.5
    /// down to 0 over the ``timeFadeMinutes`` outside it.
    public static func time(_ window: BestTime?, minute: Int) -> Double {
        guard let window else { return 0.5 }
        let away = Double(window.minutesAway(from: minute))
        if away == 0 { return 1 }
        return 0.5 * max(0, 1 - away / timeFadeMinutes)
    }

    /// Shared leading segments over the longer path's segments: `음식점 > 카페 > 디저트` is 2/3
    /// like `음식점 > 카페` and 1/3 like `음식점 > 한식`; 0 when either has no category.
    public static func categorySimilarity(_ a: String?, _ b: String?) -> Double {
        guard let a, let b else { return 0 }
        if a == b { return 1 }
        let left = a.components(separatedBy: " > ")
        let right = b.components(separatedBy: " > ")
        var shared = 0
        while shared < min(left.count, right.count), left[shared] == right[shared] { shared += 1 }
        return Double(shared) / Double(max(left.count, right.count))
    }

    /// ``categorySimilarity(_:_:)`` of paths already split into segments (empty: no category).
    static func categorySimilarity(segments left: [Substring], _ right: [Substring]) -> Double {
        guard !left.isEmpty, !right.isEmpty else { return 0 }
        var shared = 0
        while shared < min(left.count, right.count), left[shared] == right[shared] { shared += 1 }
        return Double(shared) / Double(max(left.count, right.count))
    }

    /// Plain Jaccard of two sorted lists without repeats; 0 when both are empty.
    static func jaccard(sorted left: [String], _ right: [String]) -> Double {
        guard !left.isEmpty || !right.isEmpty else { return 0 }
        var i = 0
        var j = 0
        var shared = 0
        while i < left.count && j < right.count {
            if left[i] == right[j] {
                shared += 1
                i += 1
                j += 1
            } else if left[i] < right[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(shared) / Double(left.count + right.count - shared)
    }

    /// IDF-weighted Jaccard: the summed weights of the shared tags over those of either's; 0
    /// when neither has a tag.
    public static func weightedJaccard(_ a: [String], _ b: [String], weight: (String) -> Double) -> Double {
        let left = Set(a)
        let right = Set(b)
        var shared = 0.0
        var either = 0.0
        for tag in left.union(right) {
            let w = weight(tag)
            either += w
            if left.contains(tag) && right.contains(tag) { shared += w }
        }
        return either > 0 ? shared / either : 0
    }

    /// The share of the tags in ``similarity(tags:category:)``; the category path has the rest.
    public static let tagShare = 0.6

    /// `0.6 × tags + 0.4 × category`: the similarity term from its two parts.
    public static func similarity(tags: Double, category: Double) -> Double {
        tagShare * tags + (1 - tagShare) * category
    }

    /// Smoothed inverse document frequency `ln((N + 1) / (df + 1)) + 1` (always above 0), over
    /// the `N` places of the query (candidates, the anchor, the visited places).
    public static func inverseDocumentFrequency(documents: Int, containing: Int) -> Double {
        log(Double(documents + 1) / Double(containing + 1)) + 1
    }
}
