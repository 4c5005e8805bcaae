import Testing

@testable import FootprintHangul

/// Compound vowels and clusters as typed on the 2-set keyboard (KS X 5002).
@Suite struct JamoKeystrokesTests {
    static let compounds: [(Unicode.Scalar, [Unicode.Scalar])] = [
        ("ㅘ", ["ㅗ", "ㅏ"]), ("ㅙ", ["ㅗ", "ㅐ"]), ("ㅚ", ["ㅗ", "ㅣ"]), ("ㅝ", ["ㅜ", "ㅓ"]), ("ㅞ", ["ㅜ", "ㅔ"]),
        ("ㅟ", ["ㅜ", "ㅣ"]), ("ㅢ", ["ㅡ", "ㅣ"]),
        ("ㄳ", ["ㄱ", "ㅅ"]), ("ㄵ", ["ㄴ", "ㅈ"]), ("ㄶ", ["ㄴ", "ㅎ"]), ("ㄺ", ["ㄹ", "ㄱ"]), ("ㄻ", ["ㄹ", "ㅁ"]),
        ("ㄼ", ["ㄹ", "ㅂ"]), ("ㄽ", ["ㄹ", "ㅅ"]), ("ㄾ", ["ㄹ", "ㅌ"]), ("ㄿ", ["ㄹ", "ㅍ"]), ("ㅀ", ["ㄹ", "ㅎ"]),
        ("ㅄ", ["ㅂ", "ㅅ"]),
    ]

    @Test(arguments: compounds)
    func compoundSplitsIntoTwoKeysAndCombinesBack(compound: Unicode.Scalar, keys: [Unicode.Scalar]) {
        #expect(Jamo.keystrokes(of: compound) == keys)
        #expect(Jamo.combining(keys[0], keys[1]) == compound)
        #expect(!Jamo.isKeystroke(compound))
    }

    @Test(arguments: ["ㄲ", "ㄸ", "ㅃ", "ㅆ", "ㅉ", "ㅒ", "ㅖ", "ㄱ", "ㅏ"] as [Unicode.Scalar])
    func shiftedAndPlainJamoAreOneKey(jamo: Unicode.Scalar) {
        #expect(Jamo.keystrokes(of: jamo) == [jamo])
        #expect(Jamo.isKeystroke(jamo))
    }

    @Test func exactlyTheThirtyThreeKeysAreKeystrokes() {
        let keys = (UInt32(0x3131)...0x3163).map { Unicode.Scalar($0)! }.filter(Jamo.isKeystroke)
        #expect(keys == Jamo.keystrokeJamo.sorted { $0.value < $1.value })
        #expect(!Jamo.isKeystroke("a"))
        #expect(Jamo.keystrokes(of: "a") == [])
        #expect(Jamo.keystrokes(of: "가") == [])
    }

    @Test(
        arguments: [("ㄱ", "ㄱ"), ("ㅏ", "ㅗ"), ("ㅗ", "ㅗ"), ("ㄷ", "ㄷ"), ("ㅅ", "ㄱ")] as [(Unicode.Scalar, Unicode.Scalar)])
    func pairsThatDoNotCombine(first: Unicode.Scalar, second: Unicode.Scalar) {
        #expect(Jamo.combining(first, second) == nil)
    }

    @Test(
        arguments: [("ㄱ", "ㄲ"), ("ㄷ", "ㄸ"), ("ㅂ", "ㅃ"), ("ㅅ", "ㅆ"), ("ㅈ", "ㅉ"), ("ㄴ", nil), ("ㄲ", nil)]
            as [(Unicode.Scalar, Unicode.Scalar?)])
    func doubledConsonant(plain: Unicode.Scalar, double: Unicode.Scalar?) {
        #expect(Jamo.doubled(plain) == double)
    }
}
