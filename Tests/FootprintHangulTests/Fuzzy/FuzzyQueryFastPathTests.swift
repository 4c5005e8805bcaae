import Testing

@testable import FootprintHangul

/// The fast paths a fuzzy look-up takes for each of its thousands of candidates give exactly
/// what the general code gives: names read from their UTF-8 bytes, and the typo distance's
/// table of substitution costs.
@Suite struct FuzzyQueryFastPathTests {
    static let names = [
        "스타벅스 강남역점", "CGV 용산아이파크몰", "GS25 역삼점", "카페-온", "KT&G 상상마당", "ＣＧＶ 강남", "닭갈비 골목", "숲", "",
        "Café Noir", "cafe\u{301} noir", "스타벅스\u{0}강남", "\u{1100}\u{1161}\u{11A8}", "가\u{11A8}나", "ㅅㅌㅂㅅ", "😀 이모지 카페",
        "ﾀ half", "\u{3164}채움", "A\u{3000}B", "  앞뒤 공백  ", "Ünïcödé 카페", "123 456", "\u{7F}제어",
    ]

    @Test(arguments: names)
    func aNameReadFromItsBytesIsTheSameText(name: String) {
        var utf8 = Array(name.utf8)
        let fromBytes = utf8.withUnsafeMutableBufferPointer { SearchableText(utf8: UnsafeBufferPointer($0)) }
        #expect(fromBytes == SearchableText(name))
    }

    /// Every pair of keystroke jamo, Latin letters and digits costs in the table what
    /// ``FuzzyQuery/substitutionCost(_:_:)`` says.
    @Test func theSubstitutionTableAgreesWithTheKeyboard() throws {
        let keys = Jamo.keystrokeJamo.map(\.value) + (0x20..<0x7F).map { UInt32($0) }
        let table = FuzzyQuery.substitutionCosts(for: keys)
        for (row, typed) in keys.enumerated() {
            for intended in keys {
                let slot = try #require(FuzzyQuery.costSlot(intended))
                #expect(table[row * FuzzyQuery.costSlots + slot] == FuzzyQuery.substitutionCost(intended, typed))
            }
        }
        #expect(FuzzyQuery.costSlot(0xAC00) == nil)
    }

    /// Names with keys outside the table (a CJK ideograph) still
    /// align: their cost is computed.
    @Test func keysOutsideTheTableAreStillCompared() throws {
        let match = try #require(FuzzyQuery("스카벅스").match(SearchableText("漢 스타벅스")))
        #expect(match.reading == .typo)
        #expect(match.forgiven == "ㅌ→ㅋ at 2")
        // A key outside the table replaced by a keystroke: a whole edit, not a neighbour's half.
        let replaced = try #require(FuzzyQuery("스타벅스점").match(SearchableText("스타벅漢점")))
        #expect(replaced.reading == .typo)
        #expect(replaced.cost == 4)
    }
}
