import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Queries of one key and of punctuation only are bounded (issue 18, follow-up): a lone
/// consonant is looked up by the index's tokens spelled out, not as an FTS5 prefix term, and
/// with a limit reads at most ``SearchRun/maximumOneKeyCandidates`` names per stage; a scan keeps
/// every name match and at most ``SearchRun/maximumScanOtherFieldMatches`` others.
@Suite struct SearchDegenerateQueryTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// A lone consonant's tokens are its unigram and its bigram with every compatibility jamo.
    @Test func aLoneConsonantIsLookedUpByItsTokensSpelledOut() throws {
        let terms = try #require(SearchExpression.loneConsonantTerms(.initial("ㅅ")))
        #expect(terms.count == 1 + 94)
        #expect(terms.prefix(3) == ["ㅅ", "ㅅㄱ", "ㅅㄲ"])
        #expect(terms.contains("ㅅㅏ"))
        #expect(SearchExpression.loneConsonantTerms(.literalHangul("ㅅ")) == terms)
        #expect(SearchExpression.loneConsonantTerms(.literalHangul("가")) == nil)
        #expect(SearchExpression.loneConsonantTerms(.literalHangul("ㅏ")) == nil)
        #expect(SearchExpression.loneConsonantTerms(.other("a")) == nil)
    }

    /// Without a limit, a lone consonant finds every name it finds as a prefix term: a syllable
    /// it begins at the start, inside, at the end, alone, and the jamo itself before a vowel jamo.
    @Test func aLoneConsonantFindsWhatThePrefixTermFound() throws {
        let temporary = try TemporaryStore()
        let names = [
            "스타벅스", "카페 소나무", "마포 숲", "상", "ㅅㅏ 공방", "ㅋㅋ ㅅ", "가나다", "cgv 용산", "ㅅ", "Ssg 마트",
        ]
        for name in names {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul))
        }
        let found = Set(try temporary.store.search(SearchQuery("ㅅ", limit: nil)).map(\.place.name))
        let prefixTerm = try temporary.store.read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT p.name FROM search_names s JOIN places p ON p.id = s.rowid
                        WHERE search_names MATCH '"ㅅ"*'
                        """))
        }
        #expect(found.isSuperset(of: prefixTerm))
        #expect(found.isSuperset(of: ["스타벅스", "카페 소나무", "마포 숲", "상", "ㅅㅏ 공방", "ㅋㅋ ㅅ", "ㅅ", "cgv 용산"]))
        #expect(!found.contains("가나다"))
        // The anchored stage: names beginning with it rank first.
        let first = try #require(try temporary.store.search(SearchQuery("ㅅ", limit: 3)).first)
        #expect(["ㅅ", "상"].contains(first.place.name))
    }

    /// With a limit, a query of one key reads the first names by id only: a better one beyond
    /// the bound is found without a limit, not with one.
    @Test func aOneKeyQueryWithALimitReadsABoundedNumberOfNames() throws {
        let temporary = try TemporaryStore()
        let syllables = Array("사서소수스시새세쇼슈")
        try temporary.store.write { db in
            for index in 0..<(SearchRun.maximumOneKeyCandidates + 100) {
                let name = String([syllables[index % 10], syllables[index / 10 % 10]]) + " 가게 \(index)"
                var place = Place(name: name, coordinate: Self.seoul)
                try place.insert(db)
            }
            var last = Place(name: "숲", coordinate: Self.seoul)
            try last.insert(db)
        }
        let limited = try temporary.store.search(SearchQuery("ㅅ", limit: 20))
        #expect(limited.count == 20)
        #expect(!limited.contains { $0.place.name == "숲" })
        let all = try temporary.store.search(SearchQuery("ㅅ", limit: nil))
        #expect(all.count == SearchRun.maximumOneKeyCandidates + 101)
        #expect(all.first?.place.name == "숲")
    }

    /// Punctuation in most addresses: with a limit, every name that holds it is still found and
    /// ranks first; the other fields' matches are bounded.
    @Test func aPunctuationScanKeepsEveryNameMatchAndBoundsTheOthers() throws {
        let temporary = try TemporaryStore()
        try temporary.store.write { db in
            for index in 0..<(SearchRun.maximumScanOtherFieldMatches + 100) {
                var place = Place(name: "가게 \(index)", coordinate: Self.seoul)
                place.address = "서울 중구 \(index)-1"
                try place.insert(db)
            }
            var last = Place(name: "카페-온", coordinate: Self.seoul)
            try last.insert(db)
        }
        let limited = try temporary.store.search(SearchQuery("-", limit: 20))
        #expect(limited.count == 20)
        #expect(limited.first?.place.name == "카페-온")
        #expect(limited.dropFirst().allSatisfy { $0.match.kind == .otherField })
        let all = try temporary.store.search(SearchQuery("-", limit: nil))
        #expect(all.count == SearchRun.maximumScanOtherFieldMatches + 101)
    }
}
