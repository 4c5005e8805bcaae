/// The three places a jamo (자모 — a letter of the Hangul alphabet) can take in a syllable block.
///
/// Unicode 15.1, chapter 3.12 "Conjoining Jamo Behavior", calls them leading (L), vowel (V) and
/// trailing (T) jamo.
public enum JamoPosition: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `chosung` (초성) — the initial consonant, Unicode's leading jamo (L).
    case chosung
    /// `jungsung` (중성) — the medial vowel, Unicode's vowel jamo (V).
    case jungsung
    /// `jongsung` (종성, 받침) — the final consonant, Unicode's trailing jamo (T).
    case jongsung

    /// The romanized name with its English gloss, e.g. "chosung (initial consonant)".
    public var description: String {
        switch self {
        case .chosung: return "chosung (initial consonant)"
        case .jungsung: return "jungsung (medial vowel)"
        case .jongsung: return "jongsung (final consonant)"
        }
    }

    /// How many modern jamo the position admits: 19 chosung, 21 jungsung and 28 jongsung values
    /// (index 0 meaning "no final consonant"), Unicode 15.1 section 3.12 (`LCount`, `VCount`, `TCount`).
    public var count: Int {
        switch self {
        case .chosung: return 19
        case .jungsung: return 21
        case .jongsung: return 28
        }
    }
}
