import FootprintGeo
import Foundation

/// A spot's ``DiversityProfile`` with its strings replaced by interned numbers, so that MMR,
/// which compares each spot near the top with every spot chosen above it, compares integers:
/// Korean text compares through Unicode normalization, ~20 times slower than bytes.
///
/// Interning keeps the comparisons' meaning: the table is a `Dictionary` keyed by `String`, whose
/// equality is the same canonical equivalence as `==` on the strings, so two strings get one
/// number exactly when they are equal, and ``RecommendationDiversity/similarity(_:_:)-(DiversityKey,DiversityKey)``
/// gives the same number as the profiles' similarity, operation for operation.
struct DiversityKey {
    /// The brand's number, −1 for an empty brand (which matches none).
    var brand: Int32
    var categorySegments: [Int32]
    /// The distinct tags' numbers, sorted.
    var tags: [Int32]
    var coordinate: Coordinate
}

/// The numbers of the strings ``DiversityKey``s hold.
struct DiversityInterner {
    private var numbers: [String: Int32] = [:]
    /// Category paths already split and numbered: a query has a few dozen of them.
    private var categories: [String: [Int32]] = [:]
    /// The same for stored bytes: a brand's or a tag's bytes to its number, a category's to its
    /// segments' numbers, each computed once through the `String` tables above.
    private var bytes = ByteInterner()
    private var numberOfBytes: [Int32] = []
    private var categoryBytes = ByteInterner()
    private var segmentsOfBytes: [[Int32]] = []

    private mutating func number(_ text: String) -> Int32 {
        if let known = numbers[text] { return known }
        let number = Int32(numbers.count)
        numbers[text] = number
        return number
    }

    private mutating func number(bytes text: UnsafeBufferPointer<UInt8>) -> Int32 {
        let (index, isNew) = bytes.number(text)
        if isNew { numberOfBytes.append(number(String(decoding: text, as: UTF8.self))) }
        return numberOfBytes[Int(index)]
    }

    private mutating func segments(_ category: String) -> [Int32] {
        if let known = categories[category] { return known }
        let segments = category.split(separator: " > ", omittingEmptySubsequences: false).map { number(String($0)) }
        categories[category] = segments
        return segments
    }

    /// The key of a place with these fields (as ``DiversityProfile/init(name:category:tags:coordinate:)``).
    mutating func key(name: String, category: String?, tags: [String], coordinate: Coordinate) -> DiversityKey {
        let brand = RecommendationDiversity.brand(of: name)
        return DiversityKey(
            brand: brand.isEmpty ? -1 : number(brand), categorySegments: category.map { segments($0) } ?? [],
            tags: Array(Set(tags.map { number($0) })).sorted(), coordinate: coordinate)
    }

    /// The key of a place with these stored fields (`nil`: NULL): the name, the category path
    /// and the `|`-joined tags as ``RecommendationCandidates`` keeps them; the same key as
    /// ``key(name:category:tags:coordinate:)`` of their `String`s.
    mutating func key(
        name: UnsafeBufferPointer<UInt8>?, category: UnsafeBufferPointer<UInt8>?, tags: UnsafeBufferPointer<UInt8>?,
        coordinate: Coordinate
    ) -> DiversityKey {
        var brand = RecommendationDiversity.brand(of: name.map { String(decoding: $0, as: UTF8.self) } ?? "")
        let brandNumber = brand.isEmpty ? -1 : brand.withUTF8 { number(bytes: $0) }
        var segments: [Int32] = []
        if let category {
            let (index, isNew) = categoryBytes.number(category)
            if isNew { segmentsOfBytes.append(self.segments(String(decoding: category, as: UTF8.self))) }
            segments = segmentsOfBytes[Int(index)]
        }
        var numbers: [Int32] = []
        if let tags {
            if let ranges = RecommendationTexts.tagRanges(tags) {
                for range in ranges { numbers.append(number(bytes: UnsafeBufferPointer(rebasing: tags[range]))) }
            } else {
                numbers = Hashtag.decode(String(decoding: tags, as: UTF8.self)).map { number($0) }
            }
        }
        // Distinct and sorted, as `Array(Set(…)).sorted()`.
        numbers.sort()
        var distinct: [Int32] = []
        for value in numbers where distinct.last != value { distinct.append(value) }
        return DiversityKey(brand: brandNumber, categorySegments: segments, tags: distinct, coordinate: coordinate)
    }
}

extension RecommendationDiversity {
    /// ``similarity(_:_:)-(DiversityProfile,DiversityProfile)`` of interned profiles: the same terms, in the same order.
    static func similarity(_ a: DiversityKey, _ b: DiversityKey) -> Double {
        if a.brand >= 0 && a.brand == b.brand { return 1 }
        var category = 0.0
        if !a.categorySegments.isEmpty, !b.categorySegments.isEmpty {
            let left = a.categorySegments
            let right = b.categorySegments
            var shared = 0
            while shared < min(left.count, right.count), left[shared] == right[shared] { shared += 1 }
            category = Double(shared) / Double(max(left.count, right.count))
        }
        var tags = 0.0
        if !a.tags.isEmpty || !b.tags.isEmpty {
            var i = 0
            var j = 0
            var shared = 0
            while i < a.tags.count && j < b.tags.count {
                if a.tags[i] == b.tags[j] {
                    shared += 1
                    i += 1
                    j += 1
                } else if a.tags[i] < b.tags[j] {
                    i += 1
                } else {
                    j += 1
                }
            }
            tags = Double(shared) / Double(a.tags.count + b.tags.count - shared)
        }
        let meters = FlatDistance(center: a.coordinate).estimate(
            latitude: b.coordinate.latitude, longitude: b.coordinate.longitude)
        let closeness = max(0, 1 - meters / blockMeters)
        return 0.4 * category + 0.3 * tags + 0.3 * closeness
    }

    /// A lower bound of ``similarity(_:_:)-(DiversityKey,DiversityKey)`` of spots at `a` and `b`
    /// from their positions alone: its closeness part, computed as it does (the other parts add
    /// numbers of 0 or more; one brand gives 1).
    static func closenessBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        let meters = FlatDistance(center: a).estimate(latitude: b.latitude, longitude: b.longitude)
        return 0.3 * max(0, 1 - meters / blockMeters)
    }
}
