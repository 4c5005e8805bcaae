import FootprintHangul

extension SearchExpression {
    /// What to look up in `search_names` for a ``MatchPattern`` that is not plain text (a 초성,
    /// mixed or half-typed reading): every place the pattern matches has it, so the candidates
    /// it finds, once verified with ``HangulQuery/match(_:)-(SearchableText)``, are all of them.
    ///
    /// The pattern is cut into stretches of Hangul units and of other text. A Hangul stretch is a
    /// phrase with one term per position: the literal bigram where the unit and the next are both
    /// literal text, else the 초성 (chosung — initial consonant) bigram of the two, which the
    /// `footprint chosung` tokenizer colocates at the same position (`제잇` read as `제이` + `ㅅ…`
    /// is `"제이" + "ㅇㅅ"`: 제, 이, then a syllable whose initial is ㅅ). A stretch of one unit
    /// is a prefix term (`"ㄱ"*`). Letters and digits give their words, the last one a prefix.
    /// Stretches are ANDed. `anchored` anchors a pattern made of one Hangul stretch to the start
    /// of the name (`^`), for the "whole or prefix" stage; it is `nil` for other patterns.
    static func pattern(_ pattern: MatchPattern, anchored: Bool = false) -> SearchExpression? {
        if let texts = literalExpansion(of: pattern) {
            return any(texts.compactMap(Phrase.init(literal:)).map { phrase($0, anchored: anchored) })
        }
        var stretches: [[PatternUnit]] = []
        var current: [PatternUnit] = []
        var isHangul = true
        for unit in PatternUnit.units(of: pattern) {
            if current.isEmpty {
                isHangul = unit.isHangul
            } else if unit.isHangul != isHangul {
                stretches.append(current)
                current = []
                isHangul = unit.isHangul
            }
            current.append(unit)
        }
        if !current.isEmpty { stretches.append(current) }
        if anchored && (stretches.count != 1 || !(stretches.first?.first?.isHangul ?? false)) { return nil }
        var phrases: [SearchExpression] = []
        for stretch in mostSelective(stretches) {
            if stretch.count == 1, let terms = loneConsonantTerms(stretch[0]) {
                let each = terms.map {
                    Self.phrase(Phrase(terms: [Term(text: $0, isPrefix: false)], isComplete: false), anchored: anchored)
                }
                phrases.append(any(each)!)
            } else if stretch[0].isHangul {
                let phrase = Phrase(hangul: stretch)
                phrases.append(Self.phrase(phrase, anchored: anchored))
            } else {
                let text = String(String.UnicodeScalarView(stretch.compactMap(\.literal)))
                if let phrase = Phrase(literal: text) { phrases.append(Self.phrase(phrase)) }
            }
        }
        return all(phrases)
    }

    /// The tokens a lone consonant (`ㅅ`, or any syllable it begins) can be in the index, spelled
    /// out: its unigram and its 초성 bigram with every compatibility jamo after it (a syllable
    /// after it stands as its initial, a jamo as itself). FTS5 reads a prefix term (`"ㅅ"*`) by
    /// merging the doclists of every token it begins into memory before the first row — 0.23 s
    /// and ~350 MB for `ㅅ` on 1M names, however few rows are read — while an OR of terms is read
    /// incrementally (20 rows: under 1 ms). `nil` for any other unit.
    static func loneConsonantTerms(_ unit: PatternUnit) -> [String]? {
        if case .other = unit { return nil }
        let consonant = unit.literal ?? unit.initial
        guard Jamo.isConsonant(consonant) else { return nil }
        let first = String(consonant)
        return [first] + (UInt32(0x3131)...0x318E).map { first + String(Unicode.Scalar($0)!) }
    }

    /// At most this many stretches of a pattern are ANDed in its look-up (see
    /// ``mostSelective(_:)``).
    static let maximumPatternStretches = 4

    /// The stretches a pattern's look-up ANDs: all of them up to ``maximumPatternStretches``,
    /// else that many of the longest, in their order. A query that alternates Hangul with other
    /// text (`ㅅaㅂㅅaㅂ…`, 10,000 mixed characters) has one stretch per change, most of them one
    /// unit long: each such is a prefix term (`"ㅅ"*`, `"a"*`) that FTS5 expands into every
    /// token it begins — hundreds of thousands of rows, ~0.1 s and megabytes each — and ANDing
    /// hundreds of them cost seconds and a gigabyte. Leaving stretches out only widens the
    /// candidates, which the matcher verifies, so no result changes. Longer stretches are the
    /// selective ones (a bigram or a word); a lone syllable (`"가"*`) before a lone initial
    /// (`"ㄱ"*`, every syllable it begins), then the earlier first.
    static func mostSelective(_ stretches: [[PatternUnit]]) -> [[PatternUnit]] {
        guard stretches.count > maximumPatternStretches else { return stretches }
        let weights = stretches.map { $0.count * 2 + ($0.count == 1 && $0[0].literal == nil ? 0 : 1) }
        let kept = stretches.indices.sorted { (-weights[$0], $0) < (-weights[$1], $1) }
            .prefix(maximumPatternStretches).sorted()
        return kept.map { stretches[$0] }
    }

    /// At most this many texts stand for a pattern with one syllable range.
    static let maximumExpansion = 64

    /// The texts a pattern of literal text and one small syllable range stands for: `강` + `나…낳`
    /// is `강나`, `강낙`, … `강낳` — 28 exact look-ups instead of the broad 초성 bigram `ㄱㄴ`.
    static func literalExpansion(of pattern: MatchPattern) -> [String]? {
        var head = ""
        var tail = ""
        var ranges: [ClosedRange<Unicode.Scalar>]?
        for unit in pattern.units {
            switch unit {
            case .text(let text):
                if ranges == nil { head += text } else { tail += text }
            case .syllable(let found):
                guard ranges == nil else { return nil }
                ranges = found
            case .chosung:
                return nil
            }
        }
        guard let ranges else { return nil }
        let count = ranges.reduce(0) { $0 + Int($1.upperBound.value - $1.lowerBound.value) + 1 }
        guard count <= maximumExpansion else { return nil }
        return ranges.flatMap { range in
            (range.lowerBound.value...range.upperBound.value).compactMap(Unicode.Scalar.init).map {
                head + String($0) + tail
            }
        }
    }

    /// One scalar position of a pattern.
    enum PatternUnit: Hashable {
        /// A syllable or a lone jamo, as written.
        case literalHangul(Unicode.Scalar)
        /// Any syllable with this initial (or the jamo itself): `.chosung`, or `.syllable(in:)`
        /// by its ranges' shared initial.
        case initial(Unicode.Scalar)
        /// Anything else, as written.
        case other(Unicode.Scalar)

        var isHangul: Bool {
            if case .other = self { return false }
            return true
        }

        var literal: Unicode.Scalar? {
            switch self {
            case .literalHangul(let scalar), .other(let scalar): return scalar
            case .initial: return nil
            }
        }

        /// The initial consonant the position's syllable has.
        var initial: Unicode.Scalar {
            switch self {
            case .literalHangul(let scalar): return HangulSyllable(scalar)?.chosung ?? scalar
            case .initial(let jamo): return jamo
            case .other(let scalar): return scalar
            }
        }

        static func units(of pattern: MatchPattern) -> [PatternUnit] {
            var units: [PatternUnit] = []
            for unit in pattern.units {
                switch unit {
                case .text(let text):
                    for scalar in text.unicodeScalars {
                        let hangul = HangulSyllable(scalar) != nil || Jamo.isCompatibilityJamo(scalar)
                        units.append(hangul ? .literalHangul(scalar) : .other(scalar))
                    }
                case .chosung(let jamo):
                    units.append(.initial(jamo))
                case .syllable(let ranges):
                    let first = ranges.first?.lowerBound ?? " "
                    units.append(.initial(HangulSyllable(first)?.chosung ?? first))
                }
            }
            return units
        }
    }
}

extension SearchExpression.Phrase {
    /// The phrase of a Hangul stretch of a pattern (see ``SearchExpression/pattern(_:anchored:)``).
    init(hangul units: [SearchExpression.PatternUnit]) {
        if units.count == 1 {
            let unit = units[0]
            let text = unit.literal.map { String($0) } ?? String(unit.initial)
            self.init(terms: [.init(text: text, isPrefix: true)], isComplete: false)
            return
        }
        var terms: [SearchExpression.Term] = []
        for index in 0..<(units.count - 1) where terms.count < SearchExpression.maximumPhraseTerms {
            let first = units[index]
            let second = units[index + 1]
            var scalars = String.UnicodeScalarView()
            if let a = first.literal, let b = second.literal {
                scalars.append(a)
                scalars.append(b)
            } else {
                scalars.append(first.initial)
                scalars.append(second.initial)
            }
            terms.append(.init(text: String(scalars), isPrefix: false))
        }
        self.init(terms: terms, isComplete: false)
    }
}
