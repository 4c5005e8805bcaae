/// The 2-set (두벌식, KS X 5002) Korean keyboard on a QWERTY layout, both ways: which Latin keys
/// type a Hangul text, and what Hangul a run of Latin keys types — the two halves of a 한/영
/// (Korean/English mode) mistake.
///
/// ```
/// q ㅂ  w ㅈ  e ㄷ  r ㄱ  t ㅅ  y ㅛ  u ㅕ  i ㅑ  o ㅐ  p ㅔ
/// a ㅁ  s ㄴ  d ㅇ  f ㄹ  g ㅎ  h ㅗ  j ㅓ  k ㅏ  l ㅣ
/// z ㅋ  x ㅌ  c ㅊ  v ㅍ  b ㅠ  n ㅜ  m ㅡ
/// Shift: Q ㅃ  W ㅉ  E ㄸ  R ㄲ  T ㅆ  O ㅒ  P ㅖ
/// ```
public enum DubeolsikKeyboard {
    /// The jamo of each lowercase key `a`…`z`, KS X 5002.
    private static let lowercaseJamo: [Unicode.Scalar] = [
        "ㅁ", "ㅠ", "ㅊ", "ㅇ", "ㄷ", "ㄹ", "ㅎ", "ㅗ", "ㅑ", "ㅓ", "ㅏ", "ㅣ", "ㅡ",  // a … m
        "ㅜ", "ㅐ", "ㅔ", "ㅂ", "ㄱ", "ㄴ", "ㅅ", "ㅕ", "ㅍ", "ㅈ", "ㅌ", "ㅛ", "ㅋ",  // n … z
    ]

    /// The seven keys whose Shift position types another jamo.
    private static let shiftedJamo: [Character: Unicode.Scalar] = [
        "Q": "ㅃ", "W": "ㅉ", "E": "ㄸ", "R": "ㄲ", "T": "ㅆ", "O": "ㅒ", "P": "ㅖ",
    ]

    /// Keystroke jamo → key, built from the two tables above.
    private static let keyForJamo: [Unicode.Scalar: Character] = {
        var table: [Unicode.Scalar: Character] = [:]
        for (offset, jamo) in lowercaseJamo.enumerated() {
            table[jamo] = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(offset)))
        }
        for (key, jamo) in shiftedJamo { table[jamo] = key }
        return table
    }()

    /// The jamo an ASCII letter types: lowercase letters their own jamo, `Q W E R T O P` the shifted
    /// ones (`R` → `ㄲ`), any other uppercase letter its lowercase jamo (`K` → `ㅏ`, Shift having no
    /// second jamo there); `nil` for anything that is not an ASCII letter.
    public static func jamo(forKey key: Character) -> Unicode.Scalar? {
        guard let ascii = key.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return lowercaseJamo[Int(ascii - UInt8(ascii: "a"))]
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return shiftedJamo[key] ?? lowercaseJamo[Int(ascii - UInt8(ascii: "A"))]
        default: return nil
        }
    }

    /// The key that types one of the 33 ``Jamo/keystrokeJamo`` (`ㅅ` → `t`, `ㄲ` → `R`), or `nil`.
    public static func key(forJamo jamo: Unicode.Scalar) -> Character? {
        keyForJamo[jamo]
    }

    /// The keys typed for `text`: `스타벅스` → `tmxkqjrtm`, `까치` → `Rkcl`, `완료` → `dhksfy`,
    /// `닭` → `ekfr`, `ㅊㅎㅍ` → `cgv`. Compound vowels and clusters become two keys, double
    /// consonants and `ㅒ ㅖ` one uppercase (Shift) key. Characters that are not Hangul are kept,
    /// and so is an archaic jamo no key types. The text is first put in NFC.
    public static func keys(for text: String) -> String {
        var keys = ""
        for scalar in HangulNormalization.normalized(text).unicodeScalars {
            let jamo = HangulSyllable(scalar)?.keystrokes ?? Jamo.keystrokes(of: scalar)
            if jamo.isEmpty {
                keys.unicodeScalars.append(scalar)
            } else {
                for keystroke in jamo { keys.append(keyForJamo[keystroke]!) }
            }
        }
        return keys
    }

    /// The Hangul that `keys` type in Korean mode, composed as an IME does (``HangulComposer``):
    /// `tmxkqjrtm` → `스타벅스`, `Rkcl` → `까치`, `dkssudgktpdy` → `안녕하세요`, `rkrk` → `가가`.
    /// Shift matters, so convert before folding case. Anything that is not an ASCII letter ends the
    /// syllable being built and is kept (`dlaakxm24` → `이마트24`).
    public static func hangul(fromKeys keys: String) -> String {
        var composer = HangulComposer()
        for character in keys {
            if let jamo = jamo(forKey: character) {
                composer.typeKeystroke(jamo)
            } else {
                for scalar in character.unicodeScalars { composer.type(scalar) }
            }
        }
        return composer.text
    }

    /// The 2-set keystrokes of `text` as jamo, the sequence an IME receives: `강남` → `ㄱㅏㅇㄴㅏㅁ`,
    /// `닭` → `ㄷㅏㄹㄱ`, `완료` → `ㅇㅗㅏㄴㄹㅛ`. Other characters are kept. Typing these into a
    /// ``HangulComposer`` gives back the text; a query whose keystrokes are a prefix of a name's
    /// keystrokes is what that name looks like while it is being typed (`강나` → `강남`,
    /// `제잇` → `제이샵`, `닭` → `닭갈비` and `달걀`).
    public static func keystrokes(of text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in HangulNormalization.normalized(text).unicodeScalars {
            let jamo = HangulSyllable(scalar)?.keystrokes ?? Jamo.keystrokes(of: scalar)
            if jamo.isEmpty { result.append(scalar) } else { result.append(contentsOf: jamo) }
        }
        return String(result)
    }
}
