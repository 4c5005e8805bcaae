import FootprintGeo
import Foundation

/// Diversity by Maximal Marginal Relevance (Carbonell & Goldstein, SIGIR 1998): the next spot
/// is the one with the largest `λ · relevance − (1 − λ) · max similarity to the spots above it`.
///
/// Footprint divides that by λ, which keeps the order and leaves the score in the units of the
/// relevance terms: `relevance − μ · max similarity` with `μ = (1 − λ) / λ` = ``penalty`` (0.3,
/// λ = 1/1.3 ≈ 0.77). The explanation lists it as the term `diversity` with weight `−μ`. Since the
/// largest similarity to the spots above only grows as spots are chosen, the selection values —
/// the scores — never increase down the list.
public enum RecommendationDiversity {
    /// μ: how much of a spot's score a twin above it takes away.
    public static let penalty = 0.3

    /// The name without its branch suffix: a last word ending in `점` (`강남역점`, `3호점`, `본점`),
    /// a parenthesised branch, or `N호점` at the end of a name, lower-cased: `스타벅스 강남역점` and `스타벅스 3호점`
    /// are `스타벅스`. A name of one word is its own brand.
    public static func brand(of name: String) -> String {
        if let simple = simpleBrand(of: name) { return simple }
        // Foundation's trimming costs a few microseconds a name; most names have nothing to trim.
        var text: Substring
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last, !mayTrim(first), !mayTrim(last) {
            text = Substring(name)
        } else {
            text = Substring(name.trimmingCharacters(in: .whitespaces))
        }
        // Trailing branches, with or without a space before them; a name that is all branch stays.
        while true {
            var cut: Substring.Index?
            if let last = text.last, last == ")" || last == "）" {
                let open: Character = last == ")" ? "(" : "（"
                if let start = text.lastIndex(of: open), start > text.startIndex { cut = start }
            } else if text.hasSuffix("호점") {
                var start = text.index(text.endIndex, offsetBy: -2)
                while start > text.startIndex, text[text.index(before: start)].isASCII,
                    text[text.index(before: start)].isNumber
                {
                    start = text.index(before: start)
                }
                if start > text.startIndex, start < text.index(text.endIndex, offsetBy: -2) { cut = start }
            }
            guard let cut else { break }
            text = text[..<cut]
            while text.last?.isWhitespace == true { text.removeLast() }
        }
        var words = text.split(whereSeparator: \.isWhitespace)
        if words.count > 1, let last = words.last, last.hasSuffix("점") { words.removeLast() }
        return words.joined(separator: " ").lowercased()
    }

    /// ``brand(of:)`` of a name of Hangul syllables and printable ASCII in words one space apart
    /// that ends in neither `)` nor `호점` (most names), without Foundation or grapheme breaking:
    /// each scalar of such a name is a character and only ASCII letters change case. `nil` for
    /// any other name.
    private static func simpleBrand(of name: String) -> String? {
        var afterSpace = true
        var lastSpace: Int?
        var offset = 0
        for scalar in name.unicodeScalars {
            let value = scalar.value
            if value == 0x20 {
                if afterSpace { return nil }
                afterSpace = true
                lastSpace = offset
            } else if (0x21...0x7E).contains(value) || (0xAC00...0xD7A3).contains(value) {
                afterSpace = false
            } else {
                return nil
            }
            offset += scalar.utf8.count
        }
        if afterSpace || name.unicodeScalars.last == ")" || name.hasSuffix("호점") { return nil }
        var bytes = Array(name.utf8)
        // A last word ending in 점 is the branch.
        if let lastSpace, name.unicodeScalars.last == "점" { bytes.removeSubrange(lastSpace...) }
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] += 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `scalar` may be one of `CharacterSet.whitespaces` (spaces and tab): true for every
    /// one of them and a few more, which only send a name the slow way.
    private static func mayTrim(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x09 || scalar.properties.isWhitespace || scalar.properties.generalCategory == .spaceSeparator
            || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control
    }

    /// Closeness that counts as the same block: 1 at the same spot, 0 from this many metres.
    public static let blockMeters = 250.0

    /// How much two spots are alike for diversity, in [0, 1]: 1 for one brand; otherwise
    /// `0.4 × category path + 0.3 × tag Jaccard + 0.3 × closeness` (closeness 1 − d / 250 m).
    public static func similarity(_ a: DiversityProfile, _ b: DiversityProfile) -> Double {
        if !a.brand.isEmpty && a.brand == b.brand { return 1 }
        let category = RecommendationScoring.categorySimilarity(segments: a.categorySegments, b.categorySegments)
        let tags = RecommendationScoring.jaccard(sorted: a.sortedTags, b.sortedTags)
        let meters = FlatDistance(center: a.coordinate).estimate(
            latitude: b.coordinate.latitude, longitude: b.coordinate.longitude)
        let closeness = max(0, 1 - meters / blockMeters)
        return 0.4 * category + 0.3 * tags + 0.3 * closeness
    }
}

/// What diversity compares of a spot.
public struct DiversityProfile: Hashable, Sendable {
    public var brand: String
    public var category: String?
    public var tags: [String]
    public var coordinate: Coordinate
    /// The category path's segments and the tags sorted, split once: MMR compares a spot with
    /// every spot chosen above it.
    var categorySegments: [Substring]
    var sortedTags: [String]

    /// The profile of `place`.
    public init(_ place: Place) {
        self.init(name: place.name, category: place.category, tags: place.tags, coordinate: place.coordinate)
    }

    /// The profile of a place with these fields.
    public init(name: String, category: String?, tags: [String], coordinate: Coordinate) {
        brand = RecommendationDiversity.brand(of: name)
        self.category = category
        self.tags = tags
        self.coordinate = coordinate
        categorySegments = category.map { $0.split(separator: " > ", omittingEmptySubsequences: false) } ?? []
        sortedTags = Array(Set(tags)).sorted()
    }
}
