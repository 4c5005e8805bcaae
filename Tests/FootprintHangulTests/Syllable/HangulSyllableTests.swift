import Testing

@testable import FootprintHangul

/// The syllable formula of Unicode 15.1 section 3.12: `0xAC00 + (L × 21 + V) × 28 + T`.
@Suite struct HangulSyllableTests {
    @Test(
        arguments: [
            ("가", 0, 0, 0), ("각", 0, 0, 1), ("까", 1, 0, 0), ("닭", 3, 0, 9), ("완", 11, 9, 4), ("힣", 18, 20, 27),
            ("꽃", 1, 8, 23), ("빵", 8, 0, 21), ("쌍", 10, 0, 21), ("읽", 11, 20, 9),
        ] as [(Unicode.Scalar, Int, Int, Int)])
    func indicesFollowTheFormula(scalar: Unicode.Scalar, chosung: Int, jungsung: Int, jongsung: Int) throws {
        let syllable = try #require(HangulSyllable(scalar))
        #expect(syllable.chosungIndex == chosung)
        #expect(syllable.jungsungIndex == jungsung)
        #expect(syllable.jongsungIndex == jongsung)
        #expect(scalar.value == 0xAC00 + UInt32((chosung * 21 + jungsung) * 28 + jongsung))
        #expect(try HangulSyllable(chosungIndex: chosung, jungsungIndex: jungsung, jongsungIndex: jongsung) == syllable)
    }

    /// One syllable for each of the 11 final-consonant clusters, plus double consonants and
    /// compound vowels.
    @Test(
        arguments: [
            ("닭", "ㄷ", "ㅏ", "ㄺ"), ("읽", "ㅇ", "ㅣ", "ㄺ"), ("값", "ㄱ", "ㅏ", "ㅄ"), ("않", "ㅇ", "ㅏ", "ㄶ"),
            ("삶", "ㅅ", "ㅏ", "ㄻ"), ("넋", "ㄴ", "ㅓ", "ㄳ"), ("앉", "ㅇ", "ㅏ", "ㄵ"), ("덟", "ㄷ", "ㅓ", "ㄼ"),
            ("곬", "ㄱ", "ㅗ", "ㄽ"), ("핥", "ㅎ", "ㅏ", "ㄾ"), ("읊", "ㅇ", "ㅡ", "ㄿ"), ("싫", "ㅅ", "ㅣ", "ㅀ"),
            ("꽃", "ㄲ", "ㅗ", "ㅊ"), ("빵", "ㅃ", "ㅏ", "ㅇ"), ("쌍", "ㅆ", "ㅏ", "ㅇ"), ("완", "ㅇ", "ㅘ", "ㄴ"),
            ("의", "ㅇ", "ㅢ", nil), ("뷁", "ㅂ", "ㅞ", "ㄺ"), ("스", "ㅅ", "ㅡ", nil),
        ] as [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar?)])
    func decomposesIntoCompatibilityJamo(
        scalar: Unicode.Scalar, chosung: Unicode.Scalar, jungsung: Unicode.Scalar, jongsung: Unicode.Scalar?
    ) throws {
        let syllable = try #require(HangulSyllable(scalar))
        #expect(syllable.chosung == chosung)
        #expect(syllable.jungsung == jungsung)
        #expect(syllable.jongsung == jongsung)
        #expect(try HangulSyllable(chosung: chosung, jungsung: jungsung, jongsung: jongsung) == syllable)
    }

    @Test(
        arguments: [
            ("닭", "ㄷㅏㄹㄱ"), ("완", "ㅇㅗㅏㄴ"), ("꽃", "ㄲㅗㅊ"), ("괜", "ㄱㅗㅐㄴ"), ("뷁", "ㅂㅜㅔㄹㄱ"), ("의", "ㅇㅡㅣ"),
            ("가", "ㄱㅏ"), ("얘", "ㅇㅒ"), ("값", "ㄱㅏㅂㅅ"),
        ] as [(Unicode.Scalar, String)])
    func keystrokesSplitCompounds(scalar: Unicode.Scalar, keys: String) throws {
        let syllable = try #require(HangulSyllable(scalar))
        #expect(String(String.UnicodeScalarView(syllable.keystrokes)) == keys)
    }

    @Test func conjoiningAndCompatibilityForms() throws {
        let syllable = try #require(HangulSyllable("닭"))
        #expect(syllable.conjoiningJamo == ["\u{1103}", "\u{1161}", "\u{11B0}"])
        #expect(syllable.compatibilityJamo == ["ㄷ", "ㅏ", "ㄺ"])
        #expect(syllable.withoutJongsung.scalar == "다")
        #expect(HangulSyllable("가")?.conjoiningJamo == ["\u{1100}", "\u{1161}"])
    }

    @Test func rejectsWhatIsNotASyllable() {
        #expect(HangulSyllable("a") == nil)
        #expect(HangulSyllable("ㄱ") == nil)
        #expect(HangulSyllable("\u{ABFF}") == nil)
        #expect(HangulSyllable("\u{D7A4}") == nil)
        #expect(throws: FootprintHangulError.notASyllable("a")) { try HangulSyllable(character: "a") }
        #expect(throws: FootprintHangulError.notASyllable("ㄱ")) { try HangulSyllable(character: "ㄱ") }
        #expect(throws: FootprintHangulError.jamoIndexOutOfRange(.chosung, 19)) {
            try HangulSyllable(chosungIndex: 19, jungsungIndex: 0)
        }
        #expect(throws: FootprintHangulError.jamoIndexOutOfRange(.jungsung, 21)) {
            try HangulSyllable(chosungIndex: 0, jungsungIndex: 21)
        }
        #expect(throws: FootprintHangulError.jamoIndexOutOfRange(.jongsung, 28)) {
            try HangulSyllable(chosungIndex: 0, jungsungIndex: 0, jongsungIndex: 28)
        }
        #expect(throws: FootprintHangulError.notAJamo("ㅏ", .chosung)) {
            try HangulSyllable(chosung: "ㅏ", jungsung: "ㅏ")
        }
        #expect(throws: FootprintHangulError.notAJamo("ㄱ", .jungsung)) {
            try HangulSyllable(chosung: "ㄱ", jungsung: "ㄱ")
        }
        #expect(throws: FootprintHangulError.notAJamo("ㄸ", .jongsung)) {
            try HangulSyllable(chosung: "ㄱ", jungsung: "ㅏ", jongsung: "ㄸ")
        }
    }

    @Test func characterInitializerComposesDecomposedInput() throws {
        #expect(try HangulSyllable(character: "\u{1100}\u{1161}\u{11A8}").scalar == "각")
        #expect(try HangulSyllable(character: "가").scalar == "가")
    }

    @Test func allCasesAreTheElevenThousandSyllablesInOrder() {
        #expect(HangulSyllable.allCases.count == 11_172)
        #expect(HangulSyllable.allCases.first?.scalar == HangulSyllable.firstScalar)
        #expect(HangulSyllable.allCases.last?.scalar == HangulSyllable.lastScalar)
        #expect(zip(HangulSyllable.allCases, HangulSyllable.allCases.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// KS X 1001 has 2,350 Hangul syllables.
    @Test func commonSyllablesAreTheKSX1001Set() {
        #expect(HangulSyllable.allCases.filter(\.isCommon).count == 2350)
        for common in "가각닭꽃빵쌍완료스타벅해얗" { #expect(try! HangulSyllable(character: common).isCommon, "\(common)") }
        for rare in "갃앻뷁똠쌰펲냣" { #expect(try! !HangulSyllable(character: rare).isCommon, "\(rare)") }
    }

    /// Every syllable, decomposed every way this module can, composes back to itself.
    @Test func everySyllableRoundTripsThroughEveryDecomposition() throws {
        for syllable in HangulSyllable.allCases {
            let rebuilt = try HangulSyllable(
                chosungIndex: syllable.chosungIndex, jungsungIndex: syllable.jungsungIndex,
                jongsungIndex: syllable.jongsungIndex)
            #expect(rebuilt == syllable)
            let fromJamo = try HangulSyllable(
                chosung: syllable.chosung, jungsung: syllable.jungsung, jongsung: syllable.jongsung)
            #expect(fromJamo == syllable)
            let text = String(syllable.scalar)
            #expect(HangulNormalization.normalized(String(String.UnicodeScalarView(syllable.conjoiningJamo))) == text)
            #expect(HangulComposer.compose(String(String.UnicodeScalarView(syllable.compatibilityJamo))) == text)
            #expect(HangulComposer.compose(String(String.UnicodeScalarView(syllable.keystrokes))) == text)
            #expect((2...5).contains(syllable.keystrokes.count))
            #expect(syllable.withoutJongsung.jongsungIndex == 0)
            #expect(syllable.withoutJongsung.chosungIndex == syllable.chosungIndex)
        }
    }
}
