import Testing

@testable import FootprintHangul

/// The KS X 5002 2-set layout on QWERTY.
@Suite struct DubeolsikKeyboardTests {
    static let words: [(String, String)] = [
        ("스타벅스", "tmxkqjrtm"), ("까치", "Rkcl"), ("안녕하세요", "dkssudgktpdy"), ("완료", "dhksfy"), ("닭갈비", "ekfrrkfql"),
        ("읽다", "dlfrek"), ("강남역", "rkdskadur"), ("제이샵", "wpdltiq"), ("희미용실", "gmlaldydtlf"), ("꽃집", "Rhcwlq"),
        ("빵집", "Qkdwlq"), ("쌍문동", "Tkdansehd"), ("얘기", "dOrl"), ("예", "dP"), ("짜장면", "Wkwkdaus"), ("따릉이", "Ekfmddl"),
        ("뷁", "qnpfr"), ("한글", "gksrmf"), ("반갑습니다", "qksrkqtmqslek"), ("값", "rkqt"), ("괜찮아", "rhoscksgdk"),
        ("이마트24", "dlakxm24"), ("가가", "rkrk"), ("과일", "rhkdlf"),
    ]

    @Test(arguments: words)
    func hangulToKeysAndBack(hangul: String, keys: String) {
        #expect(DubeolsikKeyboard.keys(for: hangul) == keys)
        #expect(DubeolsikKeyboard.hangul(fromKeys: keys) == hangul)
    }

    @Test(arguments: [
        ("ㅊㅎㅍ", "cgv"), ("ㄸ", "E"), ("ㅉ", "W"), ("ㅒ", "O"), ("ㄳ", "rt"), ("ㅘ", "hk"), ("ㄺ", "fr"), ("ㅗ디ㅣㅐ", "hello"),
        ("CGV 강남", "CGV rkdska"), ("#야경", "#dirud"), ("\u{1100}\u{1161}", "rk"),
    ])
    func keysForOtherText(text: String, keys: String) {
        #expect(DubeolsikKeyboard.keys(for: text) == keys)
    }

    @Test(arguments: [
        ("RKCL", "까치"), ("rt", "ㄳ"), ("rtk", "ㄱ사"), ("ekfrl", "달기"), ("hello", "ㅗ디ㅣㅐ"), ("cafe", "ㅊㅁㄹㄷ"),
        ("rr", "ㄱㄱ"), ("hk", "ㅘ"), ("", ""), ("tmxkqjrtm 강남", "스타벅스 강남"), ("rk-rk", "가-가"),
    ])
    func hangulFromOtherKeys(keys: String, hangul: String) {
        #expect(DubeolsikKeyboard.hangul(fromKeys: keys) == hangul)
    }

    @Test(arguments: [("강남", "ㄱㅏㅇㄴㅏㅁ"), ("닭", "ㄷㅏㄹㄱ"), ("완료", "ㅇㅗㅏㄴㄹㅛ"), ("제이샵", "ㅈㅔㅇㅣㅅㅑㅂ"), ("CGV", "CGV")])
    func keystrokesAsJamo(text: String, keystrokes: String) {
        #expect(DubeolsikKeyboard.keystrokes(of: text) == keystrokes)
    }

    @Test func everyKeyAndJamoCorrespond() throws {
        for jamo in Jamo.keystrokeJamo {
            let key = try #require(DubeolsikKeyboard.key(forJamo: jamo))
            #expect(DubeolsikKeyboard.jamo(forKey: key) == jamo)
        }
        for ascii in UInt8(ascii: "a")...UInt8(ascii: "z") {
            let key = Character(Unicode.Scalar(ascii))
            let jamo = try #require(DubeolsikKeyboard.jamo(forKey: key))
            #expect(DubeolsikKeyboard.key(forJamo: jamo) == key)
        }
        #expect(DubeolsikKeyboard.jamo(forKey: "K") == "ㅏ")
        #expect(DubeolsikKeyboard.jamo(forKey: "R") == "ㄲ")
        #expect(DubeolsikKeyboard.jamo(forKey: "1") == nil)
        #expect(DubeolsikKeyboard.key(forJamo: "ㅘ") == nil)
    }

    /// Every syllable's keys type it back.
    @Test func everySyllableRoundTripsThroughKeys() {
        for syllable in HangulSyllable.allCases {
            let text = String(syllable.scalar)
            let keys = DubeolsikKeyboard.keys(for: text)
            #expect(DubeolsikKeyboard.hangul(fromKeys: keys) == text)
            #expect(DubeolsikKeyboard.keys(for: DubeolsikKeyboard.hangul(fromKeys: keys)) == keys)
        }
    }

    /// Every syllable followed by a syllable of each initial: the pairs where a final could be
    /// taken by the next syllable or a cluster be split. 11,172 × 19 pairs.
    @Test func everySyllableBeforeEveryInitialRoundTripsThroughKeys() {
        let followers = Jamo.chosungs.map { try! HangulSyllable(chosung: $0, jungsung: "ㅏ").scalar }
        for syllable in HangulSyllable.allCases {
            for follower in followers {
                var text = String(syllable.scalar)
                text.unicodeScalars.append(follower)
                #expect(DubeolsikKeyboard.hangul(fromKeys: DubeolsikKeyboard.keys(for: text)) == text)
            }
        }
    }
}
