/// Tables and conversions for jamo (자모), the letters of the Hangul alphabet.
///
/// A jamo has two encodings in Unicode: **compatibility jamo** (U+3131–U+318E, the block
/// "Hangul Compatibility Jamo"), one code point per letter with no position, which is what a
/// keyboard types on its own (`ㅅㅌㅂㅅ`); and **conjoining jamo** (U+1100–U+11FF plus the
/// extended blocks U+A960–U+A97F and U+D7B0–U+D7FF), with a separate code point for each position,
/// which canonical decomposition (NFD) produces and NFC composes back into syllables. This module
/// speaks compatibility jamo in its public API, because that is what people type and read.
public enum Jamo {
    /// The 19 modern `chosung` (초성 — initial consonants) in the order of the syllable formula,
    /// as compatibility jamo (Unicode 15.1 section 3.12, table 3-7 `Jamo_Short_Name` order).
    public static let chosungs: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// The 21 modern `jungsung` (중성 — medial vowels) in the order of the syllable formula.
    public static let jungsungs: [Unicode.Scalar] = [
        "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅘ", "ㅙ", "ㅚ", "ㅛ", "ㅜ", "ㅝ", "ㅞ", "ㅟ", "ㅠ", "ㅡ", "ㅢ", "ㅣ",
    ]

    /// The 27 modern `jongsung` (종성 — final consonants) in the order of the syllable formula; the
    /// jamo at array index `i` has jongsung index `i + 1`, index 0 meaning "no final consonant".
    public static let jongsungs: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ",
        "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Whether the scalar is in the Hangul Compatibility Jamo block (U+3131–U+318E), archaic
    /// letters included.
    public static func isCompatibilityJamo(_ scalar: Unicode.Scalar) -> Bool {
        (0x3131...0x318E).contains(scalar.value)
    }

    /// Whether the scalar is a modern compatibility consonant (U+3131 ㄱ – U+314E ㅎ): the 19
    /// chosung plus the final-consonant clusters ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ.
    public static func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
        (0x3131...0x314E).contains(scalar.value)
    }

    /// Whether the scalar is a modern compatibility vowel (U+314F ㅏ – U+3163 ㅣ).
    public static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        (0x314F...0x3163).contains(scalar.value)
    }

    /// Whether the scalar is a conjoining jamo: Hangul Jamo (U+1100–U+11FF), Hangul Jamo
    /// Extended-A (U+A960–U+A97F) or Extended-B (U+D7B0–U+D7FF).
    public static func isConjoiningJamo(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    /// The index of a compatibility jamo at a position (0-based; jongsung indices start at 1, as in
    /// the syllable formula), or `nil` when the jamo cannot take that position — a vowel as chosung,
    /// `ㄸ` `ㅃ` `ㅉ` as jongsung, a cluster such as `ㄳ` as chosung.
    public static func index(of jamo: Unicode.Scalar, as position: JamoPosition) -> Int? {
        let offset = Int(jamo.value) &- 0x3131
        guard offset >= 0 && offset < Tables.modernCount else { return nil }
        let index: Int8
        switch position {
        case .chosung: index = Tables.chosungIndex[offset]
        case .jungsung: index = Tables.jungsungIndex[offset]
        case .jongsung: index = Tables.jongsungIndex[offset]
        }
        return index < 0 ? nil : Int(index)
    }

    /// The conjoining jamo for a modern compatibility jamo at a position (`ㄱ` as chosung is U+1100,
    /// as jongsung U+11A8), or `nil` when the jamo cannot take that position.
    public static func conjoining(_ jamo: Unicode.Scalar, as position: JamoPosition) -> Unicode.Scalar? {
        guard let index = index(of: jamo, as: position) else { return nil }
        switch position {
        case .chosung: return Unicode.Scalar(0x1100 + UInt32(index))
        case .jungsung: return Unicode.Scalar(0x1161 + UInt32(index))
        case .jongsung: return Unicode.Scalar(0x11A7 + UInt32(index))
        }
    }

    /// The conjoining jamo a compatibility jamo stands for by itself, archaic letters included:
    /// its Unicode compatibility decomposition (`ㄱ` → U+1100, `ㄳ` → U+11AA, `ㅿ` → U+1140), or
    /// `nil` for a scalar outside U+3131–U+318E. The Hangul filler U+3164 gives U+1160.
    public static func conjoining(_ jamo: Unicode.Scalar) -> Unicode.Scalar? {
        let offset = Int(jamo.value) &- 0x3131
        guard offset >= 0 && offset < Tables.compatibilityDecomposition.count else { return nil }
        return Unicode.Scalar(Tables.compatibilityDecomposition[offset])
    }

    /// The compatibility jamo for a conjoining jamo (U+1100 and U+11A8 both give `ㄱ`), or `nil`
    /// when Unicode has no compatibility letter for it (most archaic jamo) or the scalar is not a
    /// conjoining jamo.
    public static func compatibility(_ conjoining: Unicode.Scalar) -> Unicode.Scalar? {
        let value = conjoining.value
        switch value {
        case 0x1100...0x1112: return chosungs[Int(value - 0x1100)]
        case 0x1161...0x1175: return jungsungs[Int(value - 0x1161)]
        case 0x11A8...0x11C2: return jongsungs[Int(value - 0x11A8)]
        default: return Tables.compatibilityForArchaic[value].flatMap(Unicode.Scalar.init)
        }
    }
}

extension Jamo {
    /// Lookup tables built once from the public arrays, indexed by `scalar - 0x3131`.
    enum Tables {
        /// U+3131 ㄱ … U+3163 ㅣ: the 51 modern compatibility jamo.
        static let modernCount = 51

        static let chosungIndex: [Int8] = indexTable(Jamo.chosungs, base: 0)
        static let jungsungIndex: [Int8] = indexTable(Jamo.jungsungs, base: 0)
        static let jongsungIndex: [Int8] = indexTable(Jamo.jongsungs, base: 1)

        private static func indexTable(_ jamo: [Unicode.Scalar], base: Int) -> [Int8] {
            var table = [Int8](repeating: -1, count: modernCount)
            for (index, scalar) in jamo.enumerated() { table[Int(scalar.value) - 0x3131] = Int8(index + base) }
            return table
        }

        /// The compatibility decomposition (NFKD) of U+3131…U+318E, from UnicodeData.txt 14.0
        /// (generated with Python's `unicodedata.normalize("NFKD", …)`).
        static let compatibilityDecomposition: [UInt32] = [
            0x1100, 0x1101, 0x11AA, 0x1102, 0x11AC, 0x11AD, 0x1103, 0x1104, 0x1105, 0x11B0,
            0x11B1, 0x11B2, 0x11B3, 0x11B4, 0x11B5, 0x111A, 0x1106, 0x1107, 0x1108, 0x1121,
            0x1109, 0x110A, 0x110B, 0x110C, 0x110D, 0x110E, 0x110F, 0x1110, 0x1111, 0x1112,
            0x1161, 0x1162, 0x1163, 0x1164, 0x1165, 0x1166, 0x1167, 0x1168, 0x1169, 0x116A,
            0x116B, 0x116C, 0x116D, 0x116E, 0x116F, 0x1170, 0x1171, 0x1172, 0x1173, 0x1174,
            0x1175, 0x1160, 0x1114, 0x1115, 0x11C7, 0x11C8, 0x11CC, 0x11CE, 0x11D3, 0x11D7,
            0x11D9, 0x111C, 0x11DD, 0x11DF, 0x111D, 0x111E, 0x1120, 0x1122, 0x1123, 0x1127,
            0x1129, 0x112B, 0x112C, 0x112D, 0x112E, 0x112F, 0x1132, 0x1136, 0x1140, 0x1147,
            0x114C, 0x11F1, 0x11F2, 0x1157, 0x1158, 0x1159, 0x1184, 0x1185, 0x1188, 0x1191,
            0x1192, 0x1194, 0x119E, 0x11A1,
        ]

        /// The inverse of `compatibilityDecomposition` for the conjoining jamo outside the modern
        /// L/V/T ranges (archaic letters and the modern clusters' chosung forms U+111A and U+1121).
        static let compatibilityForArchaic: [UInt32: UInt32] = {
            var inverse: [UInt32: UInt32] = [:]
            for (offset, conjoining) in compatibilityDecomposition.enumerated() {
                let isModern =
                    (0x1100...0x1112).contains(conjoining) || (0x1161...0x1175).contains(conjoining)
                    || (0x11A8...0x11C2).contains(conjoining)
                if !isModern && conjoining != 0x1160 { inverse[conjoining] = 0x3131 + UInt32(offset) }
            }
            return inverse
        }()
    }
}
