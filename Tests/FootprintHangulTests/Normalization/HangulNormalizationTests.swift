import Testing

@testable import FootprintHangul

/// NFC per UAX #15; width folding per the `<wide>`/`<narrow>` mappings of UnicodeData.txt.
@Suite struct HangulNormalizationTests {
    @Test(arguments: [
        ("＃카페", "#카페"), ("ＣＧＶ", "CGV"), ("ｃｇｖ　강남", "cgv 강남"), ("１２３", "123"), ("～！", "~!"),
        ("\u{1100}\u{1161}", "가"), ("\u{1100}\u{1161}\u{11A8}", "각"), ("가\u{11A8}", "각"),
        ("\u{1103}\u{1161}\u{11B0}\u{1100}\u{1161}\u{11AF}\u{1107}\u{1175}", "닭갈비"),
        ("\u{1100}", "ㄱ"), ("\u{11A8}", "ㄱ"), ("\u{1100}\u{1100}", "ㄱㄱ"), ("\u{1161}", "ㅏ"),
        ("\u{FFA1}\u{FFC2}", "ㄱㅏ"), ("\u{FFBE}\u{FFDC}", "ㅎㅣ"), ("\u{3164}가", "가"), ("\u{FFA0}나", "나"),
        ("e\u{301}", "é"), ("Café", "Café"), ("스타벅스 강남", "스타벅스 강남"), ("㈜카카오", "㈜카카오"), ("", ""),
        ("Ω", "Ω"),  // U+2126 OHM SIGN is canonically U+03A9
    ])
    func normalized(input: String, expected: String) {
        #expect(Array(HangulNormalization.normalized(input).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test(arguments: [
        ("스타벅스 강남점", "스타벅스강남점"), ("ＣＧＶ 강남", "cgv강남"), ("  Star Bucks\t", "starbucks"), ("＃야경", "야경"),
        ("ÄÖÜ", "aou"), ("Café Noir", "cafenoir"), ("Ñandú Ŝ Ḩ", "nandush"), ("\u{1112}\u{1174}\u{1106}\u{1175}", "희미"),
        ("가\u{200B}나", "가나"), ("가\u{00A0}나", "가나"),
        ("가\n나\u{3000}다", "가나다"), ("ㅅ ㅌ ㅂ ㅅ", "ㅅㅌㅂㅅ"), ("GS25", "gs25"), ("", ""),
        // Default_Ignorable_Code_Point (soft hyphen, zero-width joiner and non-joiner, word
        // joiner, variation selector) and controls (C0, DEL, C1) are skipped like spaces.
        ("별\u{00AD}빛", "별빛"), ("카\u{200D}페\u{200C}", "카페"), ("a\u{2060}b\u{FE0F}", "ab"), ("\u{1}카\u{7F}페\u{85}", "카페"),
        // Punctuation, symbols and emoji are skipped like spaces, unless there is nothing else.
        ("카페-온", "카페온"), ("KT&G", "ktg"), ("스타벅스 (강남)", "스타벅스강남"), ("😀 카페!", "카페"), ("-_-", "-_-"),
        (" 😀 ", "😀"), ("“ ”", "“”"),
    ])
    func searchNormalized(input: String, expected: String) {
        #expect(HangulNormalization.searchNormalized(input) == expected)
        #expect(HangulNormalization.searchNormalized(expected) == expected)
    }

    /// Text already in normal form is returned as it is; text with anything to fold, drop or
    /// compose is not taken for it, and its normal form is.
    @Test func textAlreadyNormalizedIsRecognised() {
        for text in ["스타벅스 강남역점", "CGV 강남", "ㅅㅌㅂㅅ", "카페 #야경", "東京 cafe", "", "\u{FFFD}카페 😀"] {
            #expect(HangulNormalization.isNormalized(text), "\(text)")
            #expect(HangulNormalization.normalized(text) == text)
        }
        let composed = String(Unicode.Scalar(0xAC00)!) + String(Unicode.Scalar(0x11A8)!)  // 가 + ᆨ → 각
        for text in ["ＣＧＶ", "카페\u{3000}온", "ᄀ", "\u{1100}\u{1161}", composed, "cafe\u{301}", "ﾡ", "가\u{3164}나"] {
            #expect(!HangulNormalization.isNormalized(text), "\(text.unicodeScalars.map(\.value))")
            let normalized = HangulNormalization.normalized(text)
            #expect(HangulNormalization.isNormalized(normalized), "\(normalized.unicodeScalars.map(\.value))")
        }
        #expect(HangulNormalization.normalized(composed) == "각")
    }

    @Test func symbolsOnlyTextIsToldApart() {
        #expect(HangulNormalization.isSymbolsOnly("-_-"))
        #expect(HangulNormalization.isSymbolsOnly(" 😀 "))
        #expect(!HangulNormalization.isSymbolsOnly("카페-온"))
        #expect(!HangulNormalization.isSymbolsOnly("  "))
        #expect(HangulNormalization.searchNormalized("카페-온", keepingSymbols: true) == "카페-온")
    }

    @Test(arguments: [
        ("닭", "\u{1103}\u{1161}\u{11B0}"), ("ㄱ", "\u{1100}"), ("ㄳ", "\u{11AA}"), ("a가", "a\u{1100}\u{1161}"),
        ("ㅘ", "\u{116A}"),
    ])
    func conjoiningJamo(input: String, expected: String) {
        #expect(Array(HangulNormalization.conjoiningJamo(input).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test(arguments: [
        ("닭갈비", "ㄷㅏㄺㄱㅏㄹㅂㅣ"), ("\u{1100}\u{1161}", "ㄱㅏ"), ("\u{11A8}", "ㄱ"), ("완료", "ㅇㅘㄴㄹㅛ"),
        ("CGV 강남", "CGV ㄱㅏㅇㄴㅏㅁ"),
    ])
    func compatibilityJamo(input: String, expected: String) {
        #expect(HangulNormalization.compatibilityJamo(input) == expected)
    }

    @Test func everySyllableSurvivesConjoiningJamoAndNFC() {
        for syllable in HangulSyllable.allCases {
            let text = String(syllable.scalar)
            #expect(HangulNormalization.normalized(HangulNormalization.conjoiningJamo(text)) == text)
            #expect(HangulComposer.compose(HangulNormalization.compatibilityJamo(text)) == text)
        }
    }

    @Test func lonelyCompatibilityJamoComeBackFromConjoiningForm() {
        for value in UInt32(0x3131)...0x3163 {
            let text = String(Unicode.Scalar(value)!)
            #expect(HangulNormalization.normalized(HangulNormalization.conjoiningJamo(text)) == text)
        }
    }

    @Test func wordStartsAreMarked() {
        var starts: [String] = []
        var current = ""
        HangulNormalization.forEachSearchScalar(in: "CGV강남 스타벅스(역삼) 7eleven") { scalar, startsWord in
            if startsWord && !current.isEmpty {
                starts.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
        }
        starts.append(current)
        // Punctuation is skipped like a space; letters and digits make one word.
        #expect(starts == ["cgv", "강남", "스타벅스", "역삼", "7eleven"])
    }
}
