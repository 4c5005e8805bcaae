import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Search forgives what people type (issue 16's list): punctuation ignored like spaces on both
/// sides, Latin and digit substrings inside a word, Latin word chains of any length, and readings
/// mixed within one query. Each rule is checked through the index (the names are indexed, not
/// pending) and, where it matters, against the rank it must have.
@Suite struct SearchForgivenessTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    static let placeNames = [
        "카페-온", "KT&G 상상마당", "스타벅스 강남역점", "스타벅스 성수역점", "CGV 강남", "GS25 역삼점", "The Coffee Bean and Tea Leaf",
        "BlueBottle", "N서울타워", "이마트24 합정점", "-_- 카페", "😀 이모지 바", "메가박스 코엑스",
    ]

    let temporary: TemporaryStore

    init() throws {
        temporary = try TemporaryStore()
        for name in Self.placeNames {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul))
        }
        // Indexed, not pending: the rules must hold in the index, not only in the row scan.
        #expect(try temporary.store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM place_changes") } == 0)
    }

    func results(_ text: String) throws -> [SearchResult] {
        try temporary.store.search(SearchQuery(text))
    }

    func names(_ text: String) throws -> [String] {
        try results(text).map(\.place.name)
    }

    func kind(_ text: String, of name: String) throws -> String? {
        try results(text).first { $0.place.name == name }.map { $0.match.description }
    }

    @Test func punctuationInANameIsSkippedLikeASpace() throws {
        #expect(try names("카페온") == ["카페-온"])
        #expect(try kind("카페온", of: "카페-온") == "exact")
        #expect(try names("페온") == ["카페-온"])
        #expect(try names("ktg") == ["KT&G 상상마당"])
        #expect(try kind("ktg", of: "KT&G 상상마당") == "prefix")
        #expect(try kind("KTG상상마당", of: "KT&G 상상마당") == "exact")
    }

    @Test func punctuationInAQueryIsSkippedLikeASpace() throws {
        #expect(try names("스타벅스 (강남)") == ["스타벅스 강남역점"])
        #expect(try kind("스타벅스 (강남)", of: "스타벅스 강남역점") == "prefix")
        #expect(try names("카페.온") == ["카페-온"])
        #expect(try names("K.T.&.G") == ["KT&G 상상마당"])
        #expect(try names("“메가박스”") == ["메가박스 코엑스"])
    }

    @Test func aQueryOfPunctuationOrEmojiOnlyIsSearchedAsWritten() throws {
        #expect(try names("-_-") == ["-_- 카페"])
        #expect(try names("&") == ["KT&G 상상마당"])
        #expect(try names("😀") == ["😀 이모지 바"])
        #expect(try names("-").sorted() == ["-_- 카페", "카페-온"])
    }

    @Test func latinAndDigitSubstringsInsideAWordAreFound() throws {
        #expect(try names("gv") == ["CGV 강남"])
        #expect(try kind("gv", of: "CGV 강남") == "substring")
        #expect(try names("25") == ["GS25 역삼점"])
        #expect(try kind("25", of: "GS25 역삼점") == "substring")
        #expect(try kind("s25", of: "GS25 역삼점") == "substring")
        #expect(try names("ottle") == ["BlueBottle"])
        #expect(try kind("ottle", of: "BlueBottle") == "substring")
        #expect(try kind("4", of: "이마트24 합정점") == "substring")
        // A word's start still ranks as a prefix.
        #expect(try kind("gs", of: "GS25 역삼점") == "prefix")
    }

    @Test func latinWordChainsOfAnyLengthJoin() throws {
        #expect(try names("coffeebeanandtealeaf") == ["The Coffee Bean and Tea Leaf"])
        #expect(try kind("thecoffeebeanandtealeaf", of: "The Coffee Bean and Tea Leaf") == "exact")
        #expect(try kind("beanandtealeaf", of: "The Coffee Bean and Tea Leaf") == "word_prefix")
        #expect(try kind("eaf", of: "The Coffee Bean and Tea Leaf") == "substring")
        #expect(try names("coffeebeanandtea") == ["The Coffee Bean and Tea Leaf"])
    }

    @Test func aNameWrittenAsOneWordIsFoundByItsParts() throws {
        #expect(try names("blue bottle") == ["BlueBottle"])
        #expect(try kind("blue bottle", of: "BlueBottle") == "exact")
        #expect(try names("Blue Bott") == ["BlueBottle"])
        #expect(try names("the coffee bean") == ["The Coffee Bean and Tea Leaf"])
        #expect(try names("kt g") == ["KT&G 상상마당"])
    }

    @Test func aChosungWordBesideALiteralWord() throws {
        #expect(try names("강남 ㅅㅌㅂㅅ") == ["스타벅스 강남역점"])
        #expect(try kind("강남 ㅅㅌㅂㅅ", of: "스타벅스 강남역점") == "mixed_readings")
        #expect(try names("ㅅㅅ 스타벅스") == ["스타벅스 성수역점"])
    }

    @Test func aLatinLetterGluedToAMistypedWord() throws {
        #expect(try names("Ntjdnfxkdnj") == ["N서울타워"])
        #expect(try kind("Ntjdnfxkdnj", of: "N서울타워") == "keyboard_mistype/whole")
        #expect(try names("ntjdnf") == ["N서울타워"])
    }

    @Test func mistypedWordsInAnyOrder() throws {
        #expect(try names("rkdska CGV") == ["CGV 강남"])
        #expect(try kind("rkdska CGV", of: "CGV 강남") == "mixed_readings")
        #expect(try names("durtkawja ㅎㄴ25") == ["GS25 역삼점"])
        #expect(try names("CGV rkdska") == ["CGV 강남"])
        #expect(try kind("CGV rkdska", of: "CGV 강남") == "keyboard_mistype/whole")
    }

    /// A mixed reading never outranks a literal match: the words in any order as written come
    /// first.
    @Test func mixedReadingsRankBelowLiteralMatches() throws {
        let store = temporary.store
        _ = try store.addPlace(Place(name: "강남 스타벅스 리저브", coordinate: Self.seoul))
        let found = try store.search(SearchQuery("강남 ㅅㅌㅂㅅ"))
        #expect(found.map(\.place.name) == ["강남 스타벅스 리저브", "스타벅스 강남역점"])
        #expect(found.map(\.match.kind) == [.mixedChosung, .mixedReadings])
    }

    /// A query that begins a word in enough names is answered from the index's word-start tokens
    /// alone, and ranks as it would with every candidate read: the places holding it inside a
    /// word come after all those where it begins one.
    @Test func wordPrefixMatchesFillTheLimitFirst() throws {
        let temporary = try TemporaryStore()
        var names: [String] = []
        for index in 0..<30 { names.append("성수 호텔\(index)") }
        for index in 0..<30 { names.append("스타호텔\(index)") }
        for name in names { _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul)) }
        let limited = try temporary.store.search(SearchQuery("호텔", near: Self.seoul, limit: 20))
        let all = try temporary.store.search(SearchQuery("호텔", near: Self.seoul, limit: nil))
        #expect(limited.map(\.place.id) == Array(all.prefix(20)).map(\.place.id))
        #expect(limited.allSatisfy { $0.match.kind == .wordPrefix })
        #expect(all.count == 60)
        #expect(all.suffix(30).allSatisfy { $0.match.kind == .substring })
        // The word-start look-up finds only the places where 호텔 begins a word.
        let wordStarts = try temporary.store.read { db in
            try SearchIndex.rowIDs(
                db, table: "search_names",
                expression: .phrase(.init(terms: [.init(text: "#호텔", isPrefix: false)], isComplete: true)))
        }
        #expect(wordStarts == Array(all.prefix(30)).map(\.place.id!).sorted())
    }

    /// Places changed since the index was last updated (another tool's writes) are judged from
    /// their rows by the same rules.
    @Test func pendingPlacesFollowTheSameRules() throws {
        let store = temporary.store
        let other = try SearchIndexSyncTests.foreignConnection(temporary.path)
        try other.write { db in
            try db.execute(sql: "INSERT INTO places(name, geom) VALUES ('H&M 명동', MakePoint(126.98, 37.56, 4326))")
        }
        #expect(try names("hm명동") == ["H&M 명동"])
        #expect(try names("m명동") == ["H&M 명동"])
    }
}
