import Testing

@testable import FootprintHangul

/// The fuzzy readings on hand-built names: each reading and its boundaries (first and last
/// syllable, compound vowels and finals, Latin beside Hangul, one-syllable names).
@Suite struct FuzzyQueryTests {
    func match(_ query: String, _ name: String) -> FuzzyMatch? {
        FuzzyQuery(query).match(SearchableText(name))
    }

    @Test func neighbouringKeysOfTheTwoSetLayout() {
        #expect(DubeolsikKeyboard.areNeighbours("ㅌ", "ㅋ"))
        #expect(DubeolsikKeyboard.areNeighbours("ㅗ", "ㅓ"))
        #expect(DubeolsikKeyboard.areNeighbours("ㄱ", "ㄲ"))
        #expect(DubeolsikKeyboard.areNeighbours("ㅅ", "ㅛ"))
        #expect(!DubeolsikKeyboard.areNeighbours("ㅅ", "ㅈ"))
        #expect(!DubeolsikKeyboard.areNeighbours("ㅌ", "ㅌ"))
        // x touches s, d, z and c: not a, 1.5 key widths away on the staggered row above.
        #expect(DubeolsikKeyboard.neighbours(of: "ㅌ") == ["ㄴ", "ㅇ", "ㅊ", "ㅋ"])
    }

    /// The tables ``DubeolsikKeyboard/areNeighbours(_:_:)`` reads give the rule's answer for every
    /// pair of keystroke jamo, Latin letters of either case, digits and a compound jamo.
    @Test func theNeighbourTablesAgreeWithTheKeyPositions() {
        let scalars: [Unicode.Scalar] =
            Jamo.keystrokeJamo + "aAzZmMqQ19 -".unicodeScalars + ["ㄳ", "ㅘ", "ㆍ", "가", "\u{1100}", "é"]
        for a in scalars {
            for b in scalars {
                #expect(
                    DubeolsikKeyboard.areNeighbours(a, b) == DubeolsikKeyboard.areNeighboursByPosition(a, b),
                    "\(a) \(b)")
            }
        }
    }

    @Test(arguments: [
        // A neighbouring key inside the name, at its start, at its end.
        ("스카벅스", "스타벅스 강남점", MatchPosition.prefix, "ㅌ→ㅋ at 2", 1),
        ("교보문거", "교보문고", .whole, "ㅗ→ㅓ at 4", 1),
        ("그타벅스", "스타벅스", .whole, "ㅅ→ㄱ at 1", 1),
        // Any other key costs a whole edit, still within one.
        ("스타벅즈", "스타벅스", .whole, "ㅅ→ㅈ at 4", 2),
        // A compound vowel and a compound final typed short.
        ("고일가게", "과일가게", .whole, "ㅏ left out at 1", 2),
        ("닥갈비", "춘천 닭갈비", .wordPrefix, "ㄹ left out at 1", 2),
        // Two keys swapped.
        ("간암역", "강남역 2번 출구", .prefix, "ㅇㄴ→ㄴㅇ at 1", 2),
        // Latin beside Hangul.
        ("cgv욘산", "CGV 용산아이파크몰", .prefix, "ㅇ→ㄴ at 4", 1),
    ])
    func typos(query: String, name: String, position: MatchPosition, forgiven: String, cost: Int) throws {
        let found = try #require(match(query, name))
        #expect(found.reading == .typo)
        #expect(found.position == position)
        #expect(found.forgiven == forgiven)
        #expect(found.cost == cost)
    }

    @Test func aTypoBeyondTheBudgetIsNotForgiven() {
        // Two whole edits in a four-syllable query: one is the budget.
        #expect(match("스카벅즈", "스타벅스") == nil)
        // Five syllables and more allow two.
        #expect(match("스카벅즈커피", "스타벅스커피")?.reading == .typo)
        // A query of one syllable, and a one-syllable name, have no typo.
        #expect(match("숲", "숫") == nil)
        #expect(match("숲길", "숲") == nil)
        #expect(!FuzzyQuery("숲").isFuzzy)
        // Lone jamo beside syllables are 초성 or half-typed readings, never fuzzy.
        #expect(!FuzzyQuery("ㅅㅅ 스타벅스").isFuzzy)
        #expect(!FuzzyQuery("희미용ㅅ").isFuzzy)
    }

    @Test func syllablesLeftOutAddedOrSwapped() throws {
        let missing = try #require(match("파리게뜨", "파리바게뜨 광화문점"))
        #expect(missing == FuzzyMatch(reading: .missingSyllable, position: .prefix, forgiven: "바 left out at 3"))
        // The last syllable left out.
        #expect(match("롯데리", "롯데X리아")?.reading != .missingSyllable)
        let added = try #require(match("스타타벅벅스", "스타벅벅스"))
        #expect(added == FuzzyMatch(reading: .extraSyllable, position: .whole, forgiven: "타 added at 3"))
        // Five syllables allow two keys: 스타타벅스 is a typo of 스타벅스 too, ranked below.
        #expect(match("스타타벅스", "스타벅스")?.forgiven == "타 added at 3")
        let swapped = try #require(match("롯리데아", "롯데리아 신촌점"))
        #expect(swapped == FuzzyMatch(reading: .swapped, position: .prefix, forgiven: "데리→리데 at 2"))
        // The last two syllables swapped.
        #expect(match("스타스벅", "스타벅스")?.forgiven == "벅스→스벅 at 3")
        // Never the first syllable: 타스벅스 is not 스타벅스 swapped (타벅스 with 스 added, inside it).
        #expect(
            match("타스벅스", "스타벅스")
                == FuzzyMatch(reading: .extraSyllable, position: .substring, forgiven: "스 added at 2"))
    }

    @Test func abbreviations() throws {
        #expect(
            match("스벅", "스타벅스 강남점")
                == FuzzyMatch(reading: .abbreviation, position: .prefix, forgiven: "abbreviates 스타벅스"))
        #expect(match("파바", "파리바게뜨")?.position == .whole)
        #expect(match("롯리", "신촌 롯데리아")?.position == .wordPrefix)
        #expect(match("롯리", "신촌 롯데리아")?.forgiven == "abbreviates 롯데리아")
        // The first syllable must begin the word, and the word must be longer than the query.
        #expect(match("벅스", "스타벅스")?.reading != .abbreviation)
        #expect(match("스벅", "스벅")?.reading != .abbreviation)
        let chosung = FuzzyQuery("ㅅㅂ")
        #expect(chosung.isChosung)
        #expect(chosung.match(SearchableText("스타벅스")) == nil)
        #expect(
            chosung.chosungAbbreviation(in: SearchableText("스타벅스"))
                == FuzzyMatch(reading: .chosungAbbreviation, position: .whole, forgiven: "abbreviates 스타벅스"))
    }

    @Test func probesOfATypoInTheMiddleUseTheSkipBigram() {
        let probes = FuzzyQuery("스카벅스").probes
        #expect(probes.contains(.pieces([["~스벅", "벅스"]])))
        #expect(probes.contains(.text("롯데리아")) == false)
        #expect(FuzzyQuery("롯리데아").probes.contains(.text("롯데리아")))
        #expect(FuzzyQuery("스벅").probes.contains(.pieces([["^스벅"]])))
        // A 초성 abbreviation: the 초성 bigrams over each middle initial.
        #expect(FuzzyQuery("ㅅㅂ").probes.count == 19)
        #expect(FuzzyQuery("ㅅㅂ").probes.contains(.pieces([["ㅅㅌ", "ㅌㅂ"]])))
        // Bounded: a query of the most scalars makes fewer than 250.
        #expect(FuzzyQuery("가나다라마바사아자차카타파하가나").probes.count < 250)
        #expect(FuzzyQuery("꿻뷁").probes.count < 250)
        // 닭갈비 by the 초성 bigram over its first syllable (the initial kept), beside 갈비.
        #expect(FuzzyQuery("닥갈비").probes.contains(.pieces([["ㄷㄱ", "갈비"]])))
        #expect(FuzzyQuery(String(repeating: "가나", count: 20)).probes.isEmpty)
    }

    /// Any key replaced counts as one edit (a neighbouring one only costs less), at the ends of
    /// a short query too, where the probes spell the syllable out.
    @Test func anyKeyReplacedAtTheEndsOfAShortQuery() throws {
        #expect(
            match("다이스", "다이소 강남점")
                == FuzzyMatch(reading: .typo, position: .prefix, forgiven: "ㅗ→ㅡ at 3", cost: 2))
        #expect(
            match("도이소", "다이소") == FuzzyMatch(reading: .typo, position: .whole, forgiven: "ㅏ→ㅗ at 1", cost: 2))
        #expect(
            match("두썸", "투썸플레이스")
                == FuzzyMatch(reading: .typo, position: .prefix, forgiven: "ㅌ→ㄷ at 1", cost: 2))
        // Three syllables: the rest's bigram beside the 초성 bigram over the end (the initial
        // kept), and the end with each other initial.
        let probes = FuzzyQuery("다이스").probes
        #expect(probes.contains(.pieces([["다이", "ㅇㅅ"]])))
        #expect(probes.contains(.pieces([["ㄷㅇ", "이스"]])))
        #expect(probes.contains(.text("다이츠")))
        #expect(probes.contains(.text("타이스")))
        // Two: every spelling one key away.
        #expect(FuzzyQuery("두썸").probes.contains(.text("투썸")))
        #expect(FuzzyQuery("두썸").probes.contains(.text("두섬")))
        #expect(FuzzyQuery("두썸").probes.contains(.text("두썽")))
    }

    /// A query of several words, one abbreviated (`스벅 강남`), is an abbreviation, not a syllable
    /// added; a syllable typed after the last of a long query is added, not two keys.
    @Test func wordAbbreviationsAndASyllableAddedAtTheEnd() throws {
        #expect(
            match("스벅 강남", "스타벅스 강남역점")
                == FuzzyMatch(reading: .abbreviation, position: .prefix, forgiven: "abbreviates 스타벅스"))
        #expect(
            match("신촌 파바", "신촌 파리바게뜨")
                == FuzzyMatch(reading: .abbreviation, position: .whole, forgiven: "abbreviates 파리바게뜨"))
        let query = FuzzyQuery("스벅 강남")
        #expect(query.rank(of: try #require(query.match(SearchableText("스타벅스 강남역점")))) == 0)
        #expect(query.probes.contains(.pieces([["^스벅"], ["강남"]])))
        #expect(match("스벅 강남", "스타벅스 역삼점") == nil)
        #expect(
            match("스타벅스즈", "스타벅스 강남점")
                == FuzzyMatch(reading: .extraSyllable, position: .prefix, forgiven: "즈 added at 5"))
        // One key explains it: a typo.
        #expect(match("교보문거", "교보문고")?.reading == .typo)
        // Not after two syllables: any third would do.
        #expect(match("다이가", "다이소")?.reading != .missingSyllable)
    }

    @Test func theTokenizerIndexesSkipBigramsAtTheSkippedSyllable() {
        let tokens = SearchTokenizer(options: [.skips]).tokens(in: "스타벅스").map(\.description)
        #expect(
            tokens == [
                "스타@0..<6", "타벅@3..<9", "+~스벅@3..<9", "벅스@6..<12", "+~타스@6..<12", "스@9..<12",
            ])
        // Not across runs, and not in query mode.
        #expect(SearchTokenizer(options: [.skips]).tokens(in: "스타 CGV 벅스").allSatisfy { !$0.text.hasPrefix("~") })
        #expect(
            SearchTokenizer(options: [.skips]).tokens(in: "스타벅스", mode: .query).allSatisfy { !$0.text.hasPrefix("~") })
    }

    /// An abbreviation is looked up by the index's abbreviation tokens of its word: the first
    /// syllable with each later one, whichever syllables of the word it keeps (issue 18:
    /// "first syllable + any later syllables in order within the word").
    @Test func abbreviationProbesUseTheWordsAbbreviationTokens() {
        #expect(FuzzyQuery("동플").abbreviationProbes == [.pieces([["^동플"]])])
        #expect(
            FuzzyQuery("국립박").abbreviationProbes == [
                .pieces([["^국립"], ["^국박"]]), .pieces([["#국립"], ["^국박"]]),
            ])
        // And of the words in the other order (`강남 스벅`), after those of the typed one.
        #expect(
            FuzzyQuery("스벅 강남").abbreviationProbes == [.pieces([["^스벅"], ["강남"]]), .pieces([["^강남"], ["스벅"]])])
        #expect(FuzzyQuery("파리바게뜨").abbreviationProbes.isEmpty)
        #expect(FuzzyQuery("동플").probes.contains(.pieces([["^동플"]])))
        // The matcher holds the same rule: any later syllables, in order, inside one word.
        #expect(match("동플", "동대문디자인플라자")?.reading == .abbreviation)
        #expect(match("국미", "국립현대미술관")?.reading == .abbreviation)
        #expect(match("파뜨", "파리바게뜨 광화문점")?.reading == .abbreviation)
        #expect(match("플동", "동대문디자인플라자")?.reading != .abbreviation)
        #expect(match("스벅", "스타 벅스")?.reading != .abbreviation)
    }

    /// A query allowed two edits (five syllables or more) is looked up by probes that survive
    /// two changed syllables: `교보문거광화뭄` holds 교보문 and, over 거, 문…광화.
    @Test func twoChangedSyllablesOfALongQueryAreProbed() throws {
        let probes = FuzzyQuery("교보문거광화뭄").probes
        #expect(probes.contains(.pieces([["교보", "보문"], ["~문광", "광화"]])))
        #expect(FuzzyQuery.twoChangedProbes(Array("가나다라마".unicodeScalars.map(\.value))).count == 10)
        #expect(FuzzyQuery.twoChangedProbes(Array("가나다라마바사아자".unicodeScalars.map(\.value))).count == 3)
        #expect(FuzzyQuery("가나다라마바사아").probes.count < 250)
        #expect(match("교보문거광화뭄", "교보문고 광화문점")?.reading == .typo)
        #expect(match("스카벅스강냠역점", "스타벅스 강남역점")?.reading == .typo)
    }

    @Test func theTokenizerIndexesAbbreviationTokensInPlaceOfTheThirdSyllablesSkip() {
        let tokens = SearchTokenizer(options: [.bridgesWhitespace, .skips, .abbreviations]).tokens(
            in: "파리바게뜨 강남구청"
        ).map(\.text)
        for token in ["^파바", "^파게", "^파뜨", "~리게", "~바뜨", "~뜨남", "^강구", "^강청"] {
            #expect(tokens.contains(token), "\(token)")
        }
        #expect(!tokens.contains("~파바"))
        #expect(!tokens.contains("~강구"))
        #expect(!tokens.contains { $0.hasPrefix("^파강") || $0.hasPrefix("^파남") })
        // Not across words, not in query mode, not without the option.
        #expect(
            !SearchTokenizer(options: [.bridgesWhitespace, .skips, .abbreviations]).tokens(in: "스타 벅스").contains {
                $0.text.hasPrefix("^")
            })
        #expect(
            SearchTokenizer(options: [.skips, .abbreviations]).tokens(in: "파리바게뜨", mode: .query).allSatisfy {
                !$0.text.hasPrefix("^")
            })
        #expect(SearchTokenizer(options: [.skips]).tokens(in: "파리바게뜨").map(\.text).contains("~파바"))
        // A long word: up to its 16th syllable.
        let long = SearchTokenizer(options: [.abbreviations]).tokens(in: String(repeating: "가", count: 30))
        #expect(long.filter { $0.text.hasPrefix("^") }.count == SearchTokenizer.maximumAbbreviationIndex - 1)
    }
}
