import Testing

@testable import FootprintHangul

@Suite struct FootprintHangulErrorTests {
    @Test(arguments: [
        (FootprintHangulError.notASyllable("a"), "The character “a” is not a Hangul syllable."),
        (.jamoIndexOutOfRange(.chosung, 19), "The chosung (initial consonant) index 19 is out of range; use 0 to 18."),
        (.jamoIndexOutOfRange(.jongsung, -1), "The jongsung (final consonant) index -1 is out of range; use 0 to 27."),
        (
            .notAJamo("ㅏ", .chosung),
            "The jamo “ㅏ” cannot be a chosung (initial consonant); use a modern compatibility jamo that can."
        ),
        (
            .notAJamo("ㄸ", .jongsung),
            "The jamo “ㄸ” cannot be a jongsung (final consonant); use a modern compatibility jamo that can."
        ),
    ])
    func describesTheProblemInOneSentence(error: FootprintHangulError, description: String) {
        #expect(error.description == description)
    }
}
