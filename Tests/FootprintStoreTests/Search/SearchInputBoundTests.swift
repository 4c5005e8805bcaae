import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// The bounds that keep a hostile query (issue 18: long, mixed scripts, alternating jamo and
/// Latin) a small search, and that they change no result.
@Suite struct SearchInputBoundTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// `ㅅaㅂㅅaㅂ…`, 100 characters: a stretch of Hangul or Latin at every change.
    static let alternating = String(String(repeating: "ㅅaㅂ", count: 34).prefix(100))

    /// 10,000 characters drawn from Latin, digits, Hangul syllables, lone consonants, CJK,
    /// emoji, punctuation and spaces (no lone vowel, which would leave the query without
    /// readings), the same on every run.
    static func randomText(count: Int = 10_000, seed: UInt64 = 18) -> String {
        var generator = SeededGenerator(seed: seed)
        let ranges: [ClosedRange<UInt32>] = [
            0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0xAC00...0xD7A3, 0x3131...0x314E, 0x4E00...0x9FFF,
            0x1F600...0x1F64F, 0x21...0x2F, 0x20...0x20,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            let range = ranges[Int(generator.next() % UInt64(ranges.count))]
            let value = range.lowerBound + UInt32(generator.next() % UInt64(range.count))
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// Every name look-up of a query's plan.
    static func nameExpressions(_ text: String, exact: Bool = true) throws -> [SearchExpression] {
        let query = try SearchQuery(text, exact: exact).validated()
        let plan = SearchPlan(SearchMatcher(query), query: query)
        return (plan.stages + plan.laterStages()).compactMap {
            if case .names(let expression) = $0.source { return expression }
            return nil
        }
    }

    /// A pattern look-up ANDs at most ``SearchExpression/maximumPatternStretches`` stretches:
    /// the alternating query had ~66 (each a prefix term FTS5 expands over most of the index:
    /// 4.6 s at a million places), 10,000 random characters thousands (34 s, 928 MB).
    @Test func aPatternLookUpIsBounded() throws {
        let bound = SearchExpression.maximumPatternStretches
        for text in [Self.alternating, Self.randomText(count: 150)] {
            let query = HangulQuery(HangulNormalization.normalized(text))
            #expect(query.normalized.unicodeScalars.count <= HangulQuery.maximumReadScalars)
            let patterns = query.patterns.filter { $0.rule != .exact }
            #expect(!patterns.isEmpty, "\(text.prefix(20)): no reading to bound")
            for pattern in patterns {
                guard let expression = SearchExpression.pattern(pattern) else { continue }
                let phrases = expression.text.components(separatedBy: ") AND (").count
                #expect(phrases <= bound, "\(text.prefix(20)): \(phrases) phrases ANDed")
            }
            for expression in try Self.nameExpressions(text) {
                // Each ANDed phrase has at most maximumPhraseTerms terms; ORs of a few readings.
                let terms = expression.text.components(separatedBy: "\"").count / 2
                #expect(terms <= 4_000, "\(text.prefix(20)): \(terms) terms in one look-up")
            }
        }
    }

    /// A query of more than ``HangulQuery/maximumReadScalars`` scalars is looked up as written
    /// only: a name holding it is found, one that only its readings would match is not, and the
    /// plan has no reading stage (10,000 random characters: the literal phrase, its words).
    @Test func aLongQueryIsLookedUpAsWritten() throws {
        let temporary = try TemporaryStore()
        let words = (0..<70).map { String(Unicode.Scalar(0xAC00 + UInt32($0) * 28)!) + "나" }
        let long = words.joined()
        let found = try temporary.store.addPlace(Place(name: "긴 " + long + " 가게", coordinate: Self.seoul))
        _ = try temporary.store.addPlace(Place(name: String(long.dropLast()), coordinate: Self.seoul))
        let results = try temporary.store.search(SearchQuery(long))
        #expect(results.map(\.place.id) == [found.id])
        #expect(results.first?.match.kind == .wordPrefix)
        // Its 초성 (140 consonants) is no reading of a long query: only a name holding the jamo.
        let chosung = String(String.UnicodeScalarView(long.unicodeScalars.map { HangulSyllable($0)!.chosung }))
        #expect(try temporary.store.search(SearchQuery(chosung)).isEmpty)
        let query = try SearchQuery(Self.randomText()).validated()
        let plan = SearchPlan(SearchMatcher(query), query: query)
        #expect(SearchMatcher(query).hangul.patterns.map(\.rule) == [.exact])
        #expect(SearchMatcher(query).fuzzy == nil)
        #expect(plan.stages.count + plan.laterStages().count <= 6)
    }

    /// The longest stretches are the ones kept, in their order; fewer than the bound are all kept.
    @Test func theLongestStretchesAreKept() {
        let units = SearchExpression.PatternUnit.units(
            of: MatchPattern(rule: .mixedChosung, units: [.text("a"), .chosung("ㄱ"), .text("bc")]))
        #expect(SearchExpression.mostSelective([units]) == [units])
        let stretches: [[SearchExpression.PatternUnit]] = [
            [.initial("ㄱ")], [.other("a")], [.literalHangul("가"), .literalHangul("나")], [.initial("ㄴ")],
            [.other("b"), .other("c"), .other("d")], [.literalHangul("다")], [.other("e")],
        ]
        #expect(
            SearchExpression.mostSelective(stretches) == [
                [.other("a")], [.literalHangul("가"), .literalHangul("나")], [.other("b"), .other("c"), .other("d")],
                [.literalHangul("다")],
            ])
    }

    /// Leaving stretches out widens the candidates only: a name the bounded reading matches is
    /// still found, and one it does not match is not.
    @Test func aBoundedLookUpFindsTheSamePlaces() throws {
        let temporary = try TemporaryStore()
        let found = try temporary.store.addPlace(Place(name: "a가b나c다d라e마f바", coordinate: Self.seoul))
        _ = try temporary.store.addPlace(Place(name: "a가b나c다d라e마g바", coordinate: Self.seoul))
        _ = try temporary.store.addPlace(Place(name: "카페", coordinate: Self.seoul))
        let results = try temporary.store.search(SearchQuery("aㄱbㄴcㄷdㄹeㅁfㅂ", exact: true))
        #expect(results.map(\.place.id) == [found.id])
        #expect(results.first?.match.kind == .mixedChosung)
    }

    /// Past ``SearchMatcher/maximumContainmentWords`` distinct words, repeats are still left out
    /// but words inside others are kept (redundant for the matcher, never wrong).
    @Test func containmentIsLookedForAmongFewWords() {
        let few = (0..<10).map { "단어\($0)" } + ["단어"]
        #expect(SearchMatcher.distinctWords(of: few.joined(separator: " ")) == Array(few.dropLast()))
        let many = (0..<100).map { "단어\($0)" } + ["단어", "단어0"]
        #expect(SearchMatcher.distinctWords(of: many.joined(separator: " ")) == Array(many.dropLast()))
    }

    /// A query of punctuation or emoji only is scanned for: in the name with its spaces left out,
    /// and in the other fields as stored.
    @Test func symbolsOnlyAreScannedForInEveryField() throws {
        let temporary = try TemporaryStore()
        let spaced = try temporary.store.addPlace(Place(name: "왜 !! ?? 카페", coordinate: Self.seoul))
        let noted = try temporary.store.addPlace(Place(name: "바", coordinate: Self.seoul, note: "메모 😀😀 끝"))
        let addressed = try temporary.store.addPlace(
            Place(name: "집", coordinate: Self.seoul, address: "서울 1-2"))
        _ = try temporary.store.addPlace(Place(name: "! ? 카페", coordinate: Self.seoul, note: "😀"))
        func ids(_ text: String) throws -> Set<Int64> {
            Set(try temporary.store.search(SearchQuery(text)).compactMap(\.place.id))
        }
        #expect(try ids("!!??") == [spaced.id!])
        #expect(try ids("😀😀") == [noted.id!])
        #expect(try ids("-") == [addressed.id!])
        #expect(try ids("?!").isEmpty)
    }
}
