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
