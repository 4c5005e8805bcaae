/// Splits text into the terms of a full-text index for Korean search, with the byte offsets an
/// FTS5 tokenizer reports (SQLite FTS5 "Custom Tokenizers": `xToken(pCtx, tflags, pToken, nToken,
/// iStart, iEnd)`).
///
/// **Document mode** — what is indexed. Every Hangul syllable (or lone jamo) is one *position*:
/// - at each position but a run's last, the **bigram** of that syllable and the next one; at the
///   run's last, the **unigram**. `스타벅스 강남역점` → `스타 타벅 벅스 스강 강남 남역 역점 점`
///   (with ``Options-swift.struct/bridgesWhitespace`` the run continues over spaces, so a query
///   typed without spaces still finds it). Any substring of two or more syllables is then a phrase
///   of consecutive bigrams — `"스타 타벅 벅스"` — and one syllable a prefix query (`"카"*`), which
///   matches every bigram beginning with it and a run's final unigram.
/// - options add tokens **colocated** at the same position (FTS5_TOKEN_COLOCATED): the unigram of
///   every syllable (``Options-swift.struct/syllableUnigrams``), so one syllable is an exact term;
///   and the `chosung` (초성 — initial consonants) bigram (``Options-swift.struct/chosung``:
///   `ㅅㅌ ㅌㅂ ㅂㅅ ㅅㄱ …`), so a 초성 query `ㅅㅌㅂ` is the phrase `"ㅅㅌ ㅌㅂ"` and mixed
///   or half-typed queries can be narrowed by their ``MatchPattern/chosung``.
/// - a run of letters and digits is one position with one token, lowercased (`ＣＧＶ` → `cgv`); a
///   word mixing letters and digits also gets its parts colocated (`gs25` → `gs25`, `gs`, `25`).
///   Prefixes are not indexed: `cg` finds `cgv` as the FTS5 prefix query `"cg"*`. With
///   ``Options-swift.struct/bridgesWhitespace``, in document mode, a word followed by up to three
///   more across spaces also gets its joins with them colocated (`lcdc seoul` → `lcdc` +
///   `lcdcseoul`, `seoul`), and with the whole rest of a longer chain, so a query typed without
///   the spaces finds it (`lcdcseoul`, `lcdcseo`, `coffeebeanandtealeaf`). With
///   ``Options-swift.struct/wordSuffixes`` a word's suffixes are colocated too (`cgv` → `gv`, `v`).
/// - punctuation, symbols and emoji are skipped like spaces: a Hangul run and a chain of words
///   go on across them (`카페-온` → `카페 페온 온`, `KT&G` → `kt` + `ktg`, `g`).
///
/// **Query mode** — what a query string becomes when FTS5 tokenizes it (FTS5_TOKENIZE_QUERY): a
/// Hangul run of two or more syllables gives only its bigrams (`스타벅스` → `스타 타벅 벅스`), a
/// single syllable its unigram, a word its whole token, and nothing is colocated. A jamo run is its
/// own 초성, so `ㅅㅌㅂ` tokenizes to the 초성 bigrams `ㅅㅌ ㅌㅂ`.
///
/// Input is UTF-8; width folding, lowercasing and the composition of conjoining jamo happen on the
/// fly (NFC for Hangul). Other scripts are not normalized: store text through
/// ``HangulNormalization/normalized(_:)``.
public struct SearchTokenizer: Hashable, Sendable {
    /// Which tokens to emit beyond the bigrams and words.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Hangul runs continue across whitespace (`스타벅스 강남` gives the bigram `스강`), the
        /// "spaces ignored on both sides" of Footprint's search.
        public static let bridgesWhitespace = Options(rawValue: 1 << 0)
        /// A unigram colocated at every syllable, not only at a run's last.
        public static let syllableUnigrams = Options(rawValue: 1 << 1)
        /// The `chosung` (초성 — initial consonants) bigram colocated at every syllable (and its
        /// unigram at a run's last), when it differs from the literal token.
        public static let chosung = Options(rawValue: 1 << 2)

        /// Every suffix of a word of letters and digits colocated with it (`cgv` → `cgv`, `gv`,
        /// `v`), so that a prefix query finds a substring inside a word (`gv` in `CGV`, `25` in
        /// `GS25`); words over 32 bytes get none.
        public static let wordSuffixes = Options(rawValue: 1 << 3)

        /// The token at a Hangul syllable that begins a word (the first of the text, or one after
        /// a space, punctuation, a letter or a digit) colocated again with `#` before it
        /// (`스타벅스 강남` → `#스타` at 스, `#강남` at 강), so that the places where a query begins a
        /// word — ranked above those where it lies inside one — can be looked up alone.
        public static let wordStarts = Options(rawValue: 1 << 4)

        /// The skip bigram of the syllables on either side of every Hangul syllable inside a run,
        /// colocated at that syllable's position (``SearchTokenizer/skipToken(_:_:)``: `스타벅스` →
        /// `~스벅` at 타, `~타스` at 벅): one syllable of a query can then be unknown (a typo, one
        /// left out) and the second syllable of an abbreviation its word's third (`스벅`). Not its
        /// 초성 form (`~ㅅㅂ`, indexed from `v15-search-typo` to `v18-search-typo-2`): a 초성
        /// abbreviation is looked up by 초성 bigrams (``FuzzyQuery/probes``).
        public static let skips = Options(rawValue: 1 << 5)

        /// The abbreviation bigram of a word's first Hangul syllable with each later one of the same
        /// word from its third on, up to ``SearchTokenizer/maximumAbbreviationIndex``
        /// (``SearchTokenizer/abbreviationToken(_:_:)``: `파리바게뜨` → `^파바` at 리, `^파게` at 바,
        /// `^파뜨` at 게), so that an abbreviation — the word's first syllable and later ones in
        /// order (`파바`, `파뜨`, `동플` of 동대문디자인플라자) — is looked up by the words it may
        /// abbreviate alone. The third syllable's takes the place of the skip bigram there (`~파바`
        /// is not emitted at 리): the fuzzy look-ups ask for either form (since `v20-search-abbrev`).
        public static let abbreviations = Options(rawValue: 1 << 6)

        /// ``bridgesWhitespace`` only.
        public static let `default`: Options = [.bridgesWhitespace]
    }

    /// What the text is.
    public enum Mode: Hashable, Sendable {
        /// Text to index.
        case document
        /// A query string, as FTS5 tokenizes the terms of a MATCH expression.
        case query
    }

    /// A token handed to the callback of ``tokenize(utf8:mode:_:)``; its bytes are only valid
    /// during the call.
    public struct RawToken {
        /// The token's UTF-8 bytes.
        public let bytes: UnsafeBufferPointer<UInt8>
        /// The bytes of the input it comes from.
        public let byteRange: Range<Int>
        /// Whether it shares the previous token's position (FTS5_TOKEN_COLOCATED).
        public let isColocated: Bool

        /// The token as a string (allocates).
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// A token as a value, from ``tokens(in:mode:)``.
    public struct Token: Hashable, Sendable, CustomStringConvertible {
        /// The token text.
        public let text: String
        /// The bytes of the input's UTF-8 it comes from.
        public let byteRange: Range<Int>
        /// Whether it shares the previous token's position.
        public let isColocated: Bool

        /// A token as described.
        public init(_ text: String, _ byteRange: Range<Int>, colocated: Bool = false) {
            self.text = text
            self.byteRange = byteRange
            isColocated = colocated
        }

        public var description: String {
            "\(isColocated ? "+" : "")\(text)@\(byteRange.lowerBound)..<\(byteRange.upperBound)"
        }
    }

    /// A word token is cut at this many bytes (at a scalar boundary), so that no input can make
    /// an oversized term (FTS5 rejects tokens over 32,768 bytes).
    public static let maximumWordBytes = 1024

    /// The byte before a ``Options-swift.struct/wordStarts`` token (`#`, which no other token
    /// holds: punctuation is never part of one).
    public static let wordStartMarker = UInt8(ascii: "#")

    /// The byte before a ``Options-swift.struct/skips`` token (`~`, which no other token holds).
    public static let skipMarker = UInt8(ascii: "~")

    /// The byte before a ``Options-swift.struct/abbreviations`` token (`^`, which no other token
    /// holds).
    public static let abbreviationMarker = UInt8(ascii: "^")

    /// Abbreviation tokens are emitted for the syllables of a word up to this index (0 its
    /// first): a bound on the tokens a long word makes (a word of 17 syllables or more is
    /// abbreviated by its first 16).
    public static let maximumAbbreviationIndex = 15

    /// The abbreviation token of a word's first syllable and a later one: `^파바`.
    public static func abbreviationToken(_ first: UInt32, _ later: UInt32) -> String {
        "^" + String(String.UnicodeScalarView([Unicode.Scalar(first)!, Unicode.Scalar(later)!]))
    }

    /// The skip bigram of two Hangul units (syllables or jamo) as the index holds it: `~스벅`.
    public static func skipToken(_ first: UInt32, _ second: UInt32) -> String {
        "~" + String(String.UnicodeScalarView([Unicode.Scalar(first)!, Unicode.Scalar(second)!]))
    }

    /// The tokens emitted.
    public let options: Options

    /// A tokenizer emitting `options`.
    public init(options: Options = .default) {
        self.options = options
    }

    /// Tokenizes `text` into an array (for tests and small inputs; the index uses
    /// ``tokenize(utf8:mode:_:)``).
    public func tokens(in text: String, mode: Mode = .document) -> [Token] {
        var tokens: [Token] = []
        var text = text
        text.withUTF8 { utf8 in
            tokenize(utf8: utf8, mode: mode) { token in
                tokens.append(Token(token.text, token.byteRange, colocated: token.isColocated))
            }
        }
        return tokens
    }

    /// Calls `body` with each token of the UTF-8 `text`, in order of position. No allocation
    /// happens per token: `body` sees bytes in a scratch buffer. Invalid UTF-8 bytes are skipped.
    public func tokenize<E: Error>(
        utf8 text: UnsafeBufferPointer<UInt8>, mode: Mode, _ body: (RawToken) throws(E) -> Void
    ) throws(E) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        // The word, a Hangul token, the chain of words and its 32 × 5 Ints (see Scanner).
        try withUnsafeTemporaryAllocation(
            of: UInt8.self, capacity: 2 * Self.maximumWordBytes + 32 + Scanner.maximumChain * 5 * 8
        ) {
            (scratch) throws(E) in
            var scanner = Scanner(options: options, mode: mode, scratch: scratch.baseAddress!)
            try scanner.scan(base, count: text.count, body)
        }
    }
}
