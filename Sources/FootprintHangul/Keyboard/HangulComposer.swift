/// Builds syllables from jamo typed one at a time, as a 2-set (두벌식) input method does.
///
/// The automaton of KS X 5002 keyboards as Windows, macOS and phone IMEs implement it:
/// - a consonant after a vowel becomes that syllable's `jongsung` (종성 — final consonant) when
///   it can be one (`ㄸ ㅃ ㅉ` cannot), and two finals that form a cluster combine (`ㄹ`+`ㄱ` → `ㄺ`);
/// - a vowel after a final moves the final to a new syllable as its `chosung` (초성 — initial
///   consonant), the second half of a cluster only (`닭` + `ㅣ` → `달기`); so `ㄱㅏㄱㅏ` is `가가`;
/// - two vowels that form a compound combine (`ㅗ`+`ㅏ` → `ㅘ`), in a syllable or alone;
/// - two lone consonants that form a cluster combine (`ㄱ`,`ㅅ` → `ㄳ`), as IMEs show them;
/// - double consonants come from Shift, not from typing a consonant twice (`ㄱ`,`ㄱ` → `ㄱㄱ`).
public struct HangulComposer: Hashable, Sendable {
    private enum State: Hashable, Sendable {
        case empty
        /// A consonant (or a cluster of two) with no vowel yet.
        case consonant(Unicode.Scalar)
        /// A vowel (or compound) with no consonant before it.
        case vowel(Unicode.Scalar)
        /// A syllable being built: chosung, jungsung and jongsung indices.
        case syllable(Int, Int, Int)
    }

    private var committed = ""
    private var state = State.empty

    /// An empty composer.
    public init() {}

    /// Composes a string of jamo as if typed one by one: `ㄷㅏㄹㄱㄱㅏㄹㅂㅣ` → `닭갈비`,
    /// `ㅇㅗㅏㄴㄹㅛ` → `완료`. Compound vowels and clusters in the input are split into their
    /// keystrokes first (`ㅘ` types `ㅗ`,`ㅏ`); syllables and other characters end the syllable being
    /// built and are kept as they are.
    public static func compose(_ jamo: String) -> String {
        var composer = HangulComposer()
        for scalar in jamo.unicodeScalars { composer.type(scalar) }
        return composer.text
    }

    /// Everything typed so far, the syllable being built included.
    public var text: String {
        var text = committed
        appendPending(to: &text)
        return text
    }

    /// Types one scalar. A modern compatibility jamo goes through the automaton (a compound one as
    /// its keystrokes); anything else ends the syllable being built and is appended as it is.
    public mutating func type(_ scalar: Unicode.Scalar) {
        let keys = Jamo.keystrokes(of: scalar)
        if keys.isEmpty {
            commit()
            committed.unicodeScalars.append(scalar)
            return
        }
        for key in keys { typeKeystroke(key) }
    }

    /// Types one of the 33 ``Jamo/keystrokeJamo``.
    mutating func typeKeystroke(_ key: Unicode.Scalar) {
        let isVowel = Jamo.isVowel(key)
        switch state {
        case .empty:
            state = isVowel ? .vowel(key) : .consonant(key)
        case .consonant(let consonant):
            if isVowel {
                let keys = Jamo.keystrokes(of: consonant)
                if keys.count == 2 {
                    committed.unicodeScalars.append(keys[0])
                    state = .syllable(Jamo.index(of: keys[1], as: .chosung)!, Jamo.index(of: key, as: .jungsung)!, 0)
                } else {
                    state = .syllable(Jamo.index(of: consonant, as: .chosung)!, Jamo.index(of: key, as: .jungsung)!, 0)
                }
            } else if let cluster = Jamo.combining(consonant, key) {
                state = .consonant(cluster)
            } else {
                commit()
                state = .consonant(key)
            }
        case .vowel(let vowel):
            if isVowel, let compound = Jamo.combining(vowel, key) {
                state = .vowel(compound)
            } else {
                commit()
                state = isVowel ? .vowel(key) : .consonant(key)
            }
        case .syllable(let initial, let medial, let final):
            if isVowel {
                if final == 0 {
                    if let compound = Jamo.combining(Jamo.jungsungs[medial], key) {
                        state = .syllable(initial, Jamo.index(of: compound, as: .jungsung)!, 0)
                    } else {
                        commit()
                        state = .vowel(key)
                    }
                } else {
                    // The final moves to the next syllable; of a cluster, only its second half.
                    let keys = Jamo.keystrokes(of: Jamo.jongsungs[final - 1])
                    let kept = keys.count == 2 ? Jamo.index(of: keys[0], as: .jongsung)! : 0
                    committed.unicodeScalars.append(
                        HangulSyllable(uncheckedChosung: initial, jungsung: medial, jongsung: kept).scalar)
                    state = .syllable(
                        Jamo.index(of: keys[keys.count - 1], as: .chosung)!, Jamo.index(of: key, as: .jungsung)!, 0)
                }
            } else if final == 0, let jongsung = Jamo.index(of: key, as: .jongsung) {
                state = .syllable(initial, medial, jongsung)
            } else if final != 0, let cluster = Jamo.combining(Jamo.jongsungs[final - 1], key) {
                state = .syllable(initial, medial, Jamo.index(of: cluster, as: .jongsung)!)
            } else {
                commit()
                state = .consonant(key)
            }
        }
    }

    /// Ends the syllable being built.
    private mutating func commit() {
        appendPending(to: &committed)
        state = .empty
    }

    private func appendPending(to text: inout String) {
        switch state {
        case .empty: break
        case .consonant(let scalar), .vowel(let scalar): text.unicodeScalars.append(scalar)
        case .syllable(let initial, let medial, let final):
            text.unicodeScalars.append(
                HangulSyllable(uncheckedChosung: initial, jungsung: medial, jongsung: final).scalar)
        }
    }
}
