import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Any input is text: nothing a person types produces an SQL or FTS error or another kind of
/// search; an empty query is the one usage error.
@Suite struct SearchInputTests {
    static let nasty: [String] = [
        "\"", "\"\"", "'", "''", "\"카페", "카페\"", "\"스타벅스\" 강남", "*", "카페*", "*카페", "-카페", "--카페", "^카페", "카페^",
        ":", "name:카페", "name : 카페", "{name}: 카페", "tags:야경", "NEAR", "NEAR(카페 서울)", "NEAR(\"a\" \"b\", 2)", "카페 AND",
        "AND", "OR", "NOT", "카페 OR 서울", "카페 NOT 서울", "NOT 카페", "(", ")", "(카페", "카페)", "((()))", "+", "카페 + 서울",
        "%", "_", "%카페%", "\\", "\\\"", ";", "'; DROP TABLE places; --", "ㅏ", "ㅢ", "ㄳ", "ㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱ", "ㅋ", "ᄀ", "ᅡ",
        "\u{1100}\u{1161}\u{11A8}", "☕️", "😀카페", "🇰🇷", "\u{0}", "\u{1}", "\u{200B}", "\u{FEFF}카페", "ＣＧＶ", "＃야경", "#",
        "##",
        "# 야경", "#\"", "#*", "\t카페\n", String(repeating: "가", count: 10_000), String(repeating: "ㅅ", count: 10_000),
        String(repeating: "a\"(*", count: 2_500), "x" + String(repeating: " OR x", count: 2_000),
        String(repeating: "ㅋ ", count: 5_000), String(repeating: "카페 ", count: 3_000),
        (0..<2_500).map { "\(Character(Unicode.Scalar(0xAC00 + ($0 * 37) % 11_172)!))\($0)" }.joined(separator: " "),
        // Issue 18's review: jamo alternating with Latin (4.6 s), punctuation or emoji only (a scan
        // of every place: 1 s and 335 MB), 10,000 random characters of mixed scripts (34 s, 928 MB).
        SearchInputBoundTests.alternating, String(SearchInputBoundTests.alternating.prefix(40)), "!!!???...",
        "😀😀😀", SearchInputBoundTests.randomText(),
    ]

    @Test func nastyInputsNeverFail() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        for name in ["\"따옴표\" 카페*", "카페 NEAR 서울", "OR 카페 AND 바", "(주)한빛", "스타벅스 강남점", "ㅋㅋ분식"] {
            _ = try store.addPlace(Place(name: name, coordinate: seoul, tags: ["야경"]))
        }
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let clock = ContinuousClock()
        for text in Self.nasty {
            let start = clock.now
            do {
                _ = try reader.search(SearchQuery(text, near: seoul, limit: nil))
            } catch let error as FootprintStoreError {
                // Only a query with nothing to search for is refused, and as a usage error.
                guard case .invalidValue(name: "search text", _, _) = error else {
                    Issue.record("\(text.prefix(40)): \(error)")
                    continue
                }
                // Nothing left once spaces, lone `#` and invisible characters are skipped.
                #expect(HangulNormalization.searchNormalized(text.replacingOccurrences(of: "#", with: "")).isEmpty)
            }
            // A guard against blow-ups (a repeated-word query once took 29 s), not a speed figure:
            // wide enough for a loaded 2-core machine, where a normal query can take 2 s.
            #expect(clock.now - start < .seconds(10), "\(text.prefix(40)) took \(clock.now - start)")
        }
    }

    /// A query's words are looked up once each, and a word inside another is not looked up.
    @Test func repeatedAndContainedWordsCountOnce() {
        #expect(SearchMatcher.distinctWords(of: String(repeating: "카페 ", count: 3_000)) == ["카페"])
        #expect(SearchMatcher.distinctWords(of: "스타 스타벅스 강남 CGV cg") == ["스타벅스", "강남", "cgv"])
        #expect(SearchMatcher.distinctWords(of: "강남 스타벅스") == ["강남", "스타벅스"])
        #expect(SearchMatcher.distinctWords(of: "ＣＧＶ cgv CGV") == ["cgv"])
    }

    /// Characters the index has no term for (emoji, punctuation) are found by a scan, the same
    /// whether the place is indexed or pending (a review found them only while pending).
    @Test func symbolsAreFoundIndexedOrPending() throws {
        let temporary = try TemporaryStore()
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        let emoji = try temporary.store.addPlace(Place(name: "카페😀 하나", coordinate: seoul, tags: ["😀"]))
        let dash = try temporary.store.addPlace(Place(name: "A-B 카페", coordinate: seoul))
        _ = try temporary.store.addPlace(Place(name: "카페 둘", coordinate: seoul))
        func ids(_ text: String) throws -> [Int64] {
            try temporary.store.search(SearchQuery(text)).map { $0.place.id! }
        }
        let expected: [(String, [Int64])] = [("😀", [emoji.id!]), ("-", [dash.id!]), ("#😀", [emoji.id!])]
        for (text, found) in expected { #expect(try ids(text) == found, "\(text) indexed") }
        // Pending: changed by a plain connection since the index was last updated.
        let plain = try DatabaseQueue(path: temporary.path)
        try plain.write { db in try db.execute(sql: "UPDATE places SET note = 'x'") }
        try plain.close()
        for (text, found) in expected { #expect(try ids(text) == found, "\(text) pending") }
        #expect(
            try temporary.store.search(SearchQuery("", filter: PlaceFilter(anyTags: ["😀"]))).map(\.place.id) == [
                emoji.id
            ])
    }

    @Test func syntaxInTheQueryIsSearchedForLiterally() throws {
        let temporary = try TemporaryStore()
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        for name in ["\"따옴표\" 카페*", "따옴표 카페", "카페 NEAR 서울", "카페 서울", "OR 카페 AND 바", "(주)한빛"] {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: seoul))
        }
        func names(_ text: String) throws -> [String] {
            try temporary.store.search(SearchQuery(text)).filter {
                $0.match.kind.rawValue <= SearchMatch.Kind.substring.rawValue
            }
            .map(\.place.name)
        }
        // Quotes and `*` are punctuation, skipped like spaces on both sides.
        #expect(Set(try names("\"따옴표\"")) == ["\"따옴표\" 카페*", "따옴표 카페"])
        #expect(Set(try names("카페*")) == ["\"따옴표\" 카페*", "따옴표 카페", "카페 NEAR 서울", "카페 서울", "OR 카페 AND 바"])
        #expect(try names("\"") == ["\"따옴표\" 카페*"])
        #expect(try names("*") == ["\"따옴표\" 카페*"])
        #expect(try names("카페 NEAR") == ["카페 NEAR 서울"])
        #expect(try names("OR 카페") == ["OR 카페 AND 바"])
        #expect(try names("(주)") == ["(주)한빛"])
        #expect(try names("주)한") == ["(주)한빛"])
    }

    @Test func anEmptyQueryIsAUsageError() throws {
        let temporary = try TemporaryStore()
        for text in ["", "   ", "\n\t", "#", "＃ "] {
            #expect(
                throws: FootprintStoreError.invalidValue(
                    name: "search text", value: "“\(text)”",
                    reason: "give the words or the #tag to search for, or a filter to list places by")
            ) {
                try temporary.store.search(SearchQuery(text))
            }
        }
        #expect(throws: FootprintStoreError.self) { try temporary.store.placeIDs(nameContaining: " ") }
    }

    @Test func badValuesAreOneSentence() throws {
        let temporary = try TemporaryStore()
        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "radius", value: "500", reason: "a radius needs a point to measure from")
        ) {
            try temporary.store.search(SearchQuery("카페", withinMeters: 500))
        }
        #expect(
            throws: FootprintStoreError.invalidValue(name: "radius", value: "-5", reason: "it must be 0 metres or more")
        ) {
            try temporary.store.search(SearchQuery("카페", near: seoul, withinMeters: -5))
        }
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "radius", value: formatted(.infinity), reason: "it must be a finite number of metres")
        ) {
            try temporary.store.search(SearchQuery("카페", near: seoul, withinMeters: .infinity))
        }
        #expect(throws: FootprintStoreError.invalidValue(name: "limit", value: "0", reason: "it must be 1 or more")) {
            try temporary.store.search(SearchQuery("카페", limit: 0))
        }
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "start date", value: "“2024-02-30”",
                reason: "write a real calendar date as YYYY-MM-DD, such as 2024-05-18")
        ) {
            try temporary.store.search(SearchQuery("카페", visitedSince: "2024-02-30"))
        }
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "end date", value: "2024-04-01", reason: "it is before the start date 2024-05-01")
        ) {
            try temporary.store.search(SearchQuery("카페", visitedSince: "2024-05-01", visitedUntil: "2024-04-01"))
        }
    }
}
