import Testing

@testable import FootprintHangul

@Suite struct KeyboardMistypeTests {
    @Test(arguments: [
        ("tmxkqjrtm", "스타벅스"), ("Rkcl", "까치"), ("dkssudgktpdy", "안녕하세요"), ("dhksfy", "완료"), ("rkdskadur", "강남역"),
        ("dlakxm24", "이마트24"), ("ekfrrkfql", "닭갈비"), ("Tkdansehd", "쌍문동"), ("tmxkqjrtm rkdska", "스타벅스 강남"),
        ("ｔｍｘｋｑｊｒｔｍ", "스타벅스"),
    ])
    func latinTypedInEnglishModeReadsAsHangul(query: String, reading: String) throws {
        let best = try #require(KeyboardMistype.alternativeReadings(of: query).first)
        #expect(best.text == reading)
        #expect(best.direction == .hangulFromLatinKeys)
        #expect(best.isLikely)
    }

    /// Words typed in different modes are read one by one: a Latin name kept, the mistyped
    /// word read.
    @Test(arguments: [
        ("CGV rkdska", "CGV 강남", KeyboardReading.Direction.hangulFromLatinKeys),
        ("GS25 durtkawja", "GS25 역삼점", .hangulFromLatinKeys), ("ㅊㅎㅍ 강남", "cgv 강남", .latinFromHangulKeys),
        ("ㅊㅎㅍ rkdska", "cgv 강남", .latinFromHangulKeys),  // one word mistyped each way
        ("CGV r", "CGV ㄱ", .hangulFromLatinKeys),  // the last word's first keystroke
    ])
    func wordsTypedInDifferentModesAreReadOneByOne(
        query: String, reading: String, direction: KeyboardReading.Direction
    ) throws {
        let readings = KeyboardMistype.alternativeReadings(of: query)
        let mixed = try #require(readings.first { $0.text == reading })
        #expect(mixed.direction == direction)
        #expect(mixed.confidence >= KeyboardMistype.minimumConfidence)
        #expect(!readings.contains { $0.text == query })
    }

    @Test func autocapitalizedFirstLetterAlsoReadsLowercase() {
        let readings = KeyboardMistype.alternativeReadings(of: "Tmxkqjrtm").map(\.text)
        #expect(readings == ["쓰타벅스", "스타벅스"])
    }

    @Test func halfTypedLastSyllableStillReads() throws {
        let reading = try #require(KeyboardMistype.alternativeReadings(of: "tmxkqjrt").first)
        #expect(reading.text == "스타벇")  // 벅 + ㅅ still being typed
        #expect(reading.isLikely)
    }

    @Test(arguments: [("ㅊㅎㅍ", "cgv", 0.5), ("ㅗ디ㅣㅐ", "hello", 0.9), ("ㅎㄴ25", "gs25", 0.5), ("뷁", "qnpfr", 0.7)])
    func hangulTypedInKoreanModeReadsAsLatin(query: String, reading: String, confidence: Double) throws {
        let best = try #require(KeyboardMistype.alternativeReadings(of: query).first)
        #expect(best.text == reading)
        #expect(best.direction == .latinFromHangulKeys)
        #expect(best.confidence == confidence)
    }

    /// A Latin letter or two glued to a mistyped word are kept as typed.
    @Test(arguments: [("Ntjdnfxkdnj", "N서울타워"), ("tmxkqjrtmKR", "스타벅스KR"), ("KTrhkdghkans", "KT광화문")])
    func lettersGluedToAMistypedWordAreKept(query: String, reading: String) throws {
        let best = try #require(KeyboardMistype.alternativeReadings(of: query).first)
        #expect(best.text == reading)
        #expect(best.direction == .hangulFromLatinKeys)
        #expect(best.isLikely)
    }

    @Test func aGluedLetterIsReadWordByWord() {
        #expect(KeyboardMistype.alternativeReadings(of: "Ntjdnfxkdnj rkdska").contains { $0.text == "N서울타워 강남" })
    }

    /// Ordinary English words and brand names are not Korean typed in the wrong mode: their
    /// vowels a, e are consonant keys, so they leave lone jamo.
    @Test(arguments: [
        "cafe", "starbucks", "gs25", "CGV", "hello", "coffee", "mcdonalds", "seoul", "hotel", "park", "emart", "olive",
        "subway", "google", "apple", "pizza", "burger", "bar", "pub", "gym", "book", "cinema", "museum", "market",
    ])
    func englishWordsHaveNoReading(word: String) {
        #expect(KeyboardMistype.alternativeReadings(of: word).isEmpty)
    }

    /// A few short words do compose into syllables by chance; they are offered but not likely.
    @Test(arguments: [("go", "해"), ("do", "애"), ("got", "햇"), ("dog", "앻")])
    func shortWordsThatComposeAreUnlikely(word: String, reading: String) throws {
        let best = try #require(KeyboardMistype.alternativeReadings(of: word).first)
        #expect(best.text == reading)
        #expect(!best.isLikely)
    }

    @Test(arguments: ["스타벅스", "강남역", "까치", "희미용ㅅ", "", "123", "emart"])
    func ordinaryKoreanAndNonWordsHaveNoReading(query: String) {
        #expect(KeyboardMistype.alternativeReadings(of: query).isEmpty)
    }
}
