import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Fuzzy readings beyond one word as typed (issue 18, follow-ups): the words of a query in
/// another order than the name's, a query typed in English mode with a typo, and labels that
/// read the same whether the query has one word or several.
@Suite struct SearchFuzzyReadingsTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    static let placeNames = [
        "스타벅스 강남역점", "교보문고 광화문점", "파리바게뜨 도곡점", "롯데리아 홍대점", "강남역 지하상가", "광화문 광장",
        "스카이 라운지",
    ]

    let temporary: TemporaryStore

    init() throws {
        temporary = try TemporaryStore()
        for name in Self.placeNames {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul))
        }
    }

    func results(_ text: String, exact: Bool = false) throws -> [SearchResult] {
        try temporary.store.search(SearchQuery(text, exact: exact))
    }

    /// A typo in a query whose words come in another order than the name's: the literal words
    /// match in any order, and so does the fuzzy reading.
    @Test(arguments: [
        ("강남역 스카벅스", "스타벅스 강남역점", "typo/prefix", "ㅌ→ㅋ at 5"),
        ("광화문 교보문거", "교보문고 광화문점", "typo/prefix", "ㅗ→ㅓ at 7"),
        ("도곡 파리게뜨", "파리바게뜨 도곡점", "missing_syllable/prefix", "바 left out at 5"),
    ])
    func aTypoInWordsOfAnotherOrderIsFound(query: String, name: String, match: String, forgiven: String) throws {
        let found = try results(query)
        let first = try #require(found.first)
        #expect(first.place.name == name)
        #expect(first.match.description == match)
        #expect(first.match.forgiven == forgiven)
        // The literal query finds it in either order, and ranks it first.
        #expect(try results(query, exact: true).map(\.place.name) == [])
    }

    /// The typed order still reads as before, and wins over another order when both match.
    @Test func theTypedOrderIsReadFirst() throws {
        let first = try #require(try results("스카벅스 강남역").first)
        #expect(first.place.name == "스타벅스 강남역점")
        #expect(first.match.description == "typo/prefix")
        #expect(first.match.forgiven == "ㅌ→ㅋ at 2")
        // A name that one word does not match at all is not found by reordering.
        #expect(try results("광화문 스카벅스").contains { $0.place.name == "스타벅스 강남역점" } == false)
    }

    /// A literal match in another order still ranks above a fuzzy one.
    @Test func aLiteralMatchInAnyOrderRanksAboveAReorderedTypo() throws {
        _ = try temporary.store.addPlace(Place(name: "스카벅스 강남역 팬클럽", coordinate: Self.seoul))
        let found = try results("강남역 스카벅스")
        #expect(found.map(\.place.name).prefix(2) == ["스카벅스 강남역 팬클럽", "스타벅스 강남역점"])
        #expect(found[0].match.forgiven == nil)
        #expect(found[1].match.kind == .typo)
        #expect(found[0].score > found[1].score)
    }

    /// Typed in English mode and with a typo (`tmzkqjrtm` is `스카벅스`): the Hangul reading is
    /// read fuzzily, and named (the positions forgiven count in it).
    @Test func aKeyboardMistypeWithATypoIsFound() throws {
        let first = try #require(try results("tmzkqjrtm").first)
        #expect(first.place.name == "스타벅스 강남역점")
        #expect(first.match.description == "typo/prefix")
        #expect(first.match.forgiven == "ㅌ→ㅋ at 2")
        #expect(first.match.reading == "스카벅스")
        #expect(try results("ryqhansrj").first?.match.reading == "교보문거")
        #expect(try results("스카벅스").first?.match.reading == nil)
        #expect(try results("tmzkqjrtm", exact: true).isEmpty)
        // Without the typo it is a keyboard mistype, as before.
        #expect(try results("tmxkqjrtm").first?.match.kind == .keyboardMistype)
        // A Latin word whose reading is lone consonants (`ㅋㅋㅋㅋ`) is no 초성 abbreviation.
        #expect(try results("zzzz").isEmpty)
    }

    /// A typo in a name whose syllables Latin letters or digits separate (a branch: `방배DT점`,
    /// `약수2호점`), wherever the typo lies: the longest run of syllables has two, and its
    /// spellings, or the run as typed, find the name.
    @Test(arguments: [
        ("방베DT점", "방배DT점", "ㅐ→ㅔ at 2"), ("방배DT잠", "방배DT점", "ㅓ→ㅏ at 5"),
        ("악수2호", "약수2호점", "ㅑ→ㅏ at 1"), ("약수2호잠", "약수2호점", "ㅓ→ㅏ at 5"),
        ("메가MGC커패", "메가MGC커피 강남점", "ㅣ→ㅐ at 7"),
    ])
    func aTypoBesideLatinOrDigitsIsFound(query: String, name: String, forgiven: String) throws {
        for other in ["방배DT점", "약수2호점", "메가MGC커피 강남점", "방배 카페", "약수 시장"] {
            _ = try temporary.store.addPlace(Place(name: other, coordinate: Self.seoul))
        }
        let first = try #require(try results(query).first)
        #expect(first.place.name == name)
        #expect(first.match.kind == .typo)
        #expect(first.match.forgiven == forgiven)
    }

    /// The same typos with the words in another order: whether a two-syllable spelling is too
    /// common to look up is decided for each order read (`DT잠 방배` runs 잠방배 together;
    /// read as `방배 DT잠`, its run is 방배).
    @Test(arguments: [("DT잠 방배", "방배DT점"), ("2호점 악수", "약수2호점"), ("MGC커피 메갸", "메가MGC커피 강남점")])
    func aTypoBesideLatinOrDigitsIsFoundInAnyOrder(query: String, name: String) throws {
        for other in ["방배DT점", "약수2호점", "메가MGC커피 강남점"] {
            _ = try temporary.store.addPlace(Place(name: other, coordinate: Self.seoul))
        }
        #expect(try results(query).first?.place.name == name)
    }

    /// One word with a typo, the others as written, each in another word of the name: no window
    /// of the name holds the query, so the mistyped word is read alone (never `whole`), with
    /// positions counted in the query as typed.
    @Test(arguments: [
        ("교보 광화뭄", "교보문고 광화문점", "typo/word_prefix", "ㄴ→ㅁ at 5"),
        ("광하문 교보", "교보문고 광화문점", "typo/word_prefix", "ㅗ left out at 2"),
        ("파리 도곡잠", "파리바게뜨 도곡점", "typo/word_prefix", "ㅓ→ㅏ at 5"),
    ])
    func aTypoInOneWordApartFromTheOthersIsFound(query: String, name: String, match: String, forgiven: String)
        throws
    {
        let first = try #require(try results(query).first)
        #expect(first.place.name == name)
        #expect(first.match.description == match)
        #expect(first.match.forgiven == forgiven)
        #expect(try results(query, exact: true).isEmpty)
        // A word not in the name, as written, is not forgiven.
        #expect(try results("교보 광화뭄 부산").isEmpty)
    }

    /// A last syllable being typed (`스카벅ㅅ`: the IME shows the next initial alone) keeps the
    /// fuzzy results of the syllables before it, instead of none between two keys.
    @Test func aTypoStaysFoundWhileTheNextSyllableIsTyped() throws {
        for typed in ["스카벅", "스카벅ㅅ", "스카벅스"] {
            #expect(try results(typed).first?.place.name == "스타벅스 강남역점", "\(typed)")
        }
        #expect(try results("교보뭄ㄱ").first?.place.name == "교보문고 광화문점")
        #expect(SearchMatcher.withoutUnfinishedSyllable("스카벅ㅅ") == "스카벅")
        #expect(SearchMatcher.withoutUnfinishedSyllable("ㅅㅌㅂㅅ") == "ㅅㅌㅂㅅ")
        #expect(SearchMatcher.withoutUnfinishedSyllable("스카벅") == "스카벅")
        #expect(SearchMatcher.withoutUnfinishedSyllable("스카벅스 ㄱ") == "스카벅스")
        #expect(SearchMatcher.withoutUnfinishedSyllable("ㄱ") == "ㄱ")
        #expect(try results("스카벅스 ㄱ").first?.place.name == "스타벅스 강남역점")
    }

    /// A fuzzy match that begins a word of the name ranks above one that begins inside a word,
    /// whatever was forgiven: `다이스` is 다이소 (ㅗ two keys from ㅡ) before the 가이스 inside
    /// 담가이스테이 (ㄱ next to ㄷ).
    @Test func aFuzzyMatchAtAWordStartRanksAboveOneInsideAWord() throws {
        for other in ["평창 담가이스테이", "다이소 소양사거리점"] {
            _ = try temporary.store.addPlace(Place(name: other, coordinate: Self.seoul))
        }
        let found = try results("다이스")
        #expect(found.map(\.place.name) == ["다이소 소양사거리점", "평창 담가이스테이"])
        #expect(found.map(\.match.description) == ["typo/prefix", "typo/substring"])
        #expect(found[0].match.forgiven == "ㅗ→ㅡ at 3")
        #expect(found[1].match.forgiven == "ㄱ→ㄷ at 1")
    }

    /// A query of several words is labelled as its first word alone is, and an abbreviation
    /// covering a name's word only in part is not `whole`.
    @Test func labelsAreTheSameForOneWordAndSeveral() throws {
        let alone = try #require(try results("파리게뜨").first)
        let withPlace = try #require(try results("파리게뜨 도곡").first)
        #expect(alone.place.name == "파리바게뜨 도곡점")
        #expect(withPlace.place.name == "파리바게뜨 도곡점")
        #expect(alone.match.kind == .missingSyllable)
        #expect(withPlace.match.kind == .missingSyllable)
        #expect(withPlace.match.forgiven == "바 left out at 3")
        // `강남` only begins 강남역점: a prefix of the name, not the whole of it.
        let abbreviated = try #require(try results("스벅 강남").first)
        #expect(abbreviated.place.name == "스타벅스 강남역점")
        #expect(abbreviated.match.description == "abbreviation/prefix")
        #expect(try results("스벅 강남역점").first?.match.description == "abbreviation/whole")
        #expect(try results("스벅").first?.match.description == "abbreviation/prefix")
    }

    /// Fuzzy matches report the same four positions as the Korean readings (`whole`, `prefix`,
    /// `word_prefix`, `substring`): a typo in a name's second word is a `word_prefix`, as a 초성
    /// match there is.
    @Test func fuzzyPositionsAreTheKoreanReadingsPositions() throws {
        let typo = try #require(try results("광화뭄").first { $0.place.name == "교보문고 광화문점" })
        #expect(typo.match.description == "typo/word_prefix")
        let chosung = try #require(try results("ㄱㅎㅁ").first { $0.place.name == "교보문고 광화문점" })
        #expect(chosung.match.description == "chosung/word_prefix")
    }
}
