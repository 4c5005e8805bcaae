extension FuzzyQuery {
    /// One way of finding the names a fuzzy reading may match in an index of
    /// ``SearchTokenizer`` terms, a superset that ``match(_:)`` then checks.
    public enum Probe: Hashable, Sendable {
        /// Names containing this text, spaces ignored (a corrected spelling of the query).
        case text(String)
        /// Names holding every piece, each a run of index terms at consecutive positions: Hangul
        /// bigrams (`스타`) and skip bigrams (``SearchTokenizer/skipToken(_:_:)``, `~스벅`, at the
        /// position of the syllable they skip).
        case pieces([[String]])
    }

    /// The look-ups that find every name one of the fuzzy readings matches, for the common cases:
    /// a typo changing one syllable of the query's longest Hangul run (any edit inside the run,
    /// any one key at its ends, a neighbouring key, a key left out or two swapped across two
    /// syllables), two syllables changed for a query allowed two edits (``twoChangedProbes(_:)``),
    /// a syllable left out, added or swapped, an abbreviation (``abbreviationProbes``: `스벅`,
    /// `동플`, and `스벅 강남`). At most ~4 per syllable of the run, ~3 per keystroke, for a run of
    /// three syllables 19 per end syllable, for a run of two every spelling of an end one key away
    /// (~100), 28 for two changes: fewer than 250 for one order of the words, whatever the query
    /// (a test holds the bound on the longest queries and syllables of the most keys); with the
    /// other orders (``reorderings``) and each word read apart (``apartWords``), fewer than 1,500
    /// (414 for `가나 다라 마바`, the most measured). A skip bigram `~AC` over a word's
    /// second syllable is indexed as the abbreviation token `^AC` (``SearchTokenizer/Options-swift.struct/abbreviations``):
    /// a look-up asks for either.
    public var probes: [Probe] {
        var probes = probesInOrder
        // The other orders of the words (``reorderings``), each spelling once.
        var seen = Set(probes)
        for reordering in reorderings {
            for probe in reordering.probesInOrder where seen.insert(probe).inserted { probes.append(probe) }
        }
        // Each word read apart (``apartWords``): its own probes, with the bigrams of the other
        // words of two syllables or more (`교보` for `광화뭄`) as pieces the name must hold too.
        for word in apartWords {
            let others = word.others.filter { $0.count >= 2 && $0.allSatisfy(HangulSyllable.contains) }.map {
                Self.bigrams($0[...])
            }
            for probe in word.query.probesInOrder {
                var narrowed = probe
                switch probe {
                case .pieces(let pieces):
                    narrowed = .pieces(pieces + others)
                case .text(let text) where !others.isEmpty:
                    let scalars = text.unicodeScalars.map(\.value)
                    if scalars.count >= 2 && scalars.allSatisfy(HangulSyllable.contains) {
                        narrowed = .pieces([Self.bigrams(scalars[...])] + others)
                    }
                case .text:
                    break
                }
                if seen.insert(narrowed).inserted { probes.append(narrowed) }
            }
        }
        return probes
    }

    /// ``probes`` for the words in the order typed.
    var probesInOrder: [Probe] {
        guard isFuzzy else { return [] }
        if isChosung {
            // The first and third syllables of a word: the 초성 bigrams over every middle initial
            // (the second is a literal 초성 match, found before).
            return Jamo.chosungs.map {
                .pieces([[Self.text([units[0], $0.value]), Self.text([$0.value, units[1]])]])
            }
        }
        let run = longestSyllableRun
        let h = run.count
        guard h >= 2 else { return [] }
        var probes: [Probe] = []
        func add(_ probe: Probe) {
            // A two-syllable spelling of a longer run (one of three with a syllable left out) is
            // one bigram, which thousands of names hold (`하우` of `하우수`): left to the other
            // probes. Decided per reading: the run of `방배DT잠` has two, of `DT잠 방배` three.
            if h >= 3, case .text(let text) = probe, text.unicodeScalars.count < 3 { return }
            if !probes.contains(probe) { probes.append(probe) }
        }
        // The run as typed, when the query has more than it (`방배DT잠`, `약수2호잠`: the typo lies
        // in a syllable after Latin letters or digits).
        if units.count > h { add(.text(Self.text(run))) }
        // One syllable unknown inside the run: the skip bigram over it, with what follows; and
        // what comes before it.
        if h >= 3 {
            for k in 1..<(h - 1) {
                var pieces = [[SearchTokenizer.skipToken(run[k - 1], run[k + 1])] + Self.bigrams(run[(k + 1)...])]
                if k >= 2 { pieces.append(Self.bigrams(run[..<k])) }
                add(.pieces(pieces))
            }
        }
        // An unknown first or last syllable, changed by any one key (a neighbouring one only costs
        // less): the rest, when it is two bigrams or more. Of three syllables, the rest's bigram
        // with the 초성 bigram over the end syllable (every edit that keeps its initial: a vowel
        // or a final replaced, added or left out), and the end syllable with each other initial.
        // Of two, every spelling one key away.
        for k in [0, h - 1] {
            let rest = k == 0 ? run[1...] : run[..<(h - 1)]
            if rest.count >= 3 {
                add(.pieces([Self.bigrams(rest)]))
            } else if rest.count == 2 {
                let initials = Self.text(run[(k == 0 ? 0 : 1)...(k == 0 ? 1 : 2)].map(Self.chosung))
                add(.pieces([k == 0 ? [initials] + Self.bigrams(rest) : Self.bigrams(rest) + [initials]]))
                for syllable in Self.otherInitials(of: run[k]) {
                    var text = run
                    text[k] = syllable
                    add(.text(Self.text(text)))
                }
            } else {
                for syllable in Self.slips(of: Self.keystrokes(of: run[k]), insertions: true, anyKey: true)
                where syllable.count == 1 && HangulSyllable.contains(syllable[0]) {
                    var text = run
                    text[k] = syllable[0]
                    add(.text(Self.text(text)))
                }
            }
        }
        // Slips that change two syllables or their number (`각아` → `가가`): spelled out.
        for slip in Self.slips(of: run.flatMap(Self.keystrokes)) where slip.allSatisfy(HangulSyllable.contains) {
            let changed = slip.count != h || zip(slip, run).filter { $0 != $1 }.count >= 2
            if changed && slip.count >= 2 { add(.text(Self.text(slip))) }
        }
        // A syllable left out (the name has one more after position k), added or swapped.
        for k in 1..<h {
            var pieces = [[SearchTokenizer.skipToken(run[k - 1], run[k])] + Self.bigrams(run[k...])]
            if k >= 2 { pieces.append(Self.bigrams(run[..<k])) }
            add(.pieces(pieces))
            if h >= 3 {
                var shorter = run
                shorter.remove(at: k)
                add(.text(Self.text(shorter)))
            }
            if k + 1 < h, run[k] != run[k + 1] {
                var swapped = run
                swapped.swapAt(k, k + 1)
                add(.text(Self.text(swapped)))
            }
        }
        // Two syllables changed, for a query allowed two edits (``budget``).
        if budget >= 4 && h >= 5 {
            for probe in Self.twoChangedProbes(run) { add(probe) }
        }
        for probe in abbreviationProbesInOrder { add(probe) }
        return probes
    }

    /// The look-ups of the abbreviation readings (a subset of ``probes``), by the index's
    /// abbreviation tokens (``SearchTokenizer/abbreviationToken(_:_:)``: a word's first syllable
    /// with each later one from its third): a query of 2–4 syllables whose first is a word's
    /// first and the others later in that word in order — `^AB` for `AB`; for `ABC`, `^AC` with
    /// `^AB` or the word-start bigram `#AB` (B the word's second); and so for `ABCD` — and, of a
    /// query of several words, its first word so with the others' bigrams (`스벅 강남`). The
    /// names they find abbreviate the first word in one of their words, or hold the syllables
    /// in order in one (a word of 17 syllables or more only by its first 16).
    public var abbreviationProbes: [Probe] {
        var probes = abbreviationProbesInOrder
        for reordering in reorderings {
            for probe in reordering.abbreviationProbesInOrder where !probes.contains(probe) { probes.append(probe) }
        }
        return probes
    }

    /// ``abbreviationProbes`` for the words in the order typed.
    var abbreviationProbesInOrder: [Probe] {
        guard isFuzzy, !isChosung else { return [] }
        let end = wordStarts.dropFirst().firstIndex(of: true) ?? units.count
        let word = units[..<end]
        guard (2...4).contains(word.count), word.allSatisfy(HangulSyllable.contains) else { return [] }
        var others: [String] = []
        if end < units.count {
            let rest = units[end...]
            if rest.allSatisfy(HangulSyllable.contains) {
                others = Self.bigrams(rest)
            }
        }
        let first = word[0]
        let later = word.dropFirst(2).map { [SearchTokenizer.abbreviationToken(first, $0)] }
        var probes: [Probe] = [.pieces([[SearchTokenizer.abbreviationToken(first, word[1])]] + later + [others])]
        if word.count >= 3 {
            let start = String(UnicodeScalar(SearchTokenizer.wordStartMarker)) + Self.text([first, word[1]])
            probes.append(.pieces([[start]] + later + [others]))
        }
        return probes.map { probe in
            guard case .pieces(let pieces) = probe else { return probe }
            return .pieces(pieces.filter { !$0.isEmpty })
        }
    }

    /// Look-ups that survive two changed syllables of `run` (five or more): for runs of up to
    /// eight, one per pair of syllables assumed changed, holding the rest (each changed syllable
    /// inside a phrase by the skip bigram over it) — at most 28; for longer runs, the pigeonhole
    /// over three parts of three syllables or more, one of which two changes leave intact (3).
    /// The judge (``typo(in:wordStarts:)``) then measures the keystroke distance. A slip that
    /// changes the number of syllables twice is not looked for.
    static func twoChangedProbes(_ run: [UInt32]) -> [Probe] {
        let h = run.count
        guard h >= 5 else { return [] }
        if h > 8 {
            let cuts = [0, h / 3, 2 * h / 3, h]
            return (0..<3).map { part in
                let piece = run[cuts[part]..<cuts[part + 1]]
                return .pieces([bigrams(piece)])
            }
        }
        var probes: [Probe] = []
        for i in 0..<h {
            for j in (i + 1)..<h {
                let changed = [i, j]
                var pieces: [[String]] = []
                var phrase: [String] = []
                for p in 0..<h {
                    var term: String?
                    if p + 1 < h && !changed.contains(p) && !changed.contains(p + 1) {
                        term = text([run[p], run[p + 1]])
                    } else if changed.contains(p), p >= 1, p + 1 < h, !changed.contains(p - 1),
                        !changed.contains(p + 1)
                    {
                        term = SearchTokenizer.skipToken(run[p - 1], run[p + 1])
                    }
                    if let term {
                        phrase.append(term)
                    } else if !phrase.isEmpty {
                        pieces.append(phrase)
                        phrase = []
                    }
                }
                if !phrase.isEmpty { pieces.append(phrase) }
                if !pieces.isEmpty { probes.append(.pieces(pieces)) }
            }
        }
        return probes
    }

    /// The 초성 (chosung — initial consonant) of a syllable, or the scalar itself.
    static func chosung(_ unit: UInt32) -> UInt32 {
        HangulSyllable(Unicode.Scalar(unit)!)?.chosung.value ?? unit
    }

    /// The syllable with each of the other 18 initials (`소` → `고`, `꼬`, `노` …).
    static func otherInitials(of unit: UInt32) -> [UInt32] {
        guard let syllable = HangulSyllable(Unicode.Scalar(unit)!) else { return [] }
        let offset = unit - 0xAC00 - UInt32(syllable.chosungIndex * 21 * 28)
        return (0..<19).filter { $0 != syllable.chosungIndex }.map { 0xAC00 + UInt32($0 * 21 * 28) + offset }
    }

    /// The Hangul bigrams of `part`, as the index holds them (`스타벅` → `스타`, `타벅`).
    static func bigrams(_ part: ArraySlice<UInt32>) -> [String] {
        part.count < 2 ? [] : (part.startIndex..<(part.endIndex - 1)).map { text([part[$0], part[$0 + 1]]) }
    }

    /// The longest run of Hangul syllables in the query (the first of equal ones).
    var longestSyllableRun: [UInt32] {
        var best: ArraySlice<UInt32> = []
        var start = 0
        for index in 0...units.count where index == units.count || !HangulSyllable.contains(units[index]) {
            if index - start > best.count { best = units[start..<index] }
            start = index + 1
        }
        return Array(best)
    }

    /// What typing `keys` with one slip gives, composed as an IME does: each key replaced by one
    /// touching it (Shift included; with `anyKey`, by any other key), left out, or swapped with the next; with `insertions`, any
    /// key added anywhere (a final or half a compound the name has and the query lacks: `닥` for
    /// 닭).
    static func slips(of keys: [UInt32], insertions: Bool = false, anyKey: Bool = false) -> [[UInt32]] {
        var results: [[UInt32]] = []
        func compose(_ keys: [UInt32]) {
            var composer = HangulComposer()
            for key in keys { composer.typeKeystroke(Unicode.Scalar(key)!) }
            let text = composer.text.unicodeScalars.map(\.value)
            if !results.contains(text) { results.append(text) }
        }
        if insertions {
            for index in 0...keys.count {
                for key in Jamo.keystrokeJamo {
                    var longer = keys
                    longer.insert(key.value, at: index)
                    compose(longer)
                }
            }
        }
        for index in keys.indices {
            guard Jamo.isKeystroke(Unicode.Scalar(keys[index])!) else { continue }
            let replacements =
                anyKey
                ? Jamo.keystrokeJamo.filter { $0.value != keys[index] }
                : DubeolsikKeyboard.neighbours(of: Unicode.Scalar(keys[index])!)
            for neighbour in replacements {
                var slip = keys
                slip[index] = neighbour.value
                compose(slip)
            }
            var shorter = keys
            shorter.remove(at: index)
            if !shorter.isEmpty { compose(shorter) }
            if index + 1 < keys.count, keys[index] != keys[index + 1],
                Jamo.isKeystroke(Unicode.Scalar(keys[index + 1])!)
            {
                var swapped = keys
                swapped.swapAt(index, index + 1)
                compose(swapped)
            }
        }
        return results
    }
}
