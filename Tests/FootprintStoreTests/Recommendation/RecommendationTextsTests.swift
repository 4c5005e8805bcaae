import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The byte-level shortcuts of `v17-recommend-profiles`: filters tested on the compact table's
/// bytes, tags split and strings numbered without `String`s, must answer as SQL and `String` do.
@Suite struct RecommendationTextsTests {
    typealias Random = RecommendationPropertyTests.Random

    /// Pieces random texts are made of: ASCII in both cases, Hangul, LIKE's wildcards and escape,
    /// a combining mark and a decomposed syllable (which make `|` part of a bigger character).
    static let pieces = [
        "카페", "음식점", "디저트", "Cafe", "cafe", "CAFE", "a", "B", " > ", "|", "||", "%", "_", "\\", "\u{301}",
        "\u{1100}\u{1161}", "가", "e\u{301}", " ",
    ]

    static func text(_ random: inout Random) -> String {
        (0..<random.int(0..<5)).map { _ in pieces[random.int(0..<pieces.count)] }.joined()
    }

    @Test func filtersAnswerAsTheirSQLCondition() throws {
        var random = Random(state: 17)
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE p (category TEXT, tags TEXT, likes INTEGER NOT NULL)")
        }
        var rows: [(category: String?, tags: String?, likes: Int)] = []
        for index in 0..<400 {
            let category =
                index % 9 == 0 ? nil : ["음식점", "음식점 > 카페", "Cafe > Latte", "카페"][index % 4] + Self.text(&random)
            let tags = index % 11 == 0 ? nil : Self.text(&random)
            rows.append((category, tags, random.int(0..<300)))
        }
        var filters: [PlaceFilter] = [
            PlaceFilter(category: "음식점"), PlaceFilter(category: "cafe"), PlaceFilter(category: "CAFE > latte"),
            PlaceFilter(anyTags: ["cafe"]), PlaceFilter(anyTags: ["카페", "a"]), PlaceFilter(allTags: ["a", "b"]),
            PlaceFilter(category: "음식점", anyTags: ["%"], minimumLikes: 100), PlaceFilter(anyTags: ["_"]),
        ]
        for _ in 0..<40 {
            let tags = (0..<random.int(1..<3)).map { _ in Self.text(&random) }.filter { Hashtag.normalized($0) != nil }
            let category = Self.text(&random)
            filters.append(
                PlaceFilter(
                    category: Place.normalizedCategory(category) == nil ? nil : category, anyTags: tags,
                    minimumLikes: random.next() < 0.2 ? 150 : nil))
        }
        for filter in filters {
            guard let condition = filter.sqlCondition() else { continue }
            let matcher = CandidateFilter(filter)
            try queue.inDatabase { db in
                for row in rows {
                    try db.execute(sql: "DELETE FROM p")
                    try db.execute(
                        sql: "INSERT INTO p VALUES (?, ?, ?)", arguments: [row.category, row.tags, row.likes])
                    let (sql, arguments) = try ("SELECT count(*) FROM p WHERE " + condition).build(db)
                    let expected = try Int.fetchOne(db, sql: sql, arguments: arguments) == 1
                    var category = Array((row.category ?? "").utf8)
                    var tags = Array((row.tags ?? "").utf8)
                    let matched = category.withUnsafeMutableBufferPointer { category in
                        tags.withUnsafeMutableBufferPointer { tags in
                            matcher.matches(
                                category: row.category == nil ? nil : UnsafeBufferPointer(category),
                                tags: row.tags == nil ? nil : UnsafeBufferPointer(tags), likes: row.likes)
                        }
                    }
                    #expect(matched == expected, "\(filter) on \(row)")
                }
            }
        }
    }

    @Test func tagsSplitAsHashtagDecodes() {
        var random = Random(state: 5)
        var checked = 0
        for _ in 0..<3_000 {
            let text = Self.text(&random)
            var bytes = Array(text.utf8)
            let ranges = bytes.withUnsafeMutableBufferPointer { RecommendationTexts.tagRanges(UnsafeBufferPointer($0)) }
            guard let ranges else {
                // Only texts with more than ASCII and Hangul syllables take the `String` way.
                #expect(text.unicodeScalars.contains { $0.value >= 0x80 && !(0xAC00...0xD7A3).contains($0.value) })
                continue
            }
            checked += 1
            let pieces = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
            #expect(pieces == Hashtag.decode(text), "\(text)")
        }
        #expect(checked > 1_000)
    }

    @Test func storedTextsGiveTheKeysOfTheirStrings() {
        var random = Random(state: 9)
        var strings = DiversityInterner()
        var stored = DiversityInterner()
        let names = ["스타벅스 강남역점", "스타벅스 3호점", "카페 (본점)", "Cafe", "cafe", "e\u{301}", "\u{e9}", "", "A B 점"]
        for _ in 0..<500 {
            let name = names[random.int(0..<names.count)] + (random.next() < 0.3 ? Self.text(&random) : "")
            let category = random.next() < 0.2 ? nil : Self.text(&random)
            let tags = Self.text(&random)
            let coordinate = Coordinate(uncheckedLatitude: 37.5, longitude: 127)
            let expected = strings.key(
                name: name, category: category, tags: Hashtag.decode(tags), coordinate: coordinate)
            let nameBytes = Array(name.utf8)
            let categoryBytes = Array((category ?? "").utf8)
            let tagBytes = Array(tags.utf8)
            let key = nameBytes.withUnsafeBufferPointer { name in
                categoryBytes.withUnsafeBufferPointer { categoryText in
                    tagBytes.withUnsafeBufferPointer { tagText in
                        stored.key(
                            name: name, category: category == nil ? nil : categoryText, tags: tagText,
                            coordinate: coordinate)
                    }
                }
            }
            // Both interners number the same strings in the same order, so the keys are equal.
            #expect(key.brand == expected.brand, "\(name)")
            #expect(key.categorySegments == expected.categorySegments, "\(category ?? "nil")")
            #expect(key.tags == expected.tags, "\(tags)")
        }
    }
}
