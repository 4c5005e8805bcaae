import Testing

@testable import FootprintHangul

@Suite struct MatchPatternTests {
    private func units(_ query: String, _ rule: MatchRule) -> [[MatchPattern.Unit]] {
        HangulQuery(query).patterns.filter { $0.rule == rule }.map(\.units)
    }

    @Test func halfTypedLastSyllableExpandsToRangesAndNextInitial() {
        #expect(units("강나", .partialSyllable) == [[.text("강"), .syllable(in: ["나"..."낳"])]])
        #expect(units("제잇", .partialSyllable) == [[.text("제이"), .chosung("ㅅ")]])
        #expect(units("희미용ㅅ", .partialSyllable) == [[.text("희미용"), .chosung("ㅅ")]])
        #expect(units("닭", .partialSyllable) == [[.text("달"), .chosung("ㄱ")]])
        // ㄹ may still become ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ: 달…닳 is one range.
        #expect(units("달", .partialSyllable) == [[.syllable(in: ["달"..."닳"])], [.text("다"), .chosung("ㄹ")]])
        // ㄱ may become ㄳ but not ㄲ (another key): two ranges.
        #expect(
            units("각", .partialSyllable) == [[.syllable(in: ["각"..."각", "갃"..."갃"])], [.text("가"), .chosung("ㄱ")]])
        // ㅗ may become ㅘ ㅙ ㅚ.
        #expect(units("고", .partialSyllable) == [[.syllable(in: ["고"..."굏"])]])  // 굏: ㄱ ㅚ ㅎ
        // ㄲ as a final is one key: it completes nothing, but may be the next initial.
        #expect(units("밖", .partialSyllable) == [[.text("바"), .chosung("ㄲ")]])
    }

    @Test func chosungAndDoubledPatterns() {
        #expect(units("ㅅㅌㅂㅅ", .chosung) == [[.chosung("ㅅ"), .chosung("ㅌ"), .chosung("ㅂ"), .chosung("ㅅ")]])
        #expect(units("ㅅㅅㅁㄷ", .doubledConsonant) == [[.chosung("ㅆ"), .chosung("ㅁ"), .chosung("ㄷ")]])
        #expect(units("ㄱㄱㄱ", .doubledConsonant) == [[.chosung("ㄲ"), .chosung("ㄱ")], [.chosung("ㄱ"), .chosung("ㄲ")]])
        #expect(units("ㄳ", .chosung) == [[.chosung("ㄱ"), .chosung("ㅅ")]])
        #expect(units("ㄱㄱㄱㄱㄱㄱㄱㄱ", .doubledConsonant).count == HangulQuery.maximumDoubledVariants)
        #expect(units("스ㅌㅂ", .mixedChosung) == [[.text("스"), .chosung("ㅌ"), .chosung("ㅂ")]])
    }

    @Test func literalAndChosungForAnIndex() throws {
        let partial = try #require(HangulQuery("스타벅스 강나").patterns.first { $0.rule == .partialSyllable })
        #expect(partial.literal == "스타벅스강")
        #expect(partial.chosung == "ㅅㅌㅂㅅㄱㄴ")
        let chosung = try #require(HangulQuery("ㅅㅌㅂ").patterns.first { $0.rule == .chosung })
        #expect(chosung.literal == "")
        #expect(chosung.chosung == "ㅅㅌㅂ")
        let mixed = try #require(HangulQuery("CGV ㄱㄴ").patterns.first { $0.rule == .mixedChosung })
        #expect(mixed.literal == "cgv")
        #expect(mixed.chosung == "cgvㄱㄴ")
    }

    /// A pattern's `chosung` is a substring of every matching text's `chosung`, and its `literal`
    /// of the text: what makes them safe to look up in an index.
    @Test func indexKeysAreContainedInEveryMatch() {
        let queries = ["강나", "제잇", "희미용ㅅ", "ㅅㅌㅂㅅ", "스ㅌㅂ", "닭", "ㅅㅅㅁㄷ", "tmxkqjrtm", "ㅊㅎㅍ", "고", "cgvㄱㄴ", "일"]
        for query in queries.map(HangulQuery.init) {
            for name in KoreanPlaceNames.all {
                let text = SearchableText(name)
                for pattern in query.patterns where pattern.position(in: text) != nil {
                    #expect(
                        pattern.literal.isEmpty || text.normalized.contains(pattern.literal),
                        "\(pattern.literal) in \(name)")
                    #expect(text.chosung.contains(pattern.chosung), "\(pattern.chosung) in \(name)")
                    #expect(!pattern.chosung.isEmpty)
                }
            }
        }
    }

    @Test func adjacentTextUnitsMerge() {
        let pattern = MatchPattern(rule: .exact, units: [.text("스타"), .text(""), .text("벅스"), .chosung("ㄱ")])
        #expect(pattern.units == [.text("스타벅스"), .chosung("ㄱ")])
        #expect(pattern.position(in: SearchableText("스타벅스 강남")) == .prefix)
        #expect(pattern.position(in: SearchableText("스타벅스")) == nil)
        #expect(MatchPattern(rule: .exact, units: []).position(in: SearchableText("가")) == nil)
        let empty = MatchPattern(rule: .partialSyllable, units: [.syllable(in: [])])
        #expect(empty.position(in: SearchableText("가")) == nil)
        #expect(empty.chosung == "")
    }

    @Test func searchableTextKeys() {
        let text = SearchableText("CGV 강남 닭갈비")
        #expect(text.normalized == "cgv강남닭갈비")
        #expect(text.chosung == "cgvㄱㄴㄷㄱㅂ")
        #expect(text.keystrokes == "cgvㄱㅏㅇㄴㅏㅁㄷㅏㄹㄱㄱㅏㄹㅂㅣ")
        #expect(text.wordStartOffsets == [0, 3, 5])
    }
}
