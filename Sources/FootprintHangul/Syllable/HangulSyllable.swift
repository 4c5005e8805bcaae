/// A precomposed modern Hangul syllable (U+AC00 가 – U+D7A3 힣), the block a Korean writer sees as
/// one letter: a `chosung` (초성 — initial consonant), a `jungsung` (중성 — medial vowel) and an
/// optional `jongsung` (종성 — final consonant).
///
/// The code point is `0xAC00 + (chosung × 21 + jungsung) × 28 + jongsung` (Unicode 15.1,
/// section 3.12 "Conjoining Jamo Behavior", `SBase`, `VCount`, `TCount`), so decomposition and
/// composition are arithmetic, not table lookups.
public struct HangulSyllable: Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// U+AC00 가, `SBase` in Unicode 15.1 section 3.12.
    public static let firstScalar: Unicode.Scalar = "\u{AC00}"
    /// U+D7A3 힣, the last of the 11,172 syllables.
    public static let lastScalar: Unicode.Scalar = "\u{D7A3}"
    /// 11,172 = 19 × 21 × 28 (`SCount`).
    public static let count = 11_172

    /// All 11,172 syllables in code point order.
    public static let allCases: [HangulSyllable] = (0..<UInt32(count)).map {
        HangulSyllable(uncheckedValue: 0xAC00 + $0)
    }

    /// The syllable's code point.
    public let scalar: Unicode.Scalar

    /// The syllable that `scalar` is, or `nil` for any scalar outside U+AC00–U+D7A3.
    public init?(_ scalar: Unicode.Scalar) {
        guard Self.contains(scalar.value) else { return nil }
        self.scalar = scalar
    }

    /// The syllable that `character` is; throws ``FootprintHangulError/notASyllable(_:)`` unless it
    /// is a single precomposed syllable (a decomposed `가` written as U+1100 U+1161 is first
    /// composed by NFC, as Swift's `Character` comparison does).
    public init(character: Character) throws(FootprintHangulError) {
        let scalars = String(character).precomposedHangul
        guard scalars.count == 1, let syllable = HangulSyllable(scalars[0]) else {
            throw .notASyllable(character)
        }
        self = syllable
    }

    /// Composes a syllable from its jamo indices (jongsung 0 meaning no final consonant).
    public init(chosungIndex: Int, jungsungIndex: Int, jongsungIndex: Int = 0) throws(FootprintHangulError) {
        guard (0..<19).contains(chosungIndex) else { throw .jamoIndexOutOfRange(.chosung, chosungIndex) }
        guard (0..<21).contains(jungsungIndex) else { throw .jamoIndexOutOfRange(.jungsung, jungsungIndex) }
        guard (0..<28).contains(jongsungIndex) else { throw .jamoIndexOutOfRange(.jongsung, jongsungIndex) }
        self.init(uncheckedChosung: chosungIndex, jungsung: jungsungIndex, jongsung: jongsungIndex)
    }

    /// Composes a syllable from compatibility jamo: `ㄷ`, `ㅏ`, `ㄺ` → `닭`. Compound vowels and
    /// clusters are given as one jamo (`ㅘ`, `ㄺ`), as in the syllable itself.
    public init(
        chosung: Unicode.Scalar, jungsung: Unicode.Scalar, jongsung: Unicode.Scalar? = nil
    ) throws(FootprintHangulError) {
        guard let initial = Jamo.index(of: chosung, as: .chosung) else { throw .notAJamo(chosung, .chosung) }
        guard let medial = Jamo.index(of: jungsung, as: .jungsung) else { throw .notAJamo(jungsung, .jungsung) }
        var final = 0
        if let jongsung {
            guard let index = Jamo.index(of: jongsung, as: .jongsung) else { throw .notAJamo(jongsung, .jongsung) }
            final = index
        }
        self.init(uncheckedChosung: initial, jungsung: medial, jongsung: final)
    }

    init(uncheckedValue value: UInt32) {
        scalar = Unicode.Scalar(value)!
    }

    init(uncheckedChosung chosung: Int, jungsung: Int, jongsung: Int) {
        self.init(uncheckedValue: 0xAC00 + UInt32((chosung * 21 + jungsung) * 28 + jongsung))
    }

    static func contains(_ value: UInt32) -> Bool { value &- 0xAC00 < 11_172 }

    private var offset: Int { Int(scalar.value - 0xAC00) }

    /// 0–18, the position of the `chosung` (초성 — initial consonant) in ``Jamo/chosungs``.
    public var chosungIndex: Int { offset / (21 * 28) }
    /// 0–20, the position of the `jungsung` (중성 — medial vowel) in ``Jamo/jungsungs``.
    public var jungsungIndex: Int { offset % (21 * 28) / 28 }
    /// 0–27; 0 when the syllable has no `jongsung` (종성 — final consonant).
    public var jongsungIndex: Int { offset % 28 }

    /// The `chosung` (초성 — initial consonant) as a compatibility jamo: `닭` → `ㄷ`.
    public var chosung: Unicode.Scalar { Jamo.chosungs[chosungIndex] }
    /// The `jungsung` (중성 — medial vowel) as a compatibility jamo: `완` → `ㅘ`.
    public var jungsung: Unicode.Scalar { Jamo.jungsungs[jungsungIndex] }
    /// The `jongsung` (종성 — final consonant) as a compatibility jamo (`닭` → `ㄺ`), or `nil`.
    public var jongsung: Unicode.Scalar? {
        let index = jongsungIndex
        return index == 0 ? nil : Jamo.jongsungs[index - 1]
    }

    /// The same syllable without its jongsung: `닭` → `다`.
    public var withoutJongsung: HangulSyllable {
        HangulSyllable(uncheckedValue: scalar.value - UInt32(jongsungIndex))
    }

    /// The syllable's canonical decomposition (NFD): two or three conjoining jamo,
    /// `닭` → U+1103 U+1161 U+11B0.
    public var conjoiningJamo: [Unicode.Scalar] {
        var jamo = [Unicode.Scalar(0x1100 + UInt32(chosungIndex))!, Unicode.Scalar(0x1161 + UInt32(jungsungIndex))!]
        if jongsungIndex > 0 { jamo.append(Unicode.Scalar(0x11A7 + UInt32(jongsungIndex))!) }
        return jamo
    }

    /// The syllable as two or three compatibility jamo, compound vowels and clusters kept whole:
    /// `닭` → `[ㄷ, ㅏ, ㄺ]`.
    public var compatibilityJamo: [Unicode.Scalar] {
        var jamo = [chosung, jungsung]
        if let jongsung { jamo.append(jongsung) }
        return jamo
    }

    /// The jamo keys typed for this syllable on the 2-set keyboard, in order: compound vowels and
    /// clusters split (`완` → `[ㅇ, ㅗ, ㅏ, ㄴ]`, `닭` → `[ㄷ, ㅏ, ㄹ, ㄱ]`), double consonants kept
    /// as one Shift key (`까` → `[ㄲ, ㅏ]`). Two to five keystrokes.
    public var keystrokes: [Unicode.Scalar] {
        var keys = [chosung]
        keys += Jamo.keystrokes(of: jungsung)
        if let jongsung { keys += Jamo.keystrokes(of: jongsung) }
        return keys
    }

    /// Whether the syllable is one of the 2,350 in KS X 1001 (the Hangul of EUC-KR), a proxy for
    /// "occurs in ordinary Korean text": `닭`, `꽃` are, `갃`, `뷁` are not.
    public var isCommon: Bool { HangulSyllable.isCommon(offset: offset) }

    public var description: String { String(scalar) }

    public static func < (lhs: HangulSyllable, rhs: HangulSyllable) -> Bool { lhs.scalar.value < rhs.scalar.value }
}

extension String {
    /// The scalars of `self` with Hangul composed (NFC), used where one character must be one syllable.
    var precomposedHangul: [Unicode.Scalar] {
        Array(HangulNormalization.normalized(self).unicodeScalars)
    }
}
