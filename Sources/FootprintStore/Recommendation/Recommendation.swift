/// One recommended spot: the place, how far, its score and how the score was reached.
public struct Recommendation: Hashable, Sendable {
    public var place: Place
    /// Exact WGS84 geodesic metres to the point, the anchor place, or the nearest point of the
    /// day's route (or visit).
    public var distanceMeters: Double
    /// The final score after diversity: the sum of the explanation's contributions.
    public var score: Double
    /// One entry per term, in ``RecommendationTerm/allCases`` order, then `diversity`.
    public var explanation: [ScoreContribution]
    /// Opaque: `after` it, the same query continues with the next spot.
    public var cursor: String

    public init(place: Place, distanceMeters: Double, score: Double, explanation: [ScoreContribution], cursor: String) {
        self.place = place
        self.distanceMeters = distanceMeters
        self.score = score
        self.explanation = explanation
        self.cursor = cursor
    }
}

/// A term's part in a score: `contribution = value × weight`.
public struct ScoreContribution: Hashable, Sendable {
    /// A `--weights` name (``RecommendationTerm``) or `diversity`.
    public var term: String
    /// The term's value in [0, 1]; for `diversity`, the largest similarity to a spot above.
    public var value: Double
    /// The term's weight; for `diversity`, −μ (``RecommendationDiversity/penalty``).
    public var weight: Double
    public var contribution: Double

    public init(term: String, value: Double, weight: Double, contribution: Double) {
        self.term = term
        self.value = value
        self.weight = weight
        self.contribution = contribution
    }
}

/// A page of recommendations.
public struct RecommendationPage: Hashable, Sendable {
    /// The spots of this page, best first.
    public var recommendations: [Recommendation]
    /// How many places passed the anchor's radius and the filters (before the limit).
    public var candidateCount: Int

    public init(recommendations: [Recommendation], candidateCount: Int) {
        self.recommendations = recommendations
        self.candidateCount = candidateCount
    }
}
