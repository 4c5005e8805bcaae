import FootprintHangul
import Testing

@testable import FootprintStore

/// The MATCH expressions: document-mode terms, one per position, every one quoted.
@Suite struct SearchExpressionTests {
    static func literal(_ text: String) -> String? {
        SearchExpression.Phrase(literal: text).map { SearchExpression.phrase($0).text }
    }

    @Test func literalPhrasesAreTheDocumentsTerms() {
        #expect(Self.literal("스타벅스") == #""스타" + "타벅" + "벅스""#)
        #expect(Self.literal("스타벅스 강남") == #""스타" + "타벅" + "벅스" + "스강" + "강남""#)
        #expect(Self.literal("카") == #""카"*"#)
        #expect(Self.literal("CGV 강") == #"("cgv" + "강"*) OR (("cgv") AND ("강"*))"#)
        #expect(Self.literal("메가MGC") == #""메가" + "가" + "mgc"*"#)
        // A chain of words is also looked up as its join, the phrase cut after it.
        #expect(Self.literal("lcdc seoul") == #"("lcdc" + "seoul"*) OR (("lcdcseoul"*))"#)
        #expect(Self.literal("kt g 상상") == #"("kt" + "g" + "상상") OR (("ktg") AND ("상상"))"#)
        let joined = SearchExpression.phrase(SearchExpression.Phrase(literal: "blue bottle 성수")!, anchored: true)
        #expect(joined.text == #"(^"blue" + "bottle" + "성수") OR ((^"bluebottle") AND ("성수"))"#)
        #expect(Self.literal("\"*^:()") == nil)
        #expect(
            Self.literal("NEAR(카페 OR 서울)")
                == #"("near" + "카페" + "페" + "or" + "서울") OR (("near") AND ("카페" + "페" + "or") AND ("서울"))"#)
        let anchored = SearchExpression.phrase(SearchExpression.Phrase(literal: "호텔")!, anchored: true)
        #expect(anchored.text == #"^"호텔""#)
        let tags = SearchExpression.phrase(SearchExpression.Phrase(literal: "야")!, column: "tags")
        #expect(tags.text == #"tags : ("야"*)"#)
    }

    @Test func longQueriesAreCutAndMarkedForChecking() throws {
        let phrase = try #require(SearchExpression.Phrase(literal: String(repeating: "가나", count: 5_000)))
        #expect(phrase.terms.count == SearchExpression.maximumPhraseTerms)
        #expect(!phrase.isComplete)
        #expect(phrase.terms.allSatisfy { !$0.isPrefix })
    }

    @Test func readingsUseChosungTermsWhereTheTextIsUnknown() throws {
        func expressions(_ query: String, _ rule: MatchRule) -> [String] {
            HangulQuery(query).patterns.filter { $0.rule == rule }.compactMap { SearchExpression.pattern($0)?.text }
        }
        #expect(expressions("ㅅㅌㅂㅅ", .chosung) == [#""ㅅㅌ" + "ㅌㅂ" + "ㅂㅅ""#])
        #expect(expressions("스ㅌㅂ", .mixedChosung) == [#""ㅅㅌ" + "ㅌㅂ""#])
        #expect(expressions("제잇", .partialSyllable).contains(#""제이" + "ㅇㅅ""#))
        // A half-typed last syllable after literal text: each completion looked up exactly.
        let completions = try #require(expressions("강나", .partialSyllable).first)
        #expect(completions.hasPrefix(#"("강나") OR ("강낙") OR"#))
        #expect(completions.contains(#"("강남")"#))
        #expect(completions.components(separatedBy: " OR ").count == 28)
        // A lone consonant: its tokens spelled out, not the prefix term `"ㄱ"*` (read into memory
        // whole by FTS5).
        let lone = try #require(expressions("ㄱ", .chosung).first)
        #expect(lone.hasPrefix(#"("ㄱ") OR ("ㄱㄱ") OR ("ㄱㄲ")"#))
        #expect(lone.components(separatedBy: " OR ").count == 95)
        #expect(!lone.contains("*"))
        let anchored = HangulQuery("ㅅㅌ").patterns.first { $0.rule == .chosung }.flatMap {
            SearchExpression.pattern($0, anchored: true)
        }
        #expect(anchored?.text == #"^"ㅅㅌ""#)
    }

    @Test func alternativesAreParenthesised() {
        let a = SearchExpression.phrase(SearchExpression.Phrase(literal: "카페")!)
        let b = SearchExpression.phrase(SearchExpression.Phrase(literal: "서울")!)
        #expect(SearchExpression.any([a, b, a])?.text == #"("카페") OR ("서울")"#)
        #expect(SearchExpression.all([a, b])?.text == #"("카페") AND ("서울")"#)
        #expect(SearchExpression.any([]) == nil)
    }
}
