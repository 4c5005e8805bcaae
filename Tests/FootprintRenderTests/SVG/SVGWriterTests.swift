import Testing

@testable import FootprintRender

@Suite struct SVGWriterTests {
    func written(_ body: (inout SVGWriter) -> Void) -> String {
        var writer = SVGWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.04, "0"), (1.25, "1.3"), (-1.25, "-1.3"), (12.0, "12"), (255.96, "256"), (-64.0, "-64"),
        (1234567.89, "1234567.9"), (Double.nan, "0"),
    ])
    func numbersHaveOneDecimal(value: Double, text: String) {
        #expect(written { $0.number(value) } == text)
    }

    @Test func pairsUseTheMinusAsSeparator() {
        #expect(written { $0.pair(1.5, -2) } == "1.5-2")
        #expect(written { $0.pair(-1.5, 2) } == "-1.5 2")
        #expect(written { $0.pair(3, -0.01) } == "3 0")
    }

    @Test func textIsEscaped() {
        #expect(
            written { $0.text("<script>alert(1)</script> & \"q\"") }
                == "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\"")
    }

    @Test func attributesEscapeQuotes() {
        #expect(
            written { $0.attribute("x", "\"><svg onload='1'>") } == " x=\"&quot;&gt;&lt;svg onload=&apos;1&apos;&gt;\"")
    }

    @Test func controlCharactersAreReplaced() {
        #expect(written { $0.text("a\u{1}b\u{7F}c\u{FFFE}d\nе") } == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d е")
    }

    @Test func hangulPassesThrough() {
        #expect(written { $0.text("성수동 카페") } == "성수동 카페")
    }
}
