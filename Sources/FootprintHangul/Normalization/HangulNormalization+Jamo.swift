extension HangulNormalization {
    /// `text` with every Hangul letter written as conjoining jamo (U+1100–U+11FF): syllables
    /// decomposed as NFD does (`닭` → U+1103 U+1161 U+11B0) and compatibility jamo replaced by
    /// their compatibility decomposition (`ㄱ` → U+1100 choseong, `ㄳ` → U+11AA jongseong, as
    /// UnicodeData.txt maps them). Other scalars are kept. ``normalized(_:)`` composes the result
    /// back (a compatibility jamo comes back as itself unless a vowel follows it).
    public static func conjoiningJamo(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let syllable = HangulSyllable(scalar) {
                scalars.append(contentsOf: syllable.conjoiningJamo)
            } else {
                scalars.append(Jamo.conjoining(scalar) ?? scalar)
            }
        }
        return String(scalars)
    }

    /// `text` with every Hangul letter written as compatibility jamo (U+3131–U+318E), one per
    /// jamo, compound vowels and clusters kept whole: `닭갈비` → `ㄷㅏㄺㄱㅏㄹㅂㅣ`, conjoining
    /// jamo → their compatibility letter (`ᄀ` → `ㄱ`; an archaic one without a compatibility letter
    /// is kept). Other scalars are kept. For the 2-set keystrokes, with compounds split, see
    /// ``DubeolsikKeyboard/keystrokes(of:)``.
    public static func compatibilityJamo(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let syllable = HangulSyllable(scalar) {
                scalars.append(contentsOf: syllable.compatibilityJamo)
            } else if Jamo.isConjoiningJamo(scalar) {
                scalars.append(Jamo.compatibility(scalar) ?? scalar)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
