import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The fuzzy readings through the index (issue 18): each found, ranked below every literal
/// match, off with `exact`, and only looked for when the literal ones leave room.
@Suite struct SearchFuzzyTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    static let placeNames = [
        "스타벅스 강남역점", "교보문고 광화문점", "파리바게뜨 신촌점", "롯데리아 홍대점", "투썸플레이스 합정", "스카이 라운지",
        "파마 헤어", "닭갈비 골목", "숲", "CGV 용산아이파크몰", "다이소 명동역점",
    ]

    let temporary: TemporaryStore

    init() throws {
        temporary = try TemporaryStore()
        for name in Self.placeNames {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul))
        }
        #expect(try temporary.store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM place_changes") } == 0)
    }

    func first(_ text: String, exact: Bool = false) throws -> SearchResult? {
        try temporary.store.search(SearchQuery(text, exact: exact)).first
    }

    @Test(arguments: [
        ("스카벅스", "스타벅스 강남역점", "typo/prefix", "ㅌ→ㅋ at 2"),
        ("교보문거", "교보문고 광화문점", "typo/prefix", "ㅗ→ㅓ at 4"),
        // A last syllable ending in ㅗ or ㅜ may still take a vowel (ㅘ, ㅝ): the half-typed
        // reading reads the name first and turns it down; the typo reading must still judge it.
        ("교보문구", "교보문고 광화문점", "typo/prefix", "ㅗ→ㅜ at 4"),
        ("스타벅수", "스타벅스 강남역점", "typo/prefix", "ㅡ→ㅜ at 4"),
        ("파리게뜨", "파리바게뜨 신촌점", "missing_syllable/prefix", "바 left out at 3"),
        ("롯리데아", "롯데리아 홍대점", "swapped/prefix", "데리→리데 at 2"),
        ("스벅", "스타벅스 강남역점", "abbreviation/prefix", "abbreviates 스타벅스"),
        ("파바", "파리바게뜨 신촌점", "abbreviation/prefix", "abbreviates 파리바게뜨"),
        ("롯리", "롯데리아 홍대점", "abbreviation/prefix", "abbreviates 롯데리아"),
        ("닥갈비", "닭갈비 골목", "typo/prefix", "ㄹ left out at 1"),
        ("cgv욘산", "CGV 용산아이파크몰", "typo/prefix", "ㅇ→ㄴ at 4"),
        ("ㅅㅂ", "스타벅스 강남역점", "chosung_abbreviation/prefix", "abbreviates 스타벅스"),
        // Any key, not only a neighbouring one, at the ends of a short query.
        ("다이스", "다이소 명동역점", "typo/prefix", "ㅗ→ㅡ at 3"),
        ("도이소", "다이소 명동역점", "typo/prefix", "ㅏ→ㅗ at 1"),
        ("다이초", "다이소 명동역점", "typo/prefix", "ㅅ→ㅊ at 3"),
        ("두썸", "투썸플레이스 합정", "typo/prefix", "ㅌ→ㄷ at 1"),
        ("스벅 강남", "스타벅스 강남역점", "abbreviation/prefix", "abbreviates 스타벅스"),
        ("스타벅스즈", "스타벅스 강남역점", "extra_syllable/prefix", "즈 added at 5"),
    ])
    func eachReadingIsFoundThroughTheIndex(query: String, name: String, match: String, forgiven: String) throws {
        let result = try #require(try first(query))
        #expect(result.place.name == name)
        #expect(result.match.description == match)
        #expect(result.match.forgiven == forgiven)
        #expect(try first(query, exact: true)?.match.forgiven == nil)
    }

    @Test func aLiteralMatchIsNeverRankedBelowAFuzzyOne() throws {
        _ = try temporary.store.addPlace(Place(name: "스카벅스 팬클럽", coordinate: Self.seoul))
        let results = try temporary.store.search(SearchQuery("스카벅스"))
        #expect(results.map(\.place.name) == ["스카벅스 팬클럽", "스타벅스 강남역점"])
        #expect(results.map(\.match.kind) == [.prefix, .typo])
        #expect(results[0].score > results[1].score)
        // The literal match fills the limit: no fuzzy look-up at all.
        #expect(try temporary.store.search(SearchQuery("스카벅스", limit: 1)).map(\.match.kind) == [.prefix])
    }

    @Test func aFuzzyReadingRanksBelowAMatchInAnotherField() throws {
        var place = Place(name: "동네 빵집", coordinate: Self.seoul)
        place.note = "파리게뜨 맞은편"
        _ = try temporary.store.addPlace(place)
        let results = try temporary.store.search(SearchQuery("파리게뜨"))
        #expect(results.map(\.place.name) == ["동네 빵집", "파리바게뜨 신촌점"])
    }

    @Test func aTwoSyllableAbbreviationRanksAboveANameOneSlipAway() throws {
        // 파마 is one key from 파바 (ㅂ and ㅁ are neighbours).
        let results = try temporary.store.search(SearchQuery("파바"))
        #expect(results.map(\.place.name).prefix(2) == ["파리바게뜨 신촌점", "파마 헤어"])
        #expect(results.map(\.match.kind).prefix(2) == [.abbreviation, .typo])
    }

    @Test func placesChangedSinceTheIndexWasUpdatedAreForgivenToo() throws {
        // Written by another tool (SpatiaLite, no Footprint tokenizer): pending until the next
        // Footprint write, judged from its row.
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.loadSpatiaLite() }
        let foreign = try DatabaseQueue(path: temporary.path, configuration: configuration)
        try foreign.write { db in
            try db.execute(sql: "INSERT INTO places(name, geom) VALUES ('이디야커피 연남점', MakePoint(126.92, 37.56, 4326))")
        }
        try foreign.close()
        let reader = try FootprintStore.open(at: temporary.path, mode: .readOnly)
        let result = try #require(try reader.search(SearchQuery("이디야카피")).first)
        #expect(result.place.name == "이디야커피 연남점")
        #expect(result.match.kind == .typo)
    }

    @Test(arguments: [String(repeating: "스카벅스 ", count: 300), "😀스카벅스😀", "스카\u{0007}벅스", "\"스카*벅스\" OR -NEAR(", "ㅅ"])
    func hostileQueriesStayText(_ text: String) throws {
        _ = try temporary.store.search(SearchQuery(text))
        _ = try temporary.store.search(SearchQuery(text, exact: true))
    }
}
