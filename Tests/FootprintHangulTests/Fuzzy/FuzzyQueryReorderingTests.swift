import Testing

@testable import FootprintHangul

/// A query's words read in other orders (``FuzzyQuery/reorderings``) and the labels of
/// queries of several words.
@Suite struct FuzzyQueryReorderingTests {
    func match(_ query: String, _ name: String) -> FuzzyMatch? {
        FuzzyQuery(query).match(SearchableText(name))
    }

    @Test func aTypoInWordsOfAnotherOrderIsForgiven() {
        #expect(
            match("강남역 스카벅스", "스타벅스 강남역점")
                == FuzzyMatch(reading: .typo, position: .prefix, forgiven: "ㅌ→ㅋ at 5", cost: 1))
        // Positions count in the query as typed (`교보문거` is its fourth to seventh syllables).
        #expect(match("광화문 교보문거", "교보문고 광화문점")?.forgiven == "ㅗ→ㅓ at 7")
        #expect(match("카패 서울숲", "서울숲 카페")?.forgiven == "ㅔ→ㅐ at 2")
        #expect(match("광화문점 교보 문거", "교보문고 광화문점")?.forgiven == "ㅗ→ㅓ at 8")
        // Three words: each rotation.
        #expect(match("광화문점 교보 문거", "교보문고 광화문점")?.reading == .typo)
        // The order typed, when it matches, is the one reported.
        #expect(match("스카벅스 강남역", "스타벅스 강남역점")?.forgiven == "ㅌ→ㅋ at 2")
        // Without the typo's word in the name, nothing.
        #expect(match("역삼역 스카벅스", "스타벅스 강남역점") == nil)
    }

    @Test func theOrdersReadAreBounded() {
        #expect(FuzzyQuery("스카벅스").reorderings.isEmpty)
        #expect(FuzzyQuery("강남역 스카벅스").reorderings.map(\.normalized) == ["스카벅스강남역"])
        #expect(FuzzyQuery("가나 다라 마바").reorderings.map(\.normalized) == ["다라마바가나", "마바가나다라"])
        #expect(FuzzyQuery("가나 다라 마바 사아").reorderings.isEmpty)
        // Every order's probes, each once, within three times one order's.
        let query = FuzzyQuery("강남역 스카벅스")
        #expect(query.probes.count == Set(query.probes).count)
        #expect(query.probes.contains(.pieces([["~스벅", "벅스", "스강", "강남", "남역"]])))
        #expect(query.probes.count <= 3 * 250)
        // Three orders and three words read apart, each under 250 look-ups.
        for text in ["가나 다라 마바", "꿻뷁 뷁꿻 꿼뷃", "가나다라마 바사아자차 카타파하가나"] {
            #expect(FuzzyQuery(text).probes.count < 6 * 250, "\(text)")
        }
    }

    /// A query of several words reads as its first word alone: an abbreviation ranks first only
    /// when that word has two syllables.
    @Test func aQueryOfSeveralWordsIsLabelledAsItsFirstWord() {
        #expect(match("파리게뜨", "파리바게뜨 도곡점")?.reading == .missingSyllable)
        #expect(match("파리게뜨 도곡", "파리바게뜨 도곡점")?.reading == .missingSyllable)
        #expect(FuzzyQuery("파리게뜨 도곡").abbreviationRanksFirst == false)
        #expect(FuzzyQuery("스벅 강남").abbreviationRanksFirst)
        #expect(FuzzyQuery("파바").abbreviationRanksFirst)
        #expect(match("스벅 강남", "스타벅스 강남역점")?.position == .prefix)
        #expect(match("스벅 강남역점", "스타벅스 강남역점")?.position == .whole)
        #expect(match("신촌 파바", "신촌 파리바게뜨")?.position == .whole)
    }
}
