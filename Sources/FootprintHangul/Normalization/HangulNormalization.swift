import Foundation

/// Text normalization for Korean search: one spelling for what a reader sees as the same text.
///
/// ``normalized(_:)`` is for storing and displaying; ``searchNormalized(_:)`` is the form two
/// texts are compared in ("with spaces ignored on both sides").
public enum HangulNormalization {
    /// `text` in NFC (Unicode Standard Annex #15) with, in addition:
    /// - full-width ASCII (U+FF01–U+FF5E) folded to ASCII and the ideographic space U+3000 to a
    ///   space (`＃카페` → `#카페`, `ＣＧＶ` → `CGV`), halfwidth Hangul jamo (U+FFA1–U+FFDC) to
    ///   compatibility jamo — the NFKC mappings of those blocks, and no others (NFKC would also
    ///   turn `㈜` into `(주)` and `²` into `2`);
    /// - conjoining jamo composed into syllables (NFC does that), and a conjoining jamo left alone
    ///   (`ᄀ` with no vowel after it) written as its compatibility jamo (`ㄱ`), the form a keyboard
    ///   types, so that `ㅅㅌㅂㅅ` typed on any system is the same query;
    /// - the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 removed (they are invisible).
    ///
    /// Case and spaces are kept.
    public static func normalized(_ text: String) -> String {
        // Most text — Hangul syllables, ASCII, compatibility jamo — is normalized already, and a
        // query is normalized again by each part of the search that reads it: return it as it
        // is, without copying it (a 128 KB query was copied ~8 times).
        if isNormalized(text) { return text }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var needsComposition = false
        var hasConjoiningJamo = false
        for scalar in text.unicodeScalars {
            let value = foldedWidth(scalar.value)
            if value == 0 { continue }
            // Hangul composition by the algorithm of Unicode 15.1 section 3.12 (L+V → LV,
            // LV+T → LVT); done here because Foundation's NFC on Linux leaves LV+T apart.
            if let last = scalars.last?.value {
                if last &- 0x1100 < 19 && value &- 0x1161 < 21 {
                    scalars[scalars.count - 1] = Unicode.Scalar(0xAC00 + ((last - 0x1100) * 21 + value - 0x1161) * 28)!
                    continue
                }
                if last &- 0xAC00 < 11_172 && (last - 0xAC00) % 28 == 0 && value &- 0x11A8 < 27 {
                    scalars[scalars.count - 1] = Unicode.Scalar(last + value - 0x11A7)!
                    continue
                }
            }
            let folded = Unicode.Scalar(value)!
            if Jamo.isConjoiningJamo(folded) {
                hasConjoiningJamo = true
            } else if !isCompositionStable(value) {
                needsComposition = true
            }
            scalars.append(folded)
        }
        var result = String(String.UnicodeScalarView(scalars))
        if needsComposition { result = result.precomposedStringWithCanonicalMapping }
        guard hasConjoiningJamo else { return result }
        var mapped = String.UnicodeScalarView()
        for scalar in result.unicodeScalars {
            mapped.append(Jamo.isConjoiningJamo(scalar) ? Jamo.compatibility(scalar) ?? scalar : scalar)
        }
        return String(mapped)
    }

    /// The form in which a query and a text are compared: ``normalized(_:)``, then lowercased
    /// (Unicode full lowercase mapping per scalar: `CGV` → `cgv`, `Ä` → `ä`), with every
    /// whitespace scalar (Unicode `White_Space`, plus U+200B ZERO WIDTH SPACE and U+FEFF) removed,
    /// and punctuation, symbols and emoji removed like spaces: `스타벅스 강남점` → `스타벅스강남점`,
    /// `ＣＧＶ 강남` → `cgv강남`, `KT&G` → `ktg`, `카페-온` → `카페온`.
    ///
    /// A text of punctuation, symbols or emoji only keeps them (`-_-` → `-_-`, `😀` → `😀`): such a
    /// query is searched for as written, and ``isSymbolsOnly(_:)`` tells the matcher to compare it
    /// with texts whose symbols are kept too (`keepingSymbols`).
    public static func searchNormalized(_ text: String) -> String {
        searchNormalized(text, keepingSymbols: false)
    }

    /// ``searchNormalized(_:)``, with punctuation, symbols and emoji kept when `keepingSymbols`.
    public static func searchNormalized(_ text: String, keepingSymbols: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        forEachSearchScalar(in: text, keepingSymbols: keepingSymbols) { scalar, _ in scalars.append(scalar) }
        if scalars.isEmpty && !keepingSymbols {
            forEachSearchScalar(in: text, keepingSymbols: true) { scalar, _ in scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Whether `text` has punctuation, symbols or emoji and nothing else but spaces: a query that
    /// is searched for as written (``searchNormalized(_:keepingSymbols:)``).
    public static func isSymbolsOnly(_ text: String) -> Bool {
        var hasSymbol = false
        for scalar in normalized(text).unicodeScalars {
            switch ScalarClass(scalar) {
            case .whitespace: continue
            case .separator: hasSymbol = true
            case .hangul, .letter, .digit: return false
            }
        }
        return hasSymbol
    }

    /// Calls `body` with each scalar of `searchNormalized(text)` and whether it begins a word of
    /// `text`: the first scalar, one after whitespace or punctuation, or one where Hangul meets
    /// letters or digits, so `CGV강남` has words `cgv` and `강남`. Letters and digits together are
    /// one word (`GS25`: `25` lies inside it). Punctuation, symbols and emoji are skipped like
    /// spaces unless `keepingSymbols`, when each is a word of its own.
    static func forEachSearchScalar(
        in text: String, keepingSymbols: Bool = false, _ body: (Unicode.Scalar, _ startsWord: Bool) -> Void
    ) {
        forEachSearchScalar(inNormalized: normalized(text).unicodeScalars, keepingSymbols: keepingSymbols, body)
    }

    /// ``forEachSearchScalar(in:keepingSymbols:_:)`` of scalars already ``normalized(_:)``.
    @inline(__always)
    static func forEachSearchScalar(
        inNormalized scalars: some Sequence<Unicode.Scalar>, keepingSymbols: Bool,
        _ body: (Unicode.Scalar, _ startsWord: Bool) -> Void
    ) {
        var previousClass = ScalarClass.separator
        for scalar in scalars {
            var scalarClass = ScalarClass(scalar)
            if scalarClass == .whitespace || (scalarClass == .separator && !keepingSymbols) {
                previousClass = .separator
                continue
            }
            if scalarClass == .digit { scalarClass = .letter }
            let startsWord = scalarClass != previousClass || scalarClass == .separator
            previousClass = scalarClass
            appendLowercased(scalar) { body($0, startsWord) }
        }
    }

    /// The search form of `scalar`: its lowercase mapping, and for a Latin letter with a
    /// diacritic its base letter (`É` → `e`, `ñ` → `n`, `ü` → `u`: the first scalar of its
    /// canonical decomposition, UAX #15), so that `cafe noir` finds `Café Noir` as Photon and
    /// Nominatim find it. Fast paths for ASCII and Hangul.
    static func appendLowercased(_ scalar: Unicode.Scalar, _ append: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            append((0x41...0x5A).contains(value) ? Unicode.Scalar(value | 0x20)! : scalar)
        } else if (0x3000..<0xA000).contains(value) || HangulSyllable.contains(value) {
            append(scalar)
        } else if (0xC0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value),
            let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII,
            base.properties.isAlphabetic
        {
            append(Unicode.Scalar(base.value | 0x20)!)  // Latin-1 Supplement, Extended-A/B and Additional
        } else if !scalar.properties.changesWhenLowercased {
            append(scalar)
        } else {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { append(lower) }
        }
    }

    /// Whether ``normalized(_:)`` leaves `text` as it is: no scalar is folded or removed, and
    /// none composes with a neighbour (``isCompositionStable(_:)``; conjoining jamo are not).
    static func isNormalized(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { foldedWidth($0.value) == $0.value && isCompositionStable($0.value) }
    }

    /// The width folding of one scalar value: full-width ASCII → ASCII, U+3000 → space, halfwidth
    /// jamo → compatibility jamo, fillers → 0 (drop); any other value unchanged.
    @inline(__always)
    static func foldedWidth(_ value: UInt32) -> UInt32 {
        switch value {
        case 0xFF01...0xFF5E: return value - 0xFEE0  // FULLWIDTH EXCLAMATION MARK … FULLWIDTH TILDE
        case 0x3000: return 0x20
        case 0x115F, 0x1160, 0x3164, 0xFFA0: return 0
        // Halfwidth Hangul: the compatibility decompositions in UnicodeData.txt, four runs.
        case 0xFFA1...0xFFBE: return value - 0xFFA1 + 0x3131
        case 0xFFC2...0xFFC7: return value - 0xFFC2 + 0x314F
        case 0xFFCA...0xFFCF: return value - 0xFFCA + 0x3155
        case 0xFFD2...0xFFD7: return value - 0xFFD2 + 0x315B
        case 0xFFDA...0xFFDC: return value - 0xFFDA + 0x3161
        default: return value
        }
    }

    /// Scalars that are unchanged by NFC whatever surrounds them (none composes with a neighbour):
    /// everything below U+0300 (the first combining mark), compatibility jamo, CJK unified
    /// ideographs, precomposed syllables (their composition with a trailing jamo is done above)
    /// the halfwidth/full-width forms, the specials (U+FFFD, what invalid UTF-8 reads as) and
    /// the emoji and symbol blocks of plane 1 (U+1F000–U+1FAFF).
    @inline(__always)
    static func isCompositionStable(_ value: UInt32) -> Bool {
        value < 0x300 || (0x3131...0x318E).contains(value) || (0x4E00...0x9FFF).contains(value)
            || HangulSyllable.contains(value) || (0xFF01...0xFFEF).contains(value) || (0xFFF9...0xFFFD).contains(value)
            || (0x1F000...0x1FAFF).contains(value)
    }
}

/// The coarse classes word boundaries are drawn between.
enum ScalarClass: Equatable {
    case hangul, letter, digit, whitespace, separator

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x30...0x39: self = .digit
            case 0x41...0x5A, 0x61...0x7A: self = .letter
            // Control characters are skipped like spaces: invisible, they must not split a word.
            case 0x00...0x20, 0x7F: self = .whitespace
            default: self = .separator
            }
        } else if HangulSyllable.contains(value) || Jamo.isCompatibilityJamo(scalar) {
            self = .hangul
        } else if scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
            || scalar.properties.generalCategory == .control
        {
            // Invisible format characters (U+00AD SOFT HYPHEN, U+200B–U+200D zero-width space,
            // non-joiner and joiner, U+2060 WORD JOINER, U+FEFF, variation selectors: Unicode's
            // Default_Ignorable_Code_Point) and C1 controls: skipped like spaces.
            self = .whitespace
        } else {
            switch scalar.properties.generalCategory {
            case .decimalNumber: self = .digit
            case .nonspacingMark, .spacingMark, .enclosingMark: self = .letter
            default: self = scalar.properties.isAlphabetic ? .letter : .separator
            }
        }
    }
}
