extension HangulQuery {
    /// One scalar of a query, as pattern generation sees it.
    private enum QueryUnit {
        case syllable(HangulSyllable)
        case consonant(Unicode.Scalar)
        case vowel(Unicode.Scalar)
        case other(Unicode.Scalar)

        var patternUnit: MatchPattern.Unit {
            switch self {
            case .syllable(let syllable): return .text(String(syllable.scalar))
            case .consonant(let jamo): return .chosung(jamo)
            case .vowel(let scalar), .other(let scalar): return .text(String(scalar))
            }
        }

        var isConsonant: Bool {
            if case .consonant = self { return true }
            return false
        }
    }

    /// At most this many doubled-consonant variants per pattern (a query of `ㄱㄱㄱㄱㄱㄱ` would
    /// otherwise have 13).
    static let maximumDoubledVariants = 8

    /// The patterns of a search-normalized query text, before keyboard readings:
    /// 1. the text itself (``MatchRule/exact``);
    /// 2. all lone consonants: their 초성 pattern (``MatchRule/chosung``);
    /// 3. otherwise, unless there is a lone vowel (which no typing sequence leaves before more
    ///    letters): syllables and lone consonants (``MatchRule/mixedChosung``), and the completions
    ///    of the last unit — a lone consonant is the next syllable's initial, a syllable may be
    ///    unfinished (``MatchRule/partialSyllable``, or mixed when a lone consonant comes earlier);
    /// 4. for 2 and 3, the variants reading two equal plain consonants as a double one
    ///    (``MatchRule/doubledConsonant``).
    static func patterns(for normalized: String) -> [MatchPattern] {
        var patterns = [MatchPattern(rule: .exact, units: [.text(normalized)])]
        var units: [QueryUnit] = []
        for scalar in normalized.unicodeScalars {
            if let syllable = HangulSyllable(scalar) {
                units.append(.syllable(syllable))
            } else if Jamo.isConsonant(scalar) {
                // A cluster lone in a query is two consonants an IME joined (ㄱ,ㅅ → ㄳ).
                units += Jamo.keystrokes(of: scalar).map(QueryUnit.consonant)
            } else if Jamo.isVowel(scalar) {
                units.append(.vowel(scalar))
            } else {
                units.append(.other(scalar))
            }
        }
        if units.contains(where: { if case .vowel = $0 { return true } else { return false } }) { return patterns }

        var korean: [(MatchRule, [MatchPattern.Unit])] = []
        if units.allSatisfy(\.isConsonant) {
            korean.append((.chosung, units.map(\.patternUnit)))
        } else {
            let head = units.dropLast().map(\.patternUnit)
            let headHasConsonant = units.dropLast().contains(where: \.isConsonant)
            let rule: MatchRule = headHasConsonant ? .mixedChosung : .partialSyllable
            switch units[units.count - 1] {
            case .consonant(let jamo):
                korean.append((rule, head + [.chosung(jamo)]))
            case .syllable(let syllable):
                if headHasConsonant { korean.append((.mixedChosung, head + [.text(String(syllable.scalar))])) }
                for completion in completions(of: syllable) { korean.append((rule, head + completion)) }
            case .other(let scalar):
                if headHasConsonant { korean.append((.mixedChosung, head + [.text(String(scalar))])) }
            case .vowel:
                break
            }
        }
        for (rule, units) in korean {
            patterns.append(MatchPattern(rule: rule, units: units))
            for variant in doubledVariants(of: units) {
                patterns.append(MatchPattern(rule: .doubledConsonant, units: variant))
            }
        }
        return patterns
    }

    /// What a last syllable may turn into as typing goes on, as pattern units (each one or two
    /// scalars long), the syllable itself excluded:
    /// - a syllable with the same chosung whose keystrokes begin with this one's: `나` → `나`…`낳`,
    ///   `고` → `고`…`괳` (ㅗ may become ㅘ ㅙ ㅚ), `달` → `달`…`닳`, `각` → `각` or `갃`;
    /// - when it has a final, the syllable without the final's last keystroke followed by a syllable
    ///   beginning with that keystroke: `잇` → `이` + `ㅅ…` (`제잇` → `제이샵`), `닭` → `달` + `ㄱ…`.
    static func completions(of syllable: HangulSyllable) -> [[MatchPattern.Unit]] {
        var completions: [[MatchPattern.Unit]] = []
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var matching = 0
        // The candidates share the chosung: their keystrokes begin with this syllable's when
        // the keystrokes after the chosung do (``VowelAndFinalKeys``), compared as packed bytes.
        let tails = VowelAndFinalKeys.table
        let keys = tails[syllable.jungsungIndex * 28 + syllable.jongsungIndex]
        let first = 0xAC00 + UInt32(syllable.chosungIndex * 588)
        for offset in 0..<588 where tails[offset].begins(with: keys) {
            let candidate = Unicode.Scalar(first + UInt32(offset))!
            matching += 1
            if let last = ranges.last, last.upperBound.value + 1 == candidate.value {
                ranges[ranges.count - 1] = last.lowerBound...candidate
            } else {
                ranges.append(candidate...candidate)
            }
        }
        if matching > 1 { completions.append([.syllable(in: ranges)]) }
        if let jongsung = syllable.jongsung {
            let finalKeys = Jamo.keystrokes(of: jongsung)
            let kept = finalKeys.count == 2 ? Jamo.index(of: finalKeys[0], as: .jongsung)! : 0
            let shortened = HangulSyllable(
                uncheckedChosung: syllable.chosungIndex, jungsung: syllable.jungsungIndex, jongsung: kept)
            completions.append([.text(String(shortened.scalar)), .chosung(finalKeys[finalKeys.count - 1])])
        }
        return completions
    }

    /// The unit sequences with pairs of equal plain consonants (`ㅅ`,`ㅅ`) read as the double
    /// consonant (`ㅆ`): each pair alone, left to right, then every non-overlapping pair from the
    /// left; at most ``maximumDoubledVariants``. Linear in the query's length, however long.
    static func doubledVariants(of units: [MatchPattern.Unit]) -> [[MatchPattern.Unit]] {
        func double(at index: Int) -> MatchPattern.Unit? {
            guard index + 1 < units.count, case .chosung(let first) = units[index],
                case .chosung(let second) = units[index + 1], first == second
            else { return nil }
            return Jamo.doubled(first).map(MatchPattern.Unit.chosung)
        }
        var variants: [[MatchPattern.Unit]] = []
        for index in units.indices where variants.count < maximumDoubledVariants {
            guard let doubled = double(at: index) else { continue }
            variants.append(Array(units[..<index]) + [doubled] + units[(index + 2)...])
        }
        var greedy: [MatchPattern.Unit] = []
        var index = 0
        while index < units.count {
            if let doubled = double(at: index) {
                greedy.append(doubled)
                index += 2
            } else {
                greedy.append(units[index])
                index += 1
            }
        }
        if greedy.count < units.count && variants.count < maximumDoubledVariants && !variants.contains(greedy) {
            variants.append(greedy)
        }
        return variants
    }
}

/// The 2-set keystrokes a syllable types after its chosung — its vowel's one or two, its final's
/// none, one or two —, packed one byte each (the keystroke's offset from U+3130) from the top of
/// a `UInt32`, for each of the 588 vowel and final pairs (index `jungsung * 28 + jongsung`).
/// ``HangulQuery/completions(of:)`` compares a half-typed syllable with every syllable of its
/// chosung, once per name a duplicates search or an import builds a query for: as arrays of
/// scalars that was most of building a query.
struct VowelAndFinalKeys {
    let packed: UInt32
    let count: Int

    /// Whether these keystrokes begin with `prefix`'s.
    @inline(__always)
    func begins(with prefix: VowelAndFinalKeys) -> Bool {
        guard count >= prefix.count else { return false }
        let mask: UInt32 = prefix.count == 0 ? 0 : ~UInt32(0) << UInt32(32 - 8 * prefix.count)
        return packed & mask == prefix.packed
    }

    static let table: [VowelAndFinalKeys] = (0..<588).map { offset in
        var keys = Jamo.keystrokes(of: Jamo.jungsungs[offset / 28])
        if offset % 28 > 0 { keys += Jamo.keystrokes(of: Jamo.jongsungs[offset % 28 - 1]) }
        var packed: UInt32 = 0
        for (index, key) in keys.enumerated() { packed |= (key.value - 0x3130) << UInt32(24 - 8 * index) }
        return VowelAndFinalKeys(packed: packed, count: keys.count)
    }
}
