import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Which candidates a bounded fuzzy look-up judges when its probes find more names than the
/// bound (``SearchRun/maximumFuzzyCandidates``): those where the spelling begins a word first,
/// whatever their id, so a typo of a common word still finds the names it most likely means.
@Suite struct SearchFuzzyBoundTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// `count` names holding `word` inside a word (`미아 가나디저트`), then `last`.
    static func store(word: String, count: Int, last: [String]) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let syllables = Array("가나다라마바사아자차카타파하")
        try temporary.store.write { db in
            for index in 0..<count {
                let made = String([syllables[index % 14], syllables[index / 14 % 14], syllables[index / 196 % 14]])
                var place = Place(name: "미아 \(made)\(word)", coordinate: Self.seoul)
                try place.insert(db)
            }
            for name in last {
                var place = Place(name: name, coordinate: Self.seoul)
                try place.insert(db)
            }
        }
        return temporary
    }

    /// 디저트 inside a word in more names than the bound, all with lower ids than the one where
    /// it begins a word: the typo `기저트` still finds that one first.
    @Test func aCommonWordsTypoFindsTheNameWhereItBeginsAWordWhateverItsID() throws {
        let temporary = try Self.store(
            word: "디저트", count: SearchRun.maximumFuzzyCandidates + 500, last: ["망원 디저트 하우스"])
        let results = try temporary.store.search(SearchQuery("기저트", limit: 20))
        #expect(results.count == 20)
        let first = try #require(results.first)
        #expect(first.place.name == "망원 디저트 하우스")
        #expect(first.match.description == "typo/word_prefix")
        #expect(first.match.forgiven == "ㄷ→ㄱ at 1")
    }

    /// More names than the bound end as the one meant does, before it by id (`가나다근린공원`,
    /// and `가나다 근린공원` where the ending begins a word, more than the judged bound): a typo
    /// or a swap in its first syllables still finds it first, without a point, because it holds
    /// more of the probes' spellings than a name that only shares the ending (some of those are
    /// within two keys, `사가나근린공원`, but cost more).
    @Test(arguments: [("산간아근린공원", "typo"), ("산아산근린공원", "swapped")])
    func aNameSharingACommonEndingWithThousandsIsJudgedFirst(query: String, reading: String) throws {
        let temporary = try TemporaryStore()
        let syllables = Array("가나다라마바사자차카타파하거너더러머버서저처커터퍼허")
        try temporary.store.write { db in
            for index in 0..<(2 * SearchRun.maximumFuzzyCandidatesBeyond + 1000) {
                let made = String([syllables[index % 26], syllables[index / 26 % 26], syllables[index / 676 % 26]])
                var place = Place(name: made + (index % 2 == 0 ? "근린공원" : " 근린공원"), coordinate: Self.seoul)
                try place.insert(db)
            }
            var place = Place(name: "산산아근린공원", coordinate: Self.seoul)
            try place.insert(db)
        }
        let results = try temporary.store.search(SearchQuery(query, limit: 20))
        let first = try #require(results.first)
        #expect(first.place.name == "산산아근린공원")
        #expect(first.match.description.hasPrefix(reading))
    }

    /// Under the bound every candidate is judged, as before: a name holding the word inside a
    /// word, with the highest id, is found too.
    @Test func underTheBoundEveryCandidateIsJudged() throws {
        let temporary = try Self.store(word: "디저트", count: 50, last: ["망원 카페디저트"])
        let results = try temporary.store.search(SearchQuery("기저트", limit: 100))
        #expect(results.count == 51)
        #expect(results.contains { $0.place.name == "망원 카페디저트" && $0.match.description == "typo/substring" })
    }

    /// The word-start form of each kind of probe: a spelling's and a piece's first bigram as the
    /// `#` token; none for a probe that begins with a 초성 or skip bigram.
    @Test func wordStartFormsOfTheProbes() {
        #expect(SearchRun.wordStartExpression(.text("디저트"))?.text == ##""#디저" + "저트""##)
        #expect(SearchRun.wordStartExpression(.pieces([["하우", "ㅇㅅ"]]))?.text == ##""#하우" + "ㅇㅅ""##)
        #expect(SearchRun.wordStartExpression(.pieces([["ㄷㅈ", "저트"]])) == nil)
        #expect(SearchRun.wordStartExpression(.pieces([["~디트"]])) == nil)
    }
}
