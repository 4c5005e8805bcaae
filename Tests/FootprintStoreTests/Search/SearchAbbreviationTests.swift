import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Abbreviations of any later syllables of a word, a brand's branches beyond the fuzzy bound,
/// restrictions applied before the bound, and two edits of a long query (issue 18, review).
@Suite struct SearchAbbreviationTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
    static let busan = Coordinate(uncheckedLatitude: 35.1796, longitude: 129.0756)

    /// A store of `names` at `coordinate`, then `last` (name and coordinate) with the highest ids.
    static func store(
        _ names: [String], at coordinate: Coordinate = seoul, last: [(String, Coordinate, String?)] = []
    ) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        try temporary.store.write { db in
            for name in names {
                var place = Place(name: name, coordinate: coordinate)
                try place.insert(db)
            }
            for (name, coordinate, category) in last {
                var place = Place(name: name, coordinate: coordinate)
                place.category = category
                try place.insert(db)
            }
        }
        return temporary
    }

    /// `count` made names of three syllables each, followed by `word` (`가나다디저트`).
    static func made(
        _ count: Int, from syllables: [Character] = Array("가나다라마바사아자차카타파하"), _ format: (String) -> String
    ) -> [String] {
        return (0..<count).map { index in
            format(String([syllables[index % 14], syllables[index / 14 % 14], syllables[index / 196 % 14]]))
        }
    }

    @Test(arguments: [
        ("동플", "동대문디자인플라자"), ("국미", "국립현대미술관"), ("대국", "대한민국역사박물관"), ("서관", "서울시립미술관"),
        ("파뜨", "파리바게뜨 광화문점"), ("배라", "배스킨라빈스 신촌점"), ("서병", "서울대학교병원"), ("국립박", "국립중앙박물관"),
    ])
    func laterSyllablesOfAWordAbbreviateIt(query: String, name: String) throws {
        let names = [
            "동대문디자인플라자", "국립현대미술관", "대한민국역사박물관", "서울시립미술관", "파리바게뜨 광화문점", "배스킨라빈스 신촌점",
            "서울대학교병원", "국립중앙박물관", "동네 플라워", "서점 관리",
        ]
        let temporary = try Self.store(names)
        let results = try temporary.store.search(SearchQuery(query))
        let first = try #require(results.first)
        #expect(first.place.name == name)
        #expect(first.match.description.hasPrefix("abbreviation/"))
        #expect(first.match.forgiven == "abbreviates \(name.split(separator: " ")[0])")
    }

    /// More branches of a brand than the fuzzy bound: its abbreviation finds every one.
    @Test func aBrandsBranchesAreAllFoundByItsAbbreviation() throws {
        let count = SearchRun.maximumFuzzyCandidates + 600
        let temporary = try Self.store(Self.made(count, from: Array("가나다라마사아자차카타하고노")) { "파리바게뜨 \($0)점" })
        let results = try temporary.store.search(SearchQuery("파바", limit: count + 10))
        #expect(results.count == count)
        #expect(results.allSatisfy { $0.match.description == "abbreviation/prefix" })
    }

    /// The nearest branch is among the results near a point, whatever its id: with a radius,
    /// without one, and with a filter, the restrictions apply before the bound.
    @Test func restrictionsApplyBeforeTheFuzzyBound() throws {
        let count = SearchRun.maximumFuzzyCandidates + 500
        let temporary = try Self.store(
            Self.made(count) { "미아 \($0)디저트" }, last: [("해운대 카페디저트", Self.busan, "베이커리")])
        let within = try temporary.store.search(SearchQuery("기저트", near: Self.busan, withinMeters: 1000))
        #expect(within.map(\.place.name) == ["해운대 카페디저트"])
        #expect(within.first?.match.description == "typo/substring")
        let near = try temporary.store.search(SearchQuery("기저트", near: Self.busan, limit: 3))
        #expect(near.first?.place.name == "해운대 카페디저트")
        let filtered = try temporary.store.search(
            SearchQuery("기저트", filter: PlaceFilter(category: "베이커리")))
        #expect(filtered.map(\.place.name) == ["해운대 카페디저트"])
    }

    /// Two edits of a query of five syllables or more: each changes a syllable, so the probes
    /// of one changed syllable found nothing.
    @Test(arguments: [("교보문거광화뭄", "교보문고 광화문점"), ("스카벅스강냠역점", "스타벅스 강남역점")])
    func twoEditsOfALongQueryAreForgiven(query: String, name: String) throws {
        let temporary = try Self.store(["교보문고 광화문점", "스타벅스 강남역점", "광화문 식당", "강남역 카페"])
        let first = try #require(try temporary.store.search(SearchQuery(query)).first)
        #expect(first.place.name == name)
        #expect(first.match.description.hasPrefix("typo/"))
    }

    /// A repeated word is read once by the fuzzy readings too (it found nothing: the query was
    /// read as one run of eight syllables).
    @Test func repeatedFuzzyWordsAreReadOnce() throws {
        let temporary = try Self.store(["스타벅스 강남역점", "교보문고 광화문점"])
        let results = try temporary.store.search(SearchQuery("스카벅스 스카벅스"))
        #expect(results.map(\.place.name) == ["스타벅스 강남역점"])
        #expect(results.first?.match.forgiven == "ㅌ→ㅋ at 2")
    }

    /// A syllable the query adds is labelled apart from one it leaves out.
    @Test func anAddedSyllableIsLabelledExtra() throws {
        let temporary = try Self.store(["스타벅스 강남역점", "파리바게뜨 신촌점"])
        let added = try #require(try temporary.store.search(SearchQuery("스타타벅스")).first)
        #expect(added.match.description == "extra_syllable/prefix")
        #expect(added.match.forgiven == "타 added at 3")
        let left = try #require(try temporary.store.search(SearchQuery("파리게뜨")).first)
        #expect(left.match.description == "missing_syllable/prefix")
    }
}
