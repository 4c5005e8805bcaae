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
///
/// Most stored texts are ASCII and Hangul syllables only (``RecommendationTexts/isSimple(_:)``):
/// such strings are equal as `String`s exactly when their bytes are (they are in NFC, and no two
/// of them are canonically equivalent), so they are numbered by their bytes alone. The `String`
/// table, which every other string needs, is filled with the byte strings numbered so far the
/// first time one is asked for, and kept up to date after: equal strings still get one number,
/// and a query over simple texts never hashes a `String`.
struct DiversityInterner {
    private var numbers: [String: Int32] = [:]
    /// Whether ``numbers`` is in use (and holds every string numbered).
    private var usesStrings = false
    private var count: Int32 = 0
    /// Category paths already split and numbered: a query has a few dozen of them.
    private var categories: [String: [Int32]] = [:]
    /// Simple byte strings (a brand, a tag, a category segment) and their numbers.
    private var bytes = ByteInterner()
    private var numberOfBytes: [Int32] = []
    /// Stored category paths to their segments' numbers, each split once.
    private var categoryBytes = ByteInterner()
    private var segmentsOfBytes: [[Int32]] = []
    /// Scratch for a brand's bytes.
    private var brandBytes: [UInt8] = []

    private mutating func next() -> Int32 {
        count += 1
        return count - 1
    }

    private mutating func number(_ text: String) -> Int32 {
        if !usesStrings {
            usesStrings = true
            for index in 0..<bytes.count {
                bytes.withEntry(index) { numbers[String(decoding: $0, as: UTF8.self)] = numberOfBytes[index] }
            }
        }
        if let known = numbers[text] { return known }
        let number = next()
        numbers[text] = number
        return number
    }

    private mutating func number(bytes text: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard RecommendationTexts.isSimple(text) else { return number(String(decoding: text, as: UTF8.self)) }
        let (index, isNew) = bytes.number(text)
        if isNew { numberOfBytes.append(usesStrings ? number(String(decoding: text, as: UTF8.self)) : next()) }
        return numberOfBytes[Int(index)]
    }

    private mutating func segments(_ category: String) -> [Int32] {
        if let known = categories[category] { return known }
        let segments = category.split(separator: " > ", omittingEmptySubsequences: false).map { number(String($0)) }
        categories[category] = segments
        return segments
    }

    /// The segments of a stored category path, split at ` > ` as ``segments(_:)`` splits its
    /// `String` (for simple text each byte of ` > ` is a character of its own).
    private mutating func segments(bytes category: UnsafeBufferPointer<UInt8>) -> [Int32] {
        guard RecommendationTexts.isSimple(category) else {
            return segments(String(decoding: category, as: UTF8.self))
        }
        var result: [Int32] = []
        var start = 0
        var index = 0
        while index + 3 <= category.count {
            if category[index] == 0x20, category[index + 1] == 0x3E, category[index + 2] == 0x20 {
                result.append(number(bytes: UnsafeBufferPointer(rebasing: category[start..<index])))
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        result.append(number(bytes: UnsafeBufferPointer(rebasing: category[start...])))
        return result
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
        var brandNumber: Int32 = -1
        if let name, RecommendationDiversity.simpleBrand(of: name, into: &brandBytes) {
            if !brandBytes.isEmpty { brandNumber = brandBytes.withUnsafeBufferPointer { number(bytes: $0) } }
        } else {
            var brand = RecommendationDiversity.brand(of: name.map { String(decoding: $0, as: UTF8.self) } ?? "")
            if !brand.isEmpty { brandNumber = brand.withUTF8 { number(bytes: $0) } }
        }
        var segments: [Int32] = []
        if let category {
            let (index, isNew) = categoryBytes.number(category)
            if isNew { segmentsOfBytes.append(self.segments(bytes: category)) }
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
        distinct.reserveCapacity(numbers.count)
        for value in numbers where distinct.last != value { distinct.append(value) }
        return DiversityKey(brand: brandNumber, categorySegments: segments, tags: distinct, coordinate: coordinate)
    }
}

extension RecommendationDiversity {
    /// ``brand(of:)`` of a stored name, into `brand`, for the names its fast way takes (Hangul
    /// syllables and printable ASCII in words one space apart, ending in neither `)` nor `호점`):
    /// the same bytes, found without making a `String`. False, with `brand` undefined, for any
    /// other name, which goes the `String` way.
    static func simpleBrand(of name: UnsafeBufferPointer<UInt8>, into brand: inout [UInt8]) -> Bool {
        var afterSpace = true
        var lastSpace: Int?
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
                lastSpace = index
                index += 1
            } else if byte >= 0x21 && byte <= 0x7E {
                afterSpace = false
                index += 1
            } else {
                guard byte >= 0xEA, byte <= 0xED, index + 2 < name.count else { return false }
                let second = name[index + 1]
                let third = name[index + 2]
                guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
                let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
                guard (0xAC00...0xD7A3).contains(scalar) else { return false }
                afterSpace = false
                index += 3
            }
        }
        if afterSpace || name[name.count - 1] == 0x29 { return false }
        // 점 is U+C810 (EC A0 90), 호 U+D638 (ED 98 B8).
        let endsInJeom =
            name.count >= 3 && name[name.count - 3] == 0xEC && name[name.count - 2] == 0xA0
            && name[name.count - 1] == 0x90
        if endsInJeom, name.count >= 6, name[name.count - 6] == 0xED, name[name.count - 5] == 0x98,
            name[name.count - 4] == 0xB8
        {
            return false
        }
        let end = endsInJeom ? lastSpace ?? name.count : name.count
        brand.removeAll(keepingCapacity: true)
        for byte in name[..<end] { brand.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
        return true
    }

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
        let closeness = closeness(a.coordinate, b.coordinate)
        return 0.4 * category + 0.3 * tags + 0.3 * closeness
    }

    /// Spots further apart north–south than this many degrees are at least ``blockMeters``
    /// apart: a degree of latitude is at least 110,574 m (the meridional radius at the equator,
    /// WGS84), so their closeness is 0 without the trigonometry.
    private static let farLatitude = 251 / 110_574.0

    /// `max(0, 1 − d / 250 m)` of the estimated distance `d` (``FlatDistance``).
    @inline(__always)
    private static func closeness(_ a: Coordinate, _ b: Coordinate) -> Double {
        if abs(a.latitude - b.latitude) > farLatitude { return 0 }
        let meters = FlatDistance(center: a).estimate(latitude: b.latitude, longitude: b.longitude)
        return max(0, 1 - meters / blockMeters)
    }

    /// A lower bound of ``similarity(_:_:)-(DiversityKey,DiversityKey)`` of spots at `a` and `b`
    /// from their positions alone: its closeness part, computed as it does (the other parts add
    /// numbers of 0 or more; one brand gives 1).
    static func closenessBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        0.3 * closeness(a, b)
    }
}
