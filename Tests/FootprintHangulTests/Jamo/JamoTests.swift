import Testing

@testable import FootprintHangul

/// Tables checked against Unicode 15.1 section 3.12 and UnicodeData.txt.
@Suite struct JamoTests {
    @Test func tablesHaveTheUnicodeCounts() {
        #expect(Jamo.chosungs.count == 19)  // LCount
        #expect(Jamo.jungsungs.count == 21)  // VCount
        #expect(Jamo.jongsungs.count == 27)  // TCount − 1
        #expect(Jamo.keystrokeJamo.count == 33)
        #expect(JamoPosition.allCases.map(\.count) == [19, 21, 28])
    }

    @Test(
        arguments: [
            ("ㄱ", JamoPosition.chosung, 0), ("ㄲ", .chosung, 1), ("ㅎ", .chosung, 18), ("ㅆ", .chosung, 10),
            ("ㄳ", .chosung, nil), ("ㅏ", .chosung, nil), ("a", .chosung, nil),
            ("ㅏ", .jungsung, 0), ("ㅘ", .jungsung, 9), ("ㅣ", .jungsung, 20), ("ㄱ", .jungsung, nil),
            ("ㄱ", .jongsung, 1), ("ㄲ", .jongsung, 2), ("ㄺ", .jongsung, 9), ("ㅎ", .jongsung, 27),
            ("ㄸ", .jongsung, nil), ("ㅃ", .jongsung, nil), ("ㅉ", .jongsung, nil), ("ㅏ", .jongsung, nil),
        ] as [(Unicode.Scalar, JamoPosition, Int?)])
    func indexOfJamoAtPosition(jamo: Unicode.Scalar, position: JamoPosition, index: Int?) {
        #expect(Jamo.index(of: jamo, as: position) == index)
    }

    @Test(
        arguments: [
            ("ㄱ", JamoPosition.chosung, "\u{1100}"), ("ㄱ", .jongsung, "\u{11A8}"), ("ㅎ", .chosung, "\u{1112}"),
            ("ㅎ", .jongsung, "\u{11C2}"), ("ㅘ", .jungsung, "\u{116A}"), ("ㄺ", .jongsung, "\u{11B0}"),
            ("ㅄ", .jongsung, "\u{11B9}"), ("ㅣ", .jungsung, "\u{1175}"),
        ] as [(Unicode.Scalar, JamoPosition, Unicode.Scalar)])
    func conjoiningFormAtPosition(jamo: Unicode.Scalar, position: JamoPosition, conjoining: Unicode.Scalar) {
        #expect(Jamo.conjoining(jamo, as: position) == conjoining)
        #expect(Jamo.compatibility(conjoining) == jamo)
    }

    /// UnicodeData.txt's `<compat>` decompositions of the Hangul Compatibility Jamo block.
    @Test(
        arguments: [
            ("ㄱ", "\u{1100}"), ("ㄳ", "\u{11AA}"), ("ㅀ", "\u{111A}"), ("ㅄ", "\u{1121}"), ("ㅏ", "\u{1161}"),
            ("ㅿ", "\u{1140}"), ("ㆍ", "\u{119E}"), ("\u{3164}", "\u{1160}"),
        ] as [(Unicode.Scalar, Unicode.Scalar)])
    func compatibilityDecomposition(jamo: Unicode.Scalar, conjoining: Unicode.Scalar) {
        #expect(Jamo.conjoining(jamo) == conjoining)
    }

    @Test func everyCompatibilityJamoRoundTripsThroughItsConjoiningForm() {
        for value in UInt32(0x3131)...0x318E where value != 0x3164 {
            let jamo = Unicode.Scalar(value)!
            let conjoining = try! #require(Jamo.conjoining(jamo))
            #expect(Jamo.isConjoiningJamo(conjoining))
            #expect(Jamo.compatibility(conjoining) == jamo, "U+\(String(value, radix: 16))")
        }
    }

    @Test func everyModernJamoRoundTripsAtEveryPositionItCanTake() {
        for position in JamoPosition.allCases {
            let jamo = position == .chosung ? Jamo.chosungs : position == .jungsung ? Jamo.jungsungs : Jamo.jongsungs
            for scalar in jamo {
                let conjoining = try! #require(Jamo.conjoining(scalar, as: position))
                #expect(Jamo.compatibility(conjoining) == scalar)
            }
        }
    }

    @Test(
        arguments: [
            ("a", false, false, false, false), ("ㄱ", true, true, false, false), ("ㅏ", true, false, true, false),
            ("ㅿ", true, false, false, false), ("\u{1100}", false, false, false, true),
            ("\u{A960}", false, false, false, true),
            ("\u{D7B0}", false, false, false, true), ("가", false, false, false, false),
        ] as [(Unicode.Scalar, Bool, Bool, Bool, Bool)])
    func classification(scalar: Unicode.Scalar, compatibility: Bool, consonant: Bool, vowel: Bool, conjoining: Bool) {
        #expect(Jamo.isCompatibilityJamo(scalar) == compatibility)
        #expect(Jamo.isConsonant(scalar) == consonant)
        #expect(Jamo.isVowel(scalar) == vowel)
        #expect(Jamo.isConjoiningJamo(scalar) == conjoining)
    }

    @Test func conjoiningJamoWithoutACompatibilityLetterHasNone() {
        #expect(Jamo.compatibility("\u{1113}") == nil)  // ᄓ NIEUN-KIYEOK
        #expect(Jamo.compatibility("a") == nil)
        #expect(Jamo.conjoining("a") == nil)
    }
}
