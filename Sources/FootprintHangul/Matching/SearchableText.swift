/// A text prepared once for matching against any number of ``HangulQuery`` values: its
/// search-normalized scalars (``HangulNormalization/searchNormalized(_:)``) and where its words
/// begin. Build one per candidate row and field when several queries or patterns test it.
public struct SearchableText: Hashable, Sendable {
    /// The search-normalized scalars' values.
    let scalars: [UInt32]
    /// For each scalar, whether a word of the original text begins there.
    let wordStarts: [Bool]

    /// Prepares `text`; with `keepingSymbols`, its punctuation, symbols and emoji are kept (for a
    /// query made only of them, ``HangulQuery/isSymbolsOnly``), else skipped like spaces.
    public init(_ text: String, keepingSymbols: Bool = false) {
        var scalars: [UInt32] = []
        var wordStarts: [Bool] = []
        scalars.reserveCapacity(text.utf8.count)
        wordStarts.reserveCapacity(text.utf8.count)
        HangulNormalization.forEachSearchScalar(in: text, keepingSymbols: keepingSymbols) { scalar, startsWord in
            scalars.append(scalar.value)
            wordStarts.append(startsWord)
        }
        self.scalars = scalars
        self.wordStarts = wordStarts
    }

    /// Prepares the UTF-8 text `bytes` as ``init(_:keepingSymbols:)`` does (symbols skipped). Text
    /// made only of ASCII and precomposed Hangul syllables — nearly every place name — is already
    /// normalized (``HangulNormalization/normalized(_:)`` leaves it as it is) and is read without
    /// making a string: a fuzzy look-up prepares thousands of candidate names.
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var values: [Unicode.Scalar] = []
        values.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 { break }  // dropped by normalization
                values.append(Unicode.Scalar(lead))
                index += 1
                continue
            }
            guard lead & 0xF0 == 0xE0, index + 2 < count, bytes[index + 1] & 0xC0 == 0x80,
                bytes[index + 2] & 0xC0 == 0x80
            else { break }
            let value =
                UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            guard HangulSyllable.contains(value) else { break }
            values.append(Unicode.Scalar(value)!)
            index += 3
        }
        guard index == count else {
            self = SearchableText(String(decoding: bytes, as: UTF8.self))
            return
        }
        var scalars: [UInt32] = []
        var wordStarts: [Bool] = []
        scalars.reserveCapacity(values.count)
        wordStarts.reserveCapacity(values.count)
        HangulNormalization.forEachSearchScalar(inNormalized: values, keepingSymbols: false) { scalar, startsWord in
            scalars.append(scalar.value)
            wordStarts.append(startsWord)
        }
        self = SearchableText(scalars: scalars, wordStarts: wordStarts)
    }

    private init(scalars: [UInt32], wordStarts: [Bool]) {
        self.scalars = scalars
        self.wordStarts = wordStarts
    }

    /// The search-normalized text: `스타벅스 강남점` → `스타벅스강남점`.
    public var normalized: String {
        String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! }))
    }

    /// The `chosung` (초성 — initial consonants) of the normalized text, other scalars kept:
    /// `CGV 강남` → `cgvㄱㄴ`. Every ``MatchPattern/chosung`` of a pattern that matches is a
    /// substring of it, so an index of it (or of its bigrams) narrows 초성 queries.
    public var chosung: String {
        String(
            String.UnicodeScalarView(
                scalars.map { HangulSyllable(Unicode.Scalar($0)!)?.chosung ?? Unicode.Scalar($0)! }))
    }

    /// The 2-set keystrokes of the normalized text as jamo (``DubeolsikKeyboard/keystrokes(of:)``):
    /// `닭갈비` → `ㄷㅏㄹㄱㄱㅏㄹㅂㅣ`. A query's keystrokes that are a prefix of the keystrokes from a
    /// syllable boundary on are what ``MatchRule/partialSyllable`` accepts.
    public var keystrokes: String {
        DubeolsikKeyboard.keystrokes(of: normalized)
    }

    /// The offsets, in scalars of ``normalized``, where a word of the original text begins
    /// (`CGV 강남` → `[0, 3]`); a match there ranks as ``MatchPosition/wordPrefix``.
    public var wordStartOffsets: [Int] {
        wordStarts.indices.filter { wordStarts[$0] }
    }
}
