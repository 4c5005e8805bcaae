import Testing

@testable import footprint

/// Terminal widths as wcwidth(3) counts them (Markus Kuhn's wcwidth.c: East Asian Wide = 2,
/// combining and Hangul medial/final jamo = 0).
@Suite struct TableWidthTests {
    @Test(arguments: [
        ("카페", 4), ("CGV 강남", 8), ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1161}\u{11BC}", 4),  // 한강 decomposed
        ("cafe\u{301}", 4), ("별\u{00AD}빛", 5), ("a\u{200D}b", 2), ("ＣＧＶ", 6),
    ])
    func width(text: String, cells: Int) {
        #expect(Table.width(text) == cells)
    }
}
