/// `chosung` (초성 — initial consonants): the first consonant of each syllable, the shorthand
/// Korean users type to find a name quickly (`ㅅㅌㅂㅅ` for `스타벅스`).
///
/// How double consonants are read (the rule ``HangulQuery`` applies):
/// - `ㄲ ㄸ ㅃ ㅆ ㅉ` are keys of their own on the 2-set keyboard (Shift + the plain key), so a query
///   `ㄱ` does **not** match `ㄲ` and `ㄲ` does not match `ㄱ`: `ㄱㅊ` finds `가치`, not `까치`.
/// - A query that types a double consonant as two plain ones (`ㅅㅅㅁㄷ` for `쌍문동`, as
///   phone keyboards without Shift lead people to) also matches the double consonant, ranked
///   below a literal 초성 match (``MatchRule/doubledConsonant``).
/// - A final-consonant cluster that an IME builds from two consonants typed in a row (`ㄱ`,`ㅅ` is
///   shown as `ㄳ`) is read as those two initials.
public enum Chosung {
    /// The chosung of every syllable in `text`, other characters unchanged: `스타벅스` → `ㅅㅌㅂㅅ`,
    /// `꽃집` → `ㄲㅈ`, `CGV 강남` → `CGV ㄱㄴ`. The text is first put in NFC (``HangulNormalization/normalized(_:)``).
    public static func of(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in HangulNormalization.normalized(text).unicodeScalars {
            scalars.append(HangulSyllable(scalar)?.chosung ?? scalar)
        }
        return String(scalars)
    }

    /// Whether `query` is made only of initial consonants, mixes them with other letters, or has
    /// none. Judged on the search-normalized query (spaces ignored); a lone consonant is any modern
    /// compatibility consonant, clusters such as `ㄳ` included (an IME shows `ㄱ`,`ㅅ` typed in a
    /// row as `ㄳ`).
    public static func queryShape(of query: String) -> ChosungQueryShape {
        var consonants = 0
        var others = 0
        HangulNormalization.forEachSearchScalar(in: query) { scalar, _ in
            if Jamo.isConsonant(scalar) { consonants += 1 } else { others += 1 }
        }
        if consonants == 0 { return .none }
        return others == 0 ? .chosungOnly : .mixed
    }
}

/// How a query uses `chosung` (초성 — initial consonants).
public enum ChosungQueryShape: Hashable, Sendable {
    /// No lone consonant: `스타벅스`, `cgv`.
    case none
    /// Only lone consonants: `ㅅㅌㅂㅅ`, `ㄱㄴㅇ`.
    case chosungOnly
    /// Lone consonants mixed with syllables or other characters: `스ㅌㅂ`, `희미용ㅅ`, `cgvㄱㄴ`.
    case mixed
}
