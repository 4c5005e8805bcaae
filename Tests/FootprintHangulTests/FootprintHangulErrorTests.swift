import Testing

@testable import FootprintHangul

@Suite struct FootprintHangulErrorTests {
    @Test func describesTheCharacter() {
        #expect(FootprintHangulError.notASyllable("a").description == "“a” is not a Hangul syllable.")
    }
}
