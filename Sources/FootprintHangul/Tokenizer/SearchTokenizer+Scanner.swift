extension SearchTokenizer {
    /// The `chosung` (초성 — initial consonant) of each chosung index, as scalar values.
    static let chosungValues: [UInt32] = Jamo.chosungs.map(\.value)

    /// One pass over UTF-8 input. Keeps the pending Hangul unit (a bigram needs the next one) and
    /// the word being built in `scratch`: bytes `0..<maximumWordBytes` hold the word, the 16 after
    /// them a Hangul token, and the `maximumWordBytes` after those the last words before it, for
    /// their joins.
    struct Scanner {
        let isDocument: Bool
        let bridgesWhitespace: Bool
        let emitsUnigrams: Bool
        let emitsChosung: Bool
        let emitsSuffixes: Bool
        let emitsWordStarts: Bool
        let emitsSkips: Bool
        let emitsAbbreviations: Bool
        let scratch: UnsafeMutablePointer<UInt8>
        let hangulToken: UnsafeMutablePointer<UInt8>
        let chosungs: [UInt32] = SearchTokenizer.chosungValues

        /// Whether the last thing read was a Hangul unit (a unit after anything else begins a word,
        /// as ``HangulNormalization``'s word starts say), and whether the pending one began a word.
        var lastWasHangul = false
        var previousStartsWord = false
        /// The pending Hangul unit (0 when none), its input bytes, and the run's length so far.
        var previous: UInt32 = 0
        /// The unit before the pending one in the same run (0 when none), for skip bigrams.
        var beforePrevious: UInt32 = 0
        var previousStart = 0
        var previousEnd = 0
        var runLength = 0
        /// The first syllable of the Hangul word being read (0 when it begins with a jamo) and the
        /// index of the pending unit in it, for abbreviation tokens.
        var wordFirst: UInt32 = 0
        var wordIndex = 0

        /// The word being built: its input range (`wordStart` −1 when none), its bytes so far.
        var wordStart = -1
        var wordEnd = 0
        var wordLength = 0
        var wordIsFull = false
        /// Whether each scalar of the word took as many bytes in the token as in the input, so that
        /// part offsets can be mapped back.
        var wordIsVerbatim = true
        var wordLastWasDigit = false
        var wordClassChanges = 0

        /// Whether words are joined across spaces (document mode, bridging whitespace).
        let joinsWords: Bool
        /// The current chain — words with only spaces or punctuation between them, at most
        /// ``maximumChain`` — held back until it ends, so that each word's joins with the words
        /// after it go at the word's own position (`lcdc seoul` → `lcdc` + `lcdcseoul`, `seoul`;
        /// `KT&G` → `kt` + `ktg`, `g`): a query typed without the spaces then matches where the
        /// first word stands, at `^` too, and after a Hangul word (`성수bluebottle`). A word gets
        /// its joins with the next ``joinedWords`` words and, when the chain goes on beyond them,
        /// with the whole rest of the chain, so that a query of any number of words typed as one
        /// (`coffeebeanandtealeaf`) is a prefix of a token. The words' bytes are concatenated in
        /// `chainBytes`; for each, `chainInfo` holds five Ints: offset, length, input start, input
        /// end, flags.
        let chainBytes: UnsafeMutablePointer<UInt8>
        let chainInfo: UnsafeMutableRawPointer
        var chainCount = 0
        var chainLength = 0
        static let maximumChain = 32
        static let joinedWords = 3
        /// Words up to this many bytes get their suffixes (``Options-swift.struct/wordSuffixes``).
        static let maximumSuffixWordBytes = 32

        init(options: Options, mode: Mode, scratch: UnsafeMutablePointer<UInt8>) {
            isDocument = mode == .document
            bridgesWhitespace = options.contains(.bridgesWhitespace)
            emitsUnigrams = options.contains(.syllableUnigrams) && isDocument
            emitsChosung = options.contains(.chosung) && isDocument
            emitsSuffixes = options.contains(.wordSuffixes) && isDocument
            emitsWordStarts = options.contains(.wordStarts) && isDocument
            emitsSkips = options.contains(.skips) && isDocument
            emitsAbbreviations = options.contains(.abbreviations) && isDocument
            self.scratch = scratch
            hangulToken = scratch + SearchTokenizer.maximumWordBytes
            chainBytes = scratch + SearchTokenizer.maximumWordBytes + 32
            chainInfo = UnsafeMutableRawPointer(scratch + 2 * SearchTokenizer.maximumWordBytes + 32)
            joinsWords = isDocument && bridgesWhitespace
        }

        mutating func scan<E: Error>(
            _ base: UnsafePointer<UInt8>, count: Int, _ body: (RawToken) throws(E) -> Void
        ) throws(E) {
            var index = 0
            while index < count {
                let start = index
                let lead = base[index]
                if lead < 0x80 {
                    index += 1
                    try ascii(lead, start, index, body)
                    continue
                }
                var (value, length) = Self.decode(base, at: index, count: count)
                guard length > 0 else {
                    index += 1
                    try separator(body)
                    continue
                }
                index += length
                if value &- 0xAC00 < 11_172 {
                    // An LV syllable may take a trailing conjoining jamo (NFC composes them).
                    if (value - 0xAC00) % 28 == 0, index < count, base[index] == 0xE1 {
                        let (trailing, trailingLength) = Self.decode(base, at: index, count: count)
                        if trailing &- 0x11A7 < 28 && trailing != 0x11A7 {
                            value += trailing - 0x11A7
                            index += trailingLength
                        }
                    }
                    try hangul(value, start, index, body)
                } else if value &- 0x3131 < 0x5E {
                    try hangul(value, start, index, body)
                } else if Jamo.isConjoiningJamo(Unicode.Scalar(value)!) {
                    if value &- 0x1100 < 19, index < count, base[index] == 0xE1 {
                        let (vowel, vowelLength) = Self.decode(base, at: index, count: count)
                        if vowel &- 0x1161 < 21 {
                            index += vowelLength
                            value = 0xAC00 + ((value - 0x1100) * 21 + (vowel - 0x1161)) * 28
                            if index < count, base[index] == 0xE1 {
                                let (trailing, trailingLength) = Self.decode(base, at: index, count: count)
                                if trailing &- 0x11A8 < 27 {
                                    value += trailing - 0x11A7
                                    index += trailingLength
                                }
                            }
                            try hangul(value, start, index, body)
                            continue
                        }
                    }
                    if value == 0x115F || value == 0x1160 { continue }  // fillers
                    if let compatibility = Jamo.compatibility(Unicode.Scalar(value)!) {
                        try hangul(compatibility.value, start, index, body)
                    } else {
                        try separator(body)
                    }
                } else {
                    let folded = HangulNormalization.foldedWidth(value)
                    if folded == 0 { continue }
                    if folded < 0x80 {
                        try ascii(UInt8(folded), start, index, body, verbatim: false)
                    } else if folded &- 0x3131 < 0x5E {
                        try hangul(folded, start, index, body)
                    } else {
                        try other(Unicode.Scalar(folded)!, start, index, body)
                    }
                }
            }
            try flushWord(body)
            try flushChain(body)
            try flushRun(body)
        }

        @inline(__always)
        private mutating func ascii<E: Error>(
            _ byte: UInt8, _ start: Int, _ end: Int, _ body: (RawToken) throws(E) -> Void, verbatim: Bool = true
        ) throws(E) {
            switch byte {
            case 0x61...0x7A: try wordByte(byte, isDigit: false, start, end, verbatim, body)
            case 0x30...0x39: try wordByte(byte, isDigit: true, start, end, verbatim, body)
            case 0x41...0x5A: try wordByte(byte | 0x20, isDigit: false, start, end, verbatim, body)
            case 0x00...0x20, 0x7F: try whitespace(body)  // as ScalarClass: controls are skipped like spaces
            default: try separator(body)
            }
        }

        /// A scalar outside ASCII and Hangul: classified by its Unicode properties.
        private mutating func other<E: Error>(
            _ scalar: Unicode.Scalar, _ start: Int, _ end: Int, _ body: (RawToken) throws(E) -> Void
        ) throws(E) {
            switch ScalarClass(scalar) {
            case .whitespace: try whitespace(body)
            case .separator, .hangul: try separator(body)
            case .letter, .digit:
                try flushRun(body)
                beginWord(at: start, isDigit: false)
                var encodedLength = 0
                HangulNormalization.appendLowercased(scalar) { lower in
                    let encoded = UTF8.encode(lower)!
                    encodedLength += encoded.count
                    guard !wordIsFull && wordLength + encoded.count <= SearchTokenizer.maximumWordBytes else {
                        wordIsFull = true
                        return
                    }
                    for byte in encoded {
                        scratch[wordLength] = byte
                        wordLength += 1
                    }
                }
                if encodedLength != end - start { wordIsVerbatim = false }
                wordEnd = end
            }
        }

        @inline(__always)
        private mutating func wordByte<E: Error>(
            _ byte: UInt8, isDigit: Bool, _ start: Int, _ end: Int, _ verbatim: Bool,
            _ body: (RawToken) throws(E) -> Void
        ) throws(E) {
            if previous != 0 { try flushRun(body) }
            beginWord(at: start, isDigit: isDigit)
            if !verbatim { wordIsVerbatim = false }
            appendToWord(byte)
            wordEnd = end
        }

        @inline(__always)
        private mutating func beginWord(at start: Int, isDigit: Bool) {
            lastWasHangul = false
            if wordStart < 0 {
                wordStart = start
                wordLastWasDigit = isDigit
            } else if isDigit != wordLastWasDigit {
                wordClassChanges += 1
                wordLastWasDigit = isDigit
            }
        }

        /// Appends an ASCII byte unless the word is full: a word stops growing at the first scalar
        /// that does not fit whole.
        @inline(__always)
        private mutating func appendToWord(_ byte: UInt8) {
            guard !wordIsFull else { return }
            if wordLength < SearchTokenizer.maximumWordBytes {
                scratch[wordLength] = byte
                wordLength += 1
            } else {
                wordIsFull = true
            }
        }

        private mutating func whitespace<E: Error>(_ body: (RawToken) throws(E) -> Void) throws(E) {
            lastWasHangul = false
            try flushWord(body)
            if !bridgesWhitespace { try flushRun(body) }
        }

        /// Punctuation, symbols, emoji and invalid bytes: skipped like spaces (`카페-온` is the run
        /// `카페온`, `KT&G` the chain `kt g`), so that a query finds a name whatever punctuation
        /// either of them has.
        private mutating func separator<E: Error>(_ body: (RawToken) throws(E) -> Void) throws(E) {
            try whitespace(body)
        }

        @inline(__always)
        private func chosung(of value: UInt32) -> UInt32 {
            let offset = value &- 0xAC00
            return offset < 11_172 ? chosungs[Int(offset / 588)] : value
        }

        /// One Hangul unit (a syllable or a compatibility jamo): the bigram with the pending one.
        @inline(__always)
        private mutating func hangul<E: Error>(
            _ value: UInt32, _ start: Int, _ end: Int, _ body: (RawToken) throws(E) -> Void
        ) throws(E) {
            if wordStart >= 0 { try flushWord(body) }
            try flushChain(body)
            if !lastWasHangul {
                wordFirst = value &- 0xAC00 < 11_172 ? value : 0
                wordIndex = 0
            } else {
                wordIndex += 1
            }
            if previous != 0 {
                Self.write(previous, to: hangulToken)
                Self.write(value, to: hangulToken + 3)
                try emit(hangulToken, 6, previousStart..<end, colocated: false, body)
                if emitsWordStarts && previousStartsWord {
                    try emitWordStart(6, previousStart..<end, body)
                }
                if emitsUnigrams {
                    try emit(hangulToken, 3, previousStart..<previousEnd, colocated: true, body)
                }
                if emitsChosung {
                    let first = chosung(of: previous)
                    let second = chosung(of: value)
                    if first != previous || second != value {
                        Self.write(first, to: hangulToken + 6)
                        Self.write(second, to: hangulToken + 9)
                        try emit(hangulToken + 6, 6, previousStart..<end, colocated: true, body)
                    }
                }
                // A word's third syllable: its abbreviation token in place of the skip bigram.
                let abbreviates =
                    emitsAbbreviations && wordFirst != 0 && wordIndex >= 2
                    && wordIndex <= SearchTokenizer.maximumAbbreviationIndex && value &- 0xAC00 < 11_172
                if emitsSkips && beforePrevious != 0 && !(abbreviates && wordIndex == 2) {
                    try emitSkips(beforePrevious, value, previousStart..<end, body)
                }
                if abbreviates {
                    try emitPair(SearchTokenizer.abbreviationMarker, wordFirst, value, previousStart..<end, body)
                }
                runLength += 1
            } else {
                runLength = 1
            }
            beforePrevious = previous
            previous = value
            previousStart = start
            previousEnd = end
            previousStartsWord = !lastWasHangul
            lastWasHangul = true
        }

        /// Ends a Hangul run: the unigram of its last unit (in query mode only for a run of one).
        private mutating func flushRun<E: Error>(_ body: (RawToken) throws(E) -> Void) throws(E) {
            guard previous != 0 else { return }
            if isDocument || runLength == 1 {
                Self.write(previous, to: hangulToken)
                try emit(hangulToken, 3, previousStart..<previousEnd, colocated: false, body)
                if emitsWordStarts && previousStartsWord {
                    try emitWordStart(3, previousStart..<previousEnd, body)
                }
                if emitsChosung {
                    let initial = chosung(of: previous)
                    if initial != previous {
                        Self.write(initial, to: hangulToken + 6)
                        try emit(hangulToken + 6, 3, previousStart..<previousEnd, colocated: true, body)
                    }
                }
            }
            previous = 0
            beforePrevious = 0
            runLength = 0
        }
    }
}
