/// A ``PlaceFilter``'s category, tag and likes conditions tested on the bytes of a
/// `recommend_candidates` row, exactly as its SQL condition (``PlaceFilter/sqlCondition()``)
/// tests the `places` row: `category = C OR category LIKE 'C > %'`, `'|' || tags || '|' LIKE
/// '%|T|%'` and `likes >= N`. SQLite's `LIKE` folds the case of ASCII letters only and compares
/// every other character as is, which on UTF-8 is a byte comparison with ASCII letters folded.
/// (`visited` is not tested here: `--unvisited` excludes the visited ids.)
struct CandidateFilter {
    private var category: [UInt8]?
    /// The category followed by ` > `: a longer path under it.
    private var categoryPrefix: [UInt8] = []
    private var anyTags: [[UInt8]] = []
    private var allTags: [[UInt8]] = []
    private var minimumLikes: Int?
    let isEmpty: Bool

    init(_ filter: PlaceFilter) {
        category = filter.category.flatMap(Place.normalizedCategory).map { Array($0.utf8) }
        if let category { categoryPrefix = category + Array(" > ".utf8) }
        anyTags = Hashtag.normalizedList(filter.anyTags).map { Array($0.utf8) }
        allTags = Hashtag.normalizedList(filter.allTags).map { Array($0.utf8) }
        minimumLikes = filter.minimumLikes
        isEmpty = category == nil && anyTags.isEmpty && allTags.isEmpty && minimumLikes == nil
    }

    /// Whether a row with these fields (`nil`: SQL NULL) passes.
    func matches(category text: UnsafeBufferPointer<UInt8>?, tags: UnsafeBufferPointer<UInt8>?, likes: Int) -> Bool {
        if let minimumLikes, likes < minimumLikes { return false }
        if let category {
            guard let text else { return false }
            let equal = text.count == category.count && zip(text, category).allSatisfy { $0 == $1 }
            if !equal {
                guard text.count >= categoryPrefix.count,
                    zip(text, categoryPrefix).allSatisfy({ Self.likeEqual($0, $1) })
                else { return false }
            }
        }
        if !anyTags.isEmpty || !allTags.isEmpty {
            guard let tags else { return false }
            if !anyTags.isEmpty, !anyTags.contains(where: { Self.hasTag(tags, $0) }) { return false }
            for tag in allTags where !Self.hasTag(tags, tag) { return false }
        }
        return true
    }

    /// Two bytes as `LIKE` compares them: equal, or ASCII letters that differ in case only.
    private static func likeEqual(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a < 0x80 && b < 0x80 && lower(a) == lower(b))
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether `|tag|` occurs in `|` + `tags` + `|`: `tag` at a start or after a `|`, and at the
    /// end or before a `|`.
    private static func hasTag(_ tags: UnsafeBufferPointer<UInt8>, _ tag: [UInt8]) -> Bool {
        guard tag.count <= tags.count else { return false }
        var start = 0
        while start + tag.count <= tags.count {
            if start == 0 || tags[start - 1] == 0x7C {
                let end = start + tag.count
                if end == tags.count || tags[end] == 0x7C {
                    var offset = 0
                    while offset < tag.count, likeEqual(tags[start + offset], tag[offset]) { offset += 1 }
                    if offset == tag.count { return true }
                }
            }
            start += 1
        }
        return false
    }
}
