/// The weights of the scoring terms (``RecommendationTerm``); `--weights distance=0.5,…` sets
/// some of them, the rest keep their defaults.
///
/// The defaults put distance first (a recommendation is for where the person is), then
/// popularity and likeness to what they visited or asked about, then novelty and the visiting
/// window, so that a near, liked, fitting spot the person has not seen leads the list.
public struct RecommendationWeights: Hashable, Sendable {
    /// The weight of each term, in ``RecommendationTerm/allCases`` order.
    public private(set) var values: [Double]

    /// distance 0.35, popularity 0.2, similarity 0.2, novelty 0.15, time 0.1.
    public static let defaults = RecommendationWeights(values: [0.35, 0.2, 0.2, 0.15, 0.1])

    /// The largest weight accepted: beyond it a weight says nothing a smaller one would not.
    public static let maximum = 100.0

    init(values: [Double]) {
        self.values = values
    }

    /// The weight of `term`.
    public subscript(term: RecommendationTerm) -> Double {
        get { values[term.index] }
        set { values[term.index] = newValue }
    }

    /// The defaults with the weights of `text` (`distance=0.5,popularity=0`) put in.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for an unknown name
    ///   (the message lists the valid ones), a pair without `=`, or a weight that is not a
    ///   number from 0 to ``maximum``.
    public init(parsing text: String) throws {
        self = .defaults
        let names = RecommendationTerm.allCases.map(\.rawValue).joined(separator: ", ")
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard parts.count == 2 else {
                throw FootprintStoreError.invalidValue(
                    name: "weights", value: "“\(text)”",
                    reason: "write NAME=WEIGHT pairs separated by commas, e.g. distance=0.5,popularity=0.1")
            }
            guard let term = RecommendationTerm(rawValue: name) else {
                throw FootprintStoreError.invalidValue(
                    name: "weight name", value: "“\(name)”", reason: "give one of \(names)")
            }
            let valueText = parts[1].trimmingCharacters(in: .whitespaces)
            guard valueText.wholeMatch(of: /[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/) != nil,
                let value = Double(valueText),
                value <= Self.maximum
            else {
                throw FootprintStoreError.invalidValue(
                    name: "weight of \(name)", value: "“\(parts[1])”",
                    reason: "give a number from 0 to \(Int(Self.maximum))")
            }
            self[term] = value
        }
    }

    /// `distance=0.35,popularity=0.2,…` with every term, shortest round-trip numbers: the same
    /// weights give the same text (a cursor compares it).
    public var text: String {
        RecommendationTerm.allCases.map { "\($0.rawValue)=\(self[$0])" }.joined(separator: ",")
    }
}

/// A term of a recommendation's score: a named function of the candidate with a value in
/// [0, 1] (see ``RecommendationScoring``). The raw values are the `--weights` names.
public enum RecommendationTerm: String, Hashable, Sendable, CaseIterable {
    case distance, popularity, similarity, novelty, time

    var index: Int {
        switch self {
        case .distance: return 0
        case .popularity: return 1
        case .similarity: return 2
        case .novelty: return 3
        case .time: return 4
        }
    }
}
