extension Jamo {
    /// The 33 jamo that have a key of their own on the 2-set (두벌식, KS X 5002) keyboard: 19
    /// consonants (the five double consonants ㄲ ㄸ ㅃ ㅆ ㅉ are Shift + the plain key) and 14 vowels
    /// (ㅒ ㅖ are Shift + ㅐ ㅔ). Every other modern jamo is typed as two of these.
    public static let keystrokeJamo: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
        "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅛ", "ㅜ", "ㅠ", "ㅡ", "ㅣ",
    ]

    /// The compound vowels and final-consonant clusters, each with the two keystrokes that type it
    /// (KS X 5002; the same pairs as the compatibility decompositions' component letters).
    static let compounds: [(compound: Unicode.Scalar, first: Unicode.Scalar, second: Unicode.Scalar)] = [
        ("ㅘ", "ㅗ", "ㅏ"), ("ㅙ", "ㅗ", "ㅐ"), ("ㅚ", "ㅗ", "ㅣ"), ("ㅝ", "ㅜ", "ㅓ"), ("ㅞ", "ㅜ", "ㅔ"),
        ("ㅟ", "ㅜ", "ㅣ"), ("ㅢ", "ㅡ", "ㅣ"),
        ("ㄳ", "ㄱ", "ㅅ"), ("ㄵ", "ㄴ", "ㅈ"), ("ㄶ", "ㄴ", "ㅎ"), ("ㄺ", "ㄹ", "ㄱ"), ("ㄻ", "ㄹ", "ㅁ"),
        ("ㄼ", "ㄹ", "ㅂ"), ("ㄽ", "ㄹ", "ㅅ"), ("ㄾ", "ㄹ", "ㅌ"), ("ㄿ", "ㄹ", "ㅍ"), ("ㅀ", "ㄹ", "ㅎ"),
        ("ㅄ", "ㅂ", "ㅅ"),
    ]

    /// Whether the scalar is one of the 33 ``keystrokeJamo``.
    public static func isKeystroke(_ scalar: Unicode.Scalar) -> Bool {
        let offset = Int(scalar.value) &- 0x3131
        return offset >= 0 && offset < Tables.modernCount && Tables.keystrokes[offset].second == 0
    }

    /// The keystrokes that type a modern compatibility jamo: `ㅘ` → `[ㅗ, ㅏ]`, `ㄺ` → `[ㄹ, ㄱ]`,
    /// `ㄲ` → `[ㄲ]` (one shifted key), `ㅅ` → `[ㅅ]`; `[]` for anything else.
    public static func keystrokes(of jamo: Unicode.Scalar) -> [Unicode.Scalar] {
        let offset = Int(jamo.value) &- 0x3131
        guard offset >= 0 && offset < Tables.modernCount else { return [] }
        let pair = Tables.keystrokes[offset]
        if pair.second == 0 { return [Unicode.Scalar(pair.first)!] }
        return [Unicode.Scalar(pair.first)!, Unicode.Scalar(pair.second)!]
    }

    /// The compound vowel or final-consonant cluster two keystrokes make (`ㅗ`+`ㅏ` → `ㅘ`,
    /// `ㄱ`+`ㅅ` → `ㄳ`), or `nil` when they do not combine (`ㄱ`+`ㄱ`: the 2-set keyboard types `ㄲ`
    /// with Shift, not by doubling).
    public static func combining(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
        Tables.combinations[first.value << 16 | second.value].flatMap(Unicode.Scalar.init)
    }

    /// The double (tense) consonant written with two of a plain one: `ㄱ` → `ㄲ`, `ㄷ` → `ㄸ`,
    /// `ㅂ` → `ㅃ`, `ㅅ` → `ㅆ`, `ㅈ` → `ㅉ`; `nil` for any other scalar.
    public static func doubled(_ plain: Unicode.Scalar) -> Unicode.Scalar? {
        switch plain {
        case "ㄱ": return "ㄲ"
        case "ㄷ": return "ㄸ"
        case "ㅂ": return "ㅃ"
        case "ㅅ": return "ㅆ"
        case "ㅈ": return "ㅉ"
        default: return nil
        }
    }
}

extension Jamo.Tables {
    /// For each modern compatibility jamo (index `scalar - 0x3131`), its keystrokes as scalar
    /// values; `second` is 0 for a jamo typed with one key.
    static let keystrokes: [(first: UInt32, second: UInt32)] = {
        var table = (0..<modernCount).map { (first: 0x3131 + UInt32($0), second: UInt32(0)) }
        for entry in Jamo.compounds {
            table[Int(entry.compound.value) - 0x3131] = (entry.first.value, entry.second.value)
        }
        return table
    }()

    /// `first << 16 | second` → compound, for ``Jamo/combining(_:_:)``.
    static let combinations: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        for entry in Jamo.compounds { table[entry.first.value << 16 | entry.second.value] = entry.compound.value }
        return table
    }()
}
