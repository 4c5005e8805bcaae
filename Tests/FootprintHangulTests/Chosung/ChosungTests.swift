import Testing

@testable import FootprintHangul

@Suite struct ChosungTests {
    @Test(arguments: [
        ("스타벅스", "ㅅㅌㅂㅅ"), ("까치", "ㄲㅊ"), ("꽃집", "ㄲㅈ"), ("빵집", "ㅃㅈ"), ("쌍문동", "ㅆㅁㄷ"), ("CGV 강남", "CGV ㄱㄴ"),
        ("안녕하세요", "ㅇㄴㅎㅅㅇ"), ("ㅋㅋ", "ㅋㅋ"), ("닭갈비", "ㄷㄱㅂ"), ("짜장면", "ㅉㅈㅁ"), ("따릉이", "ㄸㄹㅇ"),
        ("\u{1100}\u{1161}\u{11A8}", "ㄱ"), ("", ""),
    ])
    func chosungOfText(text: String, chosung: String) {
        #expect(Chosung.of(text) == chosung)
    }

    @Test(arguments: [
        ("ㅅㅌㅂㅅ", ChosungQueryShape.chosungOnly), ("ㄱ ㄴ ㅇ", .chosungOnly), ("ㄳ", .chosungOnly), ("ㄲㅊ", .chosungOnly),
        ("스ㅌㅂ", .mixed), ("희미용ㅅ", .mixed), ("cgvㄱㄴ", .mixed), ("ㅅㅏ", .mixed),
        ("스타벅스", .none), ("cgv", .none), ("ㅏㅏ", .none), ("", .none), ("   ", .none),
    ])
    func queryShape(query: String, shape: ChosungQueryShape) {
        #expect(Chosung.queryShape(of: query) == shape)
    }
}
