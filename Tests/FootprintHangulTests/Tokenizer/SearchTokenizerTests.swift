import Testing

@testable import FootprintHangul

@Suite struct SearchTokenizerTests {
    typealias Token = SearchTokenizer.Token

    static let plain = SearchTokenizer()
    static let full = SearchTokenizer(options: [.bridgesWhitespace, .syllableUnigrams, .chosung])

    @Test(arguments: [
        ("스타벅스", [Token("스타", 0..<6), Token("타벅", 3..<9), Token("벅스", 6..<12), Token("스", 9..<12)]),
        ("카페", [Token("카페", 0..<6), Token("페", 3..<6)]),
        ("카", [Token("카", 0..<3)]),
        (
            "스타벅스 강남",
            [
                Token("스타", 0..<6), Token("타벅", 3..<9), Token("벅스", 6..<12), Token("스강", 9..<16), Token("강남", 13..<19),
                Token("남", 16..<19),
            ]
        ),
        ("ＣＧＶ", [Token("cgv", 0..<9)]),
        ("GS25", [Token("gs25", 0..<4), Token("gs", 0..<2, colocated: true), Token("25", 2..<4, colocated: true)]),
        ("이마트24", [Token("이마", 0..<6), Token("마트", 3..<9), Token("트", 6..<9), Token("24", 9..<11)]),
        ("😀카페!", [Token("카페", 4..<10), Token("페", 7..<10)]),
        ("\u{1100}\u{1161}\u{11A8}", [Token("각", 0..<9)]),
        ("가\u{11A8}나", [Token("각나", 0..<9), Token("나", 6..<9)]),
        ("\u{1100}", [Token("ㄱ", 0..<3)]),
        ("Café", [Token("cafe", 0..<5)]),  // diacritics folded: `cafe` finds it
        ("Straße 7", [Token("straße", 0..<7), Token("straße7", 0..<9, colocated: true), Token("7", 8..<9)]),
        // Punctuation is skipped like a space: the run goes on across it.
        (
            "스타벅스, 강남",
            [
                Token("스타", 0..<6), Token("타벅", 3..<9), Token("벅스", 6..<12), Token("스강", 9..<17), Token("강남", 14..<20),
                Token("남", 17..<20),
            ]
        ),
        ("카페-온", [Token("카페", 0..<6), Token("페온", 3..<10), Token("온", 7..<10)]),
        ("KT&G", [Token("kt", 0..<2), Token("ktg", 0..<4, colocated: true), Token("g", 3..<4)]),
        ("CGV 강남", [Token("cgv", 0..<3), Token("강남", 4..<10), Token("남", 7..<10)]),
        ("＃야경", [Token("야경", 3..<9), Token("경", 6..<9)]),
        ("", []), ("  !?  ", []),
        // Words across spaces or punctuation get their joins with the words after them,
        // colocated; Hangul between them ends the chain.
        ("LCDC SEOUL", [Token("lcdc", 0..<4), Token("lcdcseoul", 0..<10, colocated: true), Token("seoul", 5..<10)]),
        (
            "a b c",
            [
                Token("a", 0..<1), Token("ab", 0..<3, colocated: true), Token("abc", 0..<5, colocated: true),
                Token("b", 2..<3), Token("bc", 2..<5, colocated: true), Token("c", 4..<5),
            ]
        ),
        ("x 강 y", [Token("x", 0..<1), Token("강", 2..<5), Token("y", 6..<7)]),
        (
            "x-y z",
            [
                Token("x", 0..<1), Token("xy", 0..<3, colocated: true), Token("xyz", 0..<5, colocated: true),
                Token("y", 2..<3), Token("yz", 2..<5, colocated: true), Token("z", 4..<5),
            ]
        ),
        // A word joins the next three words and, beyond them, the whole rest of the chain.
        (
            "a b c d e",
            [
                Token("a", 0..<1), Token("ab", 0..<3, colocated: true), Token("abc", 0..<5, colocated: true),
                Token("abcd", 0..<7, colocated: true), Token("abcde", 0..<9, colocated: true), Token("b", 2..<3),
                Token("bc", 2..<5, colocated: true), Token("bcd", 2..<7, colocated: true),
                Token("bcde", 2..<9, colocated: true), Token("c", 4..<5), Token("cd", 4..<7, colocated: true),
                Token("cde", 4..<9, colocated: true), Token("d", 6..<7), Token("de", 6..<9, colocated: true),
                Token("e", 8..<9),
            ]
        ),
        (
            "GS25 역삼",
            [
                Token("gs25", 0..<4), Token("gs", 0..<2, colocated: true), Token("25", 2..<4, colocated: true),
                Token("역삼", 5..<11), Token("삼", 8..<11),
            ]
        ),
        // Invisible characters do not break a run: 별 + soft hyphen + 빛 still gives 별빛.
        ("별\u{00AD}빛", [Token("별빛", 0..<8), Token("빛", 5..<8)]),
        ("카\u{1}페", [Token("카페", 0..<7), Token("페", 4..<7)]),
    ])
    func documentTokens(text: String, tokens: [Token]) {
        #expect(Self.plain.tokens(in: text) == tokens)
    }

    @Test func aLongChainJoinsItsWholeRest() {
        let tokens = Self.plain.tokens(in: "The Coffee Bean and Tea Leaf")
        let atCoffee = tokens.filter { $0.byteRange.lowerBound == 4 }.map(\.text)
        #expect(atCoffee == ["coffee", "coffeebean", "coffeebeanand", "coffeebeanandtea", "coffeebeanandtealeaf"])
        #expect(tokens.filter { !$0.isColocated }.map(\.text) == ["the", "coffee", "bean", "and", "tea", "leaf"])
    }

    @Test func wordSuffixesAreColocated() {
        let tokenizer = SearchTokenizer(options: [.bridgesWhitespace, .wordSuffixes])
        #expect(
            tokenizer.tokens(in: "CGV 강남") == [
                Token("cgv", 0..<3), Token("gv", 1..<3, colocated: true), Token("v", 2..<3, colocated: true),
                Token("강남", 4..<10), Token("남", 7..<10),
            ])
        // A word of letters and digits: its suffixes, then its parts but the last (a suffix).
        #expect(
            tokenizer.tokens(in: "GS25") == [
                Token("gs25", 0..<4), Token("s25", 1..<4, colocated: true), Token("25", 2..<4, colocated: true),
                Token("5", 3..<4, colocated: true), Token("gs", 0..<2, colocated: true),
            ])
        // Not in query mode, and not for a word over 32 bytes.
        #expect(tokenizer.tokens(in: "cgv", mode: .query) == [Token("cgv", 0..<3)])
        let long = String(repeating: "a", count: 33)
        #expect(tokenizer.tokens(in: long) == [Token(long, 0..<33)])
    }

    @Test func wordStartsAreMarked() {
        let tokenizer = SearchTokenizer(options: [.bridgesWhitespace, .wordStarts])
        #expect(
            tokenizer.tokens(in: "스타 CGV강남 (역)") == [
                Token("스타", 0..<6), Token("#스타", 0..<6, colocated: true), Token("타", 3..<6), Token("cgv", 7..<10),
                Token("강남", 10..<16), Token("#강남", 10..<16, colocated: true), Token("남역", 13..<21),
                Token("역", 18..<21), Token("#역", 18..<21, colocated: true),
            ])
        #expect(tokenizer.tokens(in: "강남", mode: .query) == [Token("강남", 0..<6)])
    }

    @Test func withoutBridgingARunEndsAtASpace() {
        let tokenizer = SearchTokenizer(options: [])
        #expect(
            tokenizer.tokens(in: "스타 강남") == [
                Token("스타", 0..<6), Token("타", 3..<6), Token("강남", 7..<13), Token("남", 10..<13),
            ])
    }

    @Test func optionsAddColocatedUnigramsAndChosung() {
        #expect(
            Self.full.tokens(in: "스타벅") == [
                Token("스타", 0..<6), Token("스", 0..<3, colocated: true), Token("ㅅㅌ", 0..<6, colocated: true),
                Token("타벅", 3..<9), Token("타", 3..<6, colocated: true), Token("ㅌㅂ", 3..<9, colocated: true),
                Token("벅", 6..<9), Token("ㅂ", 6..<9, colocated: true),
            ])
        // A jamo is its own 초성: no duplicate token.
        #expect(
            SearchTokenizer(options: [.chosung]).tokens(in: "ㅋㅋ카") == [
                Token("ㅋㅋ", 0..<6), Token("ㅋ카", 3..<9), Token("ㅋㅋ", 3..<9, colocated: true), Token("카", 6..<9),
                Token("ㅋ", 6..<9, colocated: true),
            ])
    }

    @Test(arguments: [
        ("스타벅스", ["스타", "타벅", "벅스"]), ("카", ["카"]), ("스타벅스 강남", ["스타", "타벅", "벅스", "스강", "강남"]),
        ("ㅅㅌㅂ", ["ㅅㅌ", "ㅌㅂ"]), ("cgv 강남", ["cgv", "강남"]), ("GS25", ["gs25"]), ("ㄱ", ["ㄱ"]),
    ])
    func queryTokens(query: String, tokens: [String]) {
        let emitted = Self.full.tokens(in: query, mode: .query)
        #expect(emitted.map(\.text) == tokens)
        #expect(emitted.allSatisfy { !$0.isColocated })
    }

    @Test func invalidUTF8IsSkipped() {
        let bytes: [UInt8] = [0xFF, 0xEA, 0xB0, 0x80, 0xC3, 0x20, 0xED, 0xA0, 0x80, 0x61, 0xF4, 0x90, 0x80, 0x80]
        var tokens: [Token] = []
        bytes.withUnsafeBufferPointer { buffer in
            Self.plain.tokenize(utf8: buffer, mode: .document) { token in
                tokens.append(Token(token.text, token.byteRange, colocated: token.isColocated))
            }
        }
        #expect(tokens == [Token("가", 1..<4), Token("a", 9..<10)])
    }

    @Test func longWordsAreCutAtAScalarBoundary() {
        // Cyrillic ж: a two-byte letter that no folding changes (é would fold to e).
        let word = String(repeating: "ж", count: 10_000)
        let tokens = Self.plain.tokens(in: word)
        #expect(tokens.count == 1)
        #expect(tokens[0].text == String(repeating: "ж", count: SearchTokenizer.maximumWordBytes / 2))
        #expect(tokens[0].byteRange == 0..<20_000)
        let odd = "a" + word
        #expect(Self.plain.tokens(in: odd)[0].text.utf8.count == SearchTokenizer.maximumWordBytes - 1)
    }

    @Test func callbackErrorsPropagate() {
        struct Stop: Error {}
        var seen = 0
        var text = "스타벅스 강남"
        #expect(throws: Stop.self) {
            try text.withUTF8 { utf8 in
                try Self.plain.tokenize(utf8: utf8, mode: .document) { (_: SearchTokenizer.RawToken) throws(Stop) in
                    seen += 1
                    if seen == 2 { throw Stop() }
                }
            }
        }
        #expect(seen == 2)
    }

    @Test func arbitraryInputGivesWellFormedTokens() {
        let junk =
            "\"*-^:NEAR AND OR NOT() ㅏㅏ ㄱ 😀👍🏽 \u{0}\u{7F} 가\u{301}나 ﾡﾢ Ａ１ " + String(repeating: "스타벅스 ", count: 200)
        var text = junk
        text.withUTF8 { utf8 in
            Self.full.tokenize(utf8: utf8, mode: .document) { token in
                #expect(token.byteRange.lowerBound >= 0 && token.byteRange.upperBound <= utf8.count)
                #expect(!token.bytes.isEmpty)
                #expect(String(validating: token.bytes, as: UTF8.self) != nil)
            }
        }
    }

    /// Positions as FTS5 counts them: every non-colocated token opens one.
    private static func positions(_ tokens: [Token]) -> [Set<String>] {
        var positions: [Set<String>] = []
        for token in tokens {
            if token.isColocated {
                positions[positions.count - 1].insert(token.text)
            } else {
                positions.append([token.text])
            }
        }
        return positions
    }

    private static func phraseOccurs(_ phrase: [String], in positions: [Set<String>]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= positions.count else { return false }
        return (0...(positions.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { positions[start + $0].contains(phrase[$0]) }
        }
    }

    private static func prefixOccurs(_ prefix: String, in positions: [Set<String>]) -> Bool {
        positions.contains { $0.contains { $0.hasPrefix(prefix) } }
    }

    /// What the store's index relies on: a Hangul substring of two or more syllables (spaces
    /// ignored) is found as a phrase of its query tokens exactly when the name contains it, and
    /// one syllable as a prefix term.
    @Test func phrasesOfQueryTokensFindExactlyTheContainingNames() {
        let names = KoreanPlaceNames.all.filter {
            $0.unicodeScalars.allSatisfy { HangulSyllable($0) != nil || $0 == " " }
        }
        let indexed = names.map { Self.positions(Self.plain.tokens(in: $0)) }
        let normalized = names.map(HangulNormalization.searchNormalized)
        var queries = Set<String>()
        for name in normalized {
            let scalars = Array(name.unicodeScalars)
            for start in scalars.indices {
                for end in (start + 1)...min(scalars.count, start + 4) {
                    queries.insert(String(String.UnicodeScalarView(scalars[start..<end])))
                }
            }
        }
        for query in queries {
            let tokens = Self.plain.tokens(in: query, mode: .query).map(\.text)
            for (positions, name) in zip(indexed, normalized) {
                let found =
                    query.unicodeScalars.count == 1
                    ? Self.prefixOccurs(tokens[0], in: positions) : Self.phraseOccurs(tokens, in: positions)
                #expect(found == name.contains(query), "\(query) in \(name)")
            }
        }
    }

    /// With the 초성 option, the 초성 of any run of two or more syllables is a phrase of the name's
    /// tokens.
    @Test func chosungPhrasesFindTheirNames() {
        let tokenizer = SearchTokenizer(options: [.bridgesWhitespace, .chosung])
        for name in KoreanPlaceNames.all {
            let positions = Self.positions(tokenizer.tokens(in: name))
            let scalars = Array(HangulNormalization.searchNormalized(name).unicodeScalars)
            for start in scalars.indices {
                for end in (start + 2)...max(start + 2, min(scalars.count, start + 5)) where end <= scalars.count {
                    let slice = scalars[start..<end]
                    guard slice.allSatisfy({ HangulSyllable($0) != nil }) else { continue }
                    let chosung = Chosung.of(String(String.UnicodeScalarView(slice)))
                    let tokens = tokenizer.tokens(in: chosung, mode: .query).map(\.text)
                    #expect(Self.phraseOccurs(tokens, in: positions), "\(chosung) in \(name)")
                }
            }
        }
    }
}
