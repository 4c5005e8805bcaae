import Testing

@testable import FootprintHangul

@Suite struct HangulQueryTests {
    @Test(arguments: [
        // Literal text, spaces ignored on both sides.
        ("스타벅스", "스타벅스", MatchRule.exact, MatchPosition.whole), ("스타벅스", "스타벅스 강남역점", .exact, .prefix),
        ("강남", "스타벅스 강남역점", .exact, .wordPrefix), ("남역", "스타벅스 강남역점", .exact, .substring),
        ("스타벅스 강남", "스타벅스강남역점", .exact, .prefix), ("스타벅스강남", "스타벅스 강남점", .exact, .prefix),
        ("cgv", "CGV 강남", .exact, .prefix), ("CGV 강남", "CGV강남", .exact, .whole), ("강남", "CGV강남", .exact, .wordPrefix),
        ("＃야경", "#야경", .exact, .whole), ("스타벅", "스타벅스", .exact, .prefix), ("닭", "닭갈비", .exact, .prefix),
        ("24", "이마트24 합정점", .exact, .wordPrefix), ("카 페", "동네카페", .exact, .substring),
        // 초성 (initial consonants).
        ("ㅅㅌㅂㅅ", "스타벅스", .chosung, .whole), ("ㅅㅌㅂㅅ", "스타벅스 강남역점", .chosung, .prefix),
        ("ㄱㄴㅇ", "스타벅스 강남역점", .chosung, .wordPrefix), ("ㄲㅈ", "꽃집", .chosung, .whole),
        ("ㅃㅈ", "동네빵집", .chosung, .substring), ("ㅆㅁㄷ", "쌍문동", .chosung, .whole), ("ㄳ", "감사", .chosung, .whole),
        ("ㅅ ㅌ ㅂ ㅅ", "스타벅스", .chosung, .whole), ("ㅋㅋ", "ㅋㅋ 오락실", .exact, .prefix),
        // Mixed.
        ("스ㅌㅂ", "스타벅스", .mixedChosung, .prefix), ("ㅅ타벅스", "스타벅스", .mixedChosung, .whole),
        ("ㅅㅌ벅", "스타벅스", .mixedChosung, .prefix), ("ㅅㅌ버", "스타벅스", .mixedChosung, .prefix),
        ("cgvㄱㄴ", "CGV 강남", .mixedChosung, .whole),
        // A last syllable still being typed, in both IME forms.
        ("강나", "강남", .partialSyllable, .whole), ("강나", "강남역", .partialSyllable, .prefix),
        ("강나", "스타벅스 강남점", .partialSyllable, .wordPrefix), ("제잇", "제이샵", .partialSyllable, .whole),
        ("희미용ㅅ", "희미용실", .partialSyllable, .whole), ("닭", "달걀 가게", .partialSyllable, .prefix),
        ("일", "읽다 서점", .partialSyllable, .prefix), ("고", "과일가게", .partialSyllable, .prefix),
        ("안녕하셍", "안녕하세요", .partialSyllable, .whole), ("스타벇", "스타벅스", .partialSyllable, .whole),
        // Double consonants typed as two plain ones.
        ("ㅅㅅㅁㄷ", "쌍문동", .doubledConsonant, .whole), ("ㄱㄱㅊ", "꼬치구이", .doubledConsonant, .prefix),
        ("ㄱㄱ", "까치", .doubledConsonant, .prefix), ("ㄲ", "까치", .chosung, .prefix),
        // Keyboard in the wrong mode.
        ("tmxkqjrtm", "스타벅스 강남역점", .keyboardMistype, .prefix), ("Rkcl", "까치", .keyboardMistype, .whole),
        ("rkdska", "강남", .keyboardMistype, .whole), ("rkdsk", "강남역", .keyboardMistype, .prefix),
        ("ㅊㅎㅍ", "CGV 강남", .keyboardMistype, .prefix), ("dhksfy", "완료", .keyboardMistype, .whole),
        ("ㅎㄴ25", "GS25 역삼점", .keyboardMistype, .prefix),
    ])
    func matches(query: String, candidate: String, rule: MatchRule, position: MatchPosition) {
        let match = HangulQuery(query).match(candidate)
        #expect(match?.rule == rule)
        #expect(match?.position == position)
    }

    @Test(arguments: [
        ("ㄱㅊ", "까치"), ("ㄲㅊ", "가치 갤러리"), ("까", "가게"), ("강나", "강북구청"), ("제잇", "제주 흑돼지"), ("카페", "카드"),
        ("cafe", "카페"), ("스타벅스", "스타"), ("", "스타벅스"), ("   ", "스타벅스"), ("ㅏ", "가"), ("스ㅏ", "스타"),
        ("ㄱ", "까치"), ("희미용ㅅ", "희미용 미용실"),
    ])
    func doesNotMatch(query: String, candidate: String) {
        #expect(HangulQuery(query).match(candidate) == nil)
    }

    /// Any input is literal text: long strings, FTS syntax, emoji, lone jamo never fail.
    @Test(arguments: [
        String(repeating: "ㄱ", count: 10_000), String(repeating: "스타벅스", count: 2_500),
        String(repeating: "a", count: 10_000),
        String(repeating: "ㅅ타", count: 5_000), "\"*-^:NEAR AND OR NOT()", "😀", "ㅏ", "-카페",
    ])
    func anyQueryIsHandled(query: String) {
        let analysed = HangulQuery(query)
        #expect(!analysed.patterns.isEmpty)
        #expect(analysed.match("스타벅스 강남역점") == nil || query.count < 100)
        #expect(analysed.match(query)?.rule == .exact)
    }

    @Test func mistypeMatchNamesItsReading() {
        #expect(HangulQuery("tmxkqjrtm").match("스타벅스")?.reading == "스타벅스")
        #expect(HangulQuery("ㅊㅎㅍ").match("CGV")?.reading == "cgv")
        #expect(HangulQuery("스타벅스").match("스타벅스")?.reading == nil)
    }

    @Test func queryDescribesItself() {
        let query = HangulQuery(" 스ㅌㅂ ")
        #expect(query.text == " 스ㅌㅂ ")
        #expect(query.normalized == "스ㅌㅂ")
        #expect(query.chosungShape == .mixed)
        #expect(!query.isEmpty)
        #expect(HangulQuery(" ").isEmpty)
        #expect(HangulQuery(" ").patterns.isEmpty)
        #expect(HangulQuery("tmxkqjrtm").readings.map(\.text) == ["스타벅스"])
    }

    /// A query longer than ``HangulQuery/maximumReadScalars`` (spaces left out) is pasted text,
    /// searched for as written: no 초성, half-typed or keyboard reading, however it is shaped.
    @Test func aLongQueryHasNoReadings() {
        let bound = HangulQuery.maximumReadScalars
        let chosung = String(repeating: "ㅅ", count: bound)
        #expect(HangulQuery(chosung).patterns.contains { $0.rule == .chosung })
        #expect(HangulQuery(chosung).chosungShape == .chosungOnly)
        let keys = String(repeating: "rk", count: bound / 2)
        #expect(!HangulQuery(keys).readings.isEmpty)
        for text in [chosung + "ㅅ", keys + "r", String(repeating: "가 ", count: bound + 1), keys + " " + chosung] {
            let query = HangulQuery(text)
            #expect(query.readings.isEmpty, "\(text.prefix(8))…")
            #expect(query.patterns.map(\.rule) == [.exact], "\(text.prefix(8))…")
            #expect(query.chosungShape == ChosungQueryShape.none)
            #expect(
                query.match(text.replacingOccurrences(of: " ", with: "")) == HangulMatch(rule: .exact, position: .whole)
            )
        }
    }

    /// Ranking: exact name > name prefix > word prefix > substring > the Korean readings.
    @Test func ranksCandidatesAsTheArchitectureOrders() {
        let query = HangulQuery("강남")
        let candidates = ["신강남 노래방", "강남역", "CGV 강남", "강남", "강북구청", "가나다 남산", "스타벅스 강남점"]
        let ranked = candidates.compactMap { name in query.match(name).map { (name, $0) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        #expect(ranked == ["강남", "강남역", "CGV 강남", "스타벅스 강남점", "신강남 노래방"])
        #expect(HangulMatch(rule: .exact, position: .substring) < HangulMatch(rule: .chosung, position: .whole))
        #expect(MatchRule.allCases == MatchRule.allCases.sorted())
        #expect(
            MatchRule.allCases.map(\.description) == [
                "exact", "chosung", "mixed_chosung", "partial_syllable", "doubled_consonant", "keyboard_mistype",
            ])
        #expect(MatchPosition.allCases.map(\.description) == ["whole", "prefix", "word_prefix", "substring"])
    }

    /// The quality bar: a literal query finds exactly the texts that contain it with spaces
    /// removed from both — against a plain `String.contains` scan, every substring of every name,
    /// tried on every name.
    @Test func exactRuleAgreesWithAContainsScan() {
        let names = KoreanPlaceNames.all
        let normalizedNames = names.map(HangulNormalization.searchNormalized)
        var queries = Set<String>()
        for name in normalizedNames {
            let scalars = Array(name.unicodeScalars)
            for start in scalars.indices {
                for end in (start + 1)...min(scalars.count, start + 4) {
                    queries.insert(String(String.UnicodeScalarView(scalars[start..<end])))
                }
            }
        }
        for queryText in queries {
            let query = HangulQuery(queryText)
            for (name, normalized) in zip(names, normalizedNames) {
                let isExact = query.match(name)?.rule == .exact
                #expect(isExact == normalized.contains(queryText), "\(queryText) in \(name)")
            }
        }
    }

    /// Whatever an IME shows while a name is being typed — after every keystroke — finds the name
    /// as a prefix (or whole).
    @Test(arguments: KoreanPlaceNames.all)
    func everyStateWhileTypingANameFindsIt(name: String) throws {
        var composer = HangulComposer()
        for key in DubeolsikKeyboard.keystrokes(of: HangulNormalization.searchNormalized(name)).unicodeScalars {
            composer.type(key)
            let match = try #require(HangulQuery(composer.text).match(name), "\(composer.text) → \(name)")
            #expect(match.position <= .prefix, "\(composer.text) → \(name)")
        }
    }

    /// The same, typed with the keyboard in English mode: every prefix of the keys that composes
    /// to at least one whole syllable, with nothing Latin in the name, finds the name.
    /// Names of KS X 1001 syllables only: a rare syllable on the way (`붸` while typing `뷁`) is
    /// rightly not read as Korean.
    @Test(
        arguments: KoreanPlaceNames.all.filter { name in
            name.unicodeScalars.allSatisfy { HangulSyllable($0)?.isCommon ?? ($0 == " ") }
        })
    func everyPrefixOfTheKeysFindsTheName(name: String) {
        let keys = Array(DubeolsikKeyboard.keys(for: HangulNormalization.searchNormalized(name)))
        for length in 2...keys.count {
            let typed = String(keys[..<length])
            guard
                DubeolsikKeyboard.hangul(fromKeys: typed).unicodeScalars.contains(where: { HangulSyllable($0) != nil })
            else { continue }
            let match = HangulQuery(typed).match(name)
            #expect(
                match?.rule == .keyboardMistype, "\(typed) (\(DubeolsikKeyboard.hangul(fromKeys: typed))) → \(name)")
        }
    }

    /// 초성 of every run of syllables of every name finds the name.
    @Test func chosungOfEverySubstringFindsTheName() {
        for name in KoreanPlaceNames.all {
            let syllables = Array(HangulNormalization.searchNormalized(name).unicodeScalars)
            for start in syllables.indices {
                for end in (start + 1)...syllables.count {
                    let slice = syllables[start..<end]
                    guard slice.allSatisfy({ HangulSyllable($0) != nil }) else { continue }
                    let chosung = Chosung.of(String(String.UnicodeScalarView(slice)))
                    let match = HangulQuery(chosung).match(name)
                    #expect(match != nil && match!.rule <= .chosung, "\(chosung) → \(name)")
                }
            }
        }
    }

    /// The completions of a half-typed syllable, read from packed keystroke tables, are the
    /// syllables of its chosung whose keystrokes begin with its own, compared as arrays of
    /// scalars: every vowel and final under three chosungs (the chosung only shifts the ranges).
    @Test(arguments: ["ㄱ", "ㅆ", "ㅎ"] as [Unicode.Scalar])
    func completionsAreTheSyllablesWhoseKeystrokesBeginWithTheSyllables(chosung: Unicode.Scalar) {
        let chosungIndex = Jamo.chosungs.firstIndex(of: chosung)!
        for offset in 0..<588 {
            let syllable = HangulSyllable(uncheckedValue: 0xAC00 + UInt32(chosungIndex * 588 + offset))
            var expected: [Unicode.Scalar] = []
            for other in 0..<588 {
                let candidate = HangulSyllable(uncheckedValue: 0xAC00 + UInt32(chosungIndex * 588 + other))
                if candidate.keystrokes.starts(with: syllable.keystrokes) { expected.append(candidate.scalar) }
            }
            let completions = HangulQuery.completions(of: syllable)
            var found: [Unicode.Scalar] = []
            for case .syllable(let ranges) in completions.compactMap({ $0.count == 1 ? $0[0] : nil }) {
                for range in ranges {
                    for value in range.lowerBound.value...range.upperBound.value {
                        found.append(Unicode.Scalar(value)!)
                    }
                }
            }
            // A syllable nothing extends (`과` … `괗` extend `고`; `갃` extends nothing) has no range.
            #expect(found == (expected.count > 1 ? expected : []), "\(syllable.scalar)")
        }
    }
}
