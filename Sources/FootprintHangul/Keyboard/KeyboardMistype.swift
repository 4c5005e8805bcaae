/// A reading of a query typed with the keyboard in the wrong mode (한/영 mistake).
public struct KeyboardReading: Hashable, Sendable {
    /// Which way the keyboard was wrong.
    public enum Direction: Hashable, Sendable {
        /// Latin letters typed in English mode for a Hangul text: `tmxkqjrtm` → `스타벅스`.
        case hangulFromLatinKeys
        /// Hangul typed in Korean mode for a Latin text: `ㅊㅎㅍ` → `cgv`.
        case latinFromHangulKeys
    }

    /// The query as it was meant: Hangul composed by ``DubeolsikKeyboard/hangul(fromKeys:)``, or
    /// lowercase Latin keys from ``DubeolsikKeyboard/keys(for:)``; other characters as typed.
    public let text: String
    /// Which way the keyboard was wrong.
    public let direction: Direction
    /// How likely the reading is what was meant, in (0, 1]; see ``KeyboardMistype`` for the rule.
    public let confidence: Double

    /// Whether the reading is likely enough to search for without asking: `confidence ≥ 0.5`.
    public var isLikely: Bool { confidence >= 0.5 }
}

/// Recognises a query typed with the keyboard in the wrong mode.
///
/// **Latin → Hangul.** Every run of ASCII letters is typed into a 2-set IME
/// (``DubeolsikKeyboard/hangul(fromKeys:)``), as written first (Shift gives the double consonant:
/// `Rkcl` → `까치`), then all lowercase (a phone capitalises the first letter: `Tmxkqjrtm`). The
/// reading is offered only when the result is real Hangul: no lone vowel anywhere and no lone
/// consonant except one as the query's very last letter (the next syllable's initial, still being
/// typed; `emart` → `듬ㄳ` leaves two and is refused). English words
/// almost never pass, because their vowels `a` and `e` are consonant keys (`cafe` → `ㅊㅁㄹㄷ`,
/// `starbucks` → `ㄴㅅㅁ규ㅕ찬`, `gs25` → `ㅎㄴ25`: no reading). Confidence starts at 1 and is
/// multiplied by 0.3 for each syllable outside the 2,350 of KS X 1001 (``HangulSyllable/isCommon``;
/// for the last syllable its form without the final is enough, since that final may be the next
/// syllable's initial: `Rkc` → `깣` on the way to `까치`), by 0.4 when the reading is a single syllable (`go` → `해`, `dog` → `앻`: short
/// words collide by chance), by 0.9 for a trailing lone consonant and by 0.6 for the lowercase
/// retry (so `Tmxkqjrtm` reads `쓰타벅스` first, `스타벅스` second).
///
/// **Hangul → Latin.** The query's keys, lowercased (`ㅊㅎㅍ` → `cgv`, `ㅗ디ㅣㅐ` → `hello`),
/// with confidence 0.9 when the Hangul has a lone vowel (no Korean word does), 0.7 when a
/// syllable is outside KS X 1001, 0.5 when it is only consonants (it is as likely a 초성 query) and
/// 0.1 when it reads as ordinary Korean — below the 0.25 floor, so not offered.
public enum KeyboardMistype {
    /// Readings below this confidence are not returned.
    public static let minimumConfidence = 0.25

    /// The other readings of `query`, most confident first: `tmxkqjrtm` → `스타벅스`,
    /// `Rkcl` → `까치`, `ㅊㅎㅍ` → `cgv`; empty for `cafe`, `starbucks`, `gs25`, `스타벅스`.
    public static func alternativeReadings(of query: String) -> [KeyboardReading] {
        let text = HangulNormalization.normalized(query)
        var readings: [KeyboardReading] = []
        if let reading = hangulReading(of: text) { readings.append(reading) }
        if text.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isUppercase }) {
            let lowered = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.asciiLowercased }))
            if let reading = hangulReading(of: lowered, penalty: 0.6),
                !readings.contains(where: { $0.text == reading.text })
            {
                readings.append(reading)
            }
        }
        if readings.isEmpty, let reading = gluedReading(of: text) { readings.append(reading) }
        if let reading = latinReading(of: text) { readings.append(reading) }
        if let reading = wordByWordReading(of: text, wholeIsRead: !readings.isEmpty),
            !readings.contains(where: { $0.text == reading.text })
        {
            readings.append(reading)
        }
        return readings.filter { $0.confidence >= minimumConfidence }.sorted { $0.confidence > $1.confidence }
    }

    /// A query whose words were typed in different modes — a Latin name and a mistyped Hangul
    /// word (`CGV rkdska` → `CGV 강남`), or the reverse (`ㅊㅎㅍ 강남` → `cgv 강남`): each word read
    /// on its own, kept as typed when it has no likely reading, with confidence the product of
    /// the read words' times 0.9 (`ㅊㅎㅍ rkdska` → `cgv 강남`: one each way). `nil` for a single
    /// word, when none is read, or when every word is read the same way and `wholeIsRead` (the
    /// whole-query reading says it; not so when a word kept a glued letter: `Ntjdnfxkdnj rkdska`).
    private static func wordByWordReading(of text: String, wholeIsRead: Bool) -> KeyboardReading? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2 else { return nil }
        var parts: [String] = []
        var confidence = 0.9
        var direction: KeyboardReading.Direction?
        for (index, word) in words.enumerated() {
            var candidates = [hangulReading(of: String(word)), latinReading(of: String(word))].compactMap { $0 }
                .filter { $0.confidence >= minimumConfidence }
            if candidates.isEmpty, let glued = gluedReading(of: String(word)), glued.confidence >= minimumConfidence {
                candidates = [glued]
            }
            // The last word's first keystroke (`CGV r` on the way to `CGV rkdska`): one consonant.
            if candidates.isEmpty, index == words.count - 1, word.count == 1,
                word.unicodeScalars.allSatisfy(\.isASCIILetter)
            {
                let jamo = DubeolsikKeyboard.hangul(fromKeys: String(word))
                if let scalar = jamo.unicodeScalars.first, jamo.unicodeScalars.count == 1, Jamo.isConsonant(scalar) {
                    candidates = [KeyboardReading(text: jamo, direction: .hangulFromLatinKeys, confidence: 0.5)]
                }
            }
            if let best = candidates.max(by: { $0.confidence < $1.confidence }) {
                parts.append(best.text)
                confidence *= best.confidence
                if direction == nil { direction = best.direction }
            } else {
                parts.append(String(word))
            }
        }
        // None read: nothing to add. Every word read the same way: the whole-query reading.
        let read = parts.indices.filter { parts[$0] != String(words[$0]) }
        guard let direction, !read.isEmpty else { return nil }
        if read.count == parts.count && wholeIsRead {
            let directions = Set(
                read.compactMap { index in
                    [hangulReading(of: String(words[index])), latinReading(of: String(words[index]))].compactMap { $0 }
                        .filter { $0.text == parts[index] }.first?.direction
                })
            guard directions.count > 1 else { return nil }
        }
        return KeyboardReading(text: parts.joined(separator: " "), direction: direction, confidence: confidence)
    }

    /// At most this many Latin letters at a word's start or end are kept as typed by
    /// ``gluedReading(of:)``.
    static let maximumGluedLetters = 3

    /// A Latin letter or two glued to a mistyped Hangul word, kept as written (`Ntjdnfxkdnj` →
    /// `N서울타워`, `tmxkqjrtmKR` → `스타벅스KR`): when the whole word has no reading, the word
    /// without its first (or last) 1–``maximumGluedLetters`` letters is read, and offered when it
    /// reads as two syllables or more, with confidence the rest's times 0.8. Letters kept in
    /// capitals beside a lowercase rest (a brand's initials) are what is meant far more often than
    /// lowercase ones, so other splits count half; the most confident split wins, the fewest
    /// letters kept first. `nil` for a text that is not one word of ASCII letters.
    private static func gluedReading(of text: String) -> KeyboardReading? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3, scalars.allSatisfy(\.isASCIILetter) else { return nil }
        var best: (reading: KeyboardReading, weight: Double)?
        for kept in 1...min(maximumGluedLetters, scalars.count - 2) {
            for atStart in [true, false] {
                let glued = atStart ? scalars[..<kept] : scalars[(scalars.count - kept)...]
                let rest = atStart ? scalars[kept...] : scalars[..<(scalars.count - kept)]
                let restText = String(String.UnicodeScalarView(rest))
                let lowered = String(String.UnicodeScalarView(rest.map(\.asciiLowercased)))
                guard
                    let reading = hangulReading(of: restText) ?? hangulReading(of: lowered, penalty: 0.6),
                    reading.text.unicodeScalars.filter({ HangulSyllable($0) != nil }).count >= 2
                else { continue }
                let gluedText = String(String.UnicodeScalarView(glued))
                let combined = atStart ? gluedText + reading.text : reading.text + gluedText
                let candidate = KeyboardReading(
                    text: combined, direction: .hangulFromLatinKeys, confidence: reading.confidence * 0.8)
                let capitals =
                    glued.allSatisfy { $0.properties.isUppercase } && !rest.contains { $0.properties.isUppercase }
                let weight = candidate.confidence * (capitals ? 1 : 0.5)
                if weight > best?.weight ?? 0 { best = (candidate, weight) }
            }
        }
        return best?.reading
    }

    private static func hangulReading(of text: String, penalty: Double = 1) -> KeyboardReading? {
        guard text.unicodeScalars.contains(where: \.isASCIILetter) else { return nil }
        var converted = String.UnicodeScalarView()
        var run = ""
        func flush() {
            converted.append(contentsOf: DubeolsikKeyboard.hangul(fromKeys: run).unicodeScalars)
            run = ""
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCIILetter {
                run.unicodeScalars.append(scalar)
            } else {
                flush()
                converted.append(scalar)
            }
        }
        flush()
        let scalars = Array(converted)
        let syllables = scalars.compactMap(HangulSyllable.init)
        guard !syllables.isEmpty else { return nil }
        var confidence = penalty
        for (index, scalar) in scalars.enumerated() {
            if Jamo.isVowel(scalar) { return nil }
            if Jamo.isConsonant(scalar) {
                // One next initial may be pending; two consonants in a row (shown as a cluster
                // such as ㄳ) are not a syllable being typed.
                guard index == scalars.count - 1, Jamo.isKeystroke(scalar) else { return nil }
                confidence *= 0.9
            }
        }
        for (index, syllable) in syllables.enumerated() {
            let isLast = index == syllables.count - 1
            if !(syllable.isCommon || isLast && syllable.withoutJongsung.isCommon) { confidence *= 0.3 }
        }
        if syllables.count == 1 { confidence *= 0.4 }
        return KeyboardReading(text: String(converted), direction: .hangulFromLatinKeys, confidence: confidence)
    }

    private static func latinReading(of text: String) -> KeyboardReading? {
        var loneVowels = 0
        var loneConsonants = 0
        var syllables = 0
        var uncommon = 0
        for scalar in text.unicodeScalars {
            if let syllable = HangulSyllable(scalar) {
                syllables += 1
                if !syllable.isCommon { uncommon += 1 }
            } else if Jamo.isVowel(scalar) {
                loneVowels += 1
            } else if Jamo.isConsonant(scalar) {
                loneConsonants += 1
            }
        }
        let confidence: Double
        if loneVowels > 0 {
            confidence = 0.9
        } else if uncommon > 0 {
            confidence = 0.7
        } else if syllables == 0 && loneConsonants > 0 {
            confidence = 0.5
        } else if syllables > 0 {
            confidence = 0.1
        } else {
            return nil
        }
        let keys = DubeolsikKeyboard.keys(for: text)
        let latin = String(String.UnicodeScalarView(keys.unicodeScalars.map { $0.asciiLowercased }))
        return KeyboardReading(text: latin, direction: .latinFromHangulKeys, confidence: confidence)
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool {
        (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    var asciiLowercased: Unicode.Scalar {
        (0x41...0x5A).contains(value) ? Unicode.Scalar(value | 0x20)! : self
    }
}
