import Testing

@testable import FootprintHangul

/// The 2-set IME automaton.
@Suite struct HangulComposerTests {
    @Test(arguments: [
        ("ㄷㅏㄹㄱㄱㅏㄹㅂㅣ", "닭갈비"), ("ㅇㅗㅏㄴㄹㅛ", "완료"), ("ㅇㅘㄴㄹㅛ", "완료"), ("ㄱㅏㄱㅏ", "가가"), ("ㄱㅅ", "ㄳ"),
        ("ㄱㅅㅏ", "ㄱ사"), ("ㅗㅏ", "ㅘ"), ("ㄱㄱ", "ㄱㄱ"), ("ㅏㅏ", "ㅏㅏ"), ("ㄸㅏㄸ", "따ㄸ"), ("ㄷㅏㄹㄱㅣ", "달기"),
        ("가ㄴ", "가ㄴ"), ("ㄱ a", "ㄱ a"), ("ㅂㅜㅔㄹㄱ", "뷁"), ("ㄱㅏㅂㅅㅇㅣ", "값이"), ("ㄱㅏㅂㅅㅣ", "갑시"), ("", ""),
        ("ㅏㄱ", "ㅏㄱ"), ("ㅇㅡㅣㅅㅏ", "의사"),
    ])
    func composes(jamo: String, text: String) {
        #expect(HangulComposer.compose(jamo) == text)
    }

    /// What an IME shows after each key: the three as-you-type forms of the issue appear.
    @Test(arguments: [
        ("강남", ["ㄱ", "가", "강", "강ㄴ", "강나", "강남"]),
        ("제이샵", ["ㅈ", "제", "젱", "제이", "제잇", "제이샤", "제이샵"]),
        ("희미용실", ["ㅎ", "흐", "희", "흼", "희미", "희밍", "희미요", "희미용", "희미용ㅅ", "희미용시", "희미용실"]),
        ("닭갈비", ["ㄷ", "다", "달", "닭", "닭ㄱ", "닭가", "닭갈", "닭갋", "닭갈비"]),  // ㄹ+ㅂ → ㄼ, then split
        ("과일", ["ㄱ", "고", "과", "광", "과이", "과일"]),
    ])
    func showsEachStateWhileTyping(word: String, states: [String]) {
        var composer = HangulComposer()
        var shown: [String] = []
        for key in DubeolsikKeyboard.keystrokes(of: word).unicodeScalars {
            composer.type(key)
            shown.append(composer.text)
        }
        #expect(shown == states)
    }
}
