extension FuzzyQuery {
    /// A window of the text that is the query with one syllable left out (`파리게뜨` in
    /// 파리바게뜨, ``FuzzyReading/missingSyllable``) or one added (``FuzzyReading/extraSyllable``) (`스타타벅스` → 스타벅스), anywhere but before the first — and an
    /// added one after the last only with `endAdded` (`스타벅스즈`; the caller leaves it out when one
    /// key explains it, see ``match(_:)``). The syllable is a Hangul one, the query has three or
    /// more (`스벅` is an abbreviation), and what stays has two or more.
    func missingSyllable(in text: [UInt32], wordStarts: [Bool], endAdded: Bool = false) -> FuzzyMatch? {
        let n = units.count
        var best: FuzzyMatch?
        for start in text.indices {
            // The name has one more syllable: the query's prefix, the syllable, the rest.
            if n >= 3, start + n + 1 <= text.count {
                let common = commonPrefix(text, from: start, limit: n)
                if common >= 1, common < n, HangulSyllable.contains(text[start + common]),
                    text[(start + common + 1)..<(start + n + 1)].elementsEqual(units[common...])
                {
                    let found = FuzzyMatch(
                        reading: .missingSyllable,
                        position: Self.position(start: start, length: n + 1, count: text.count, wordStarts: wordStarts),
                        forgiven: "\(Self.text([text[start + common]])) left out at \(common + 1)")
                    if best.map({ found < $0 }) ?? true { best = found }
                }
            }
            // The query has one more: the name's window is the query without one of its syllables.
            if n - 1 >= 2, start + n - 1 <= text.count {
                let common = commonPrefix(text, from: start, limit: n - 1)
                if common >= 1, common < n - 1 || (endAdded && n >= 4 && common == n - 1),
                    HangulSyllable.contains(units[common]),
                    text[(start + common)..<(start + n - 1)].elementsEqual(units[(common + 1)...])
                {
                    let found = FuzzyMatch(
                        reading: .extraSyllable,
                        position: Self.position(start: start, length: n - 1, count: text.count, wordStarts: wordStarts),
                        forgiven: "\(Self.text([units[common]])) added at \(common + 1)")
                    if best.map({ found < $0 }) ?? true { best = found }
                }
            }
        }
        return best
    }

    /// A window of the text that is the query with two neighbouring Hangul syllables swapped,
    /// not the first (`롯리데아` → 롯데리아).
    func swappedSyllables(in text: [UInt32], wordStarts: [Bool]) -> FuzzyMatch? {
        let n = units.count
        guard n >= 3 else { return nil }
        var best: FuzzyMatch?
        for start in text.indices where start + n <= text.count {
            let common = commonPrefix(text, from: start, limit: n)
            guard common >= 1, common + 1 < n else { continue }
            let a = text[start + common]
            let b = text[start + common + 1]
            guard a != b, a == units[common + 1], b == units[common], HangulSyllable.contains(a),
                HangulSyllable.contains(b),
                text[(start + common + 2)..<(start + n)].elementsEqual(units[(common + 2)...])
            else { continue }
            let found = FuzzyMatch(
                reading: .swapped,
                position: Self.position(start: start, length: n, count: text.count, wordStarts: wordStarts),
                forgiven: "\(Self.text([a, b]))→\(Self.text([b, a])) at \(common + 1)")
            if best.map({ found < $0 }) ?? true { best = found }
        }
        return best
    }

    /// A word of the text (longer than the query) that begins with the query's first syllable and
    /// holds the others in order (`스벅` in 스타벅스); with `chosung`, compared on the 초성 of its
    /// syllables (`ㅅㅂ`). For queries of 2–4 Hangul syllables (or consonants); a query of several
    /// words, see ``wordAbbreviation(in:wordStarts:)``.
    func abbreviation(in text: [UInt32], wordStarts: [Bool], chosung: Bool) -> FuzzyMatch? {
        if !chosung && self.wordStarts.dropFirst().contains(true) {
            return wordAbbreviation(in: text, wordStarts: wordStarts)
        }
        let n = units.count
        guard (2...4).contains(n), chosung || units.allSatisfy(HangulSyllable.contains) else { return nil }
        func initial(_ value: UInt32) -> UInt32 {
            HangulSyllable(Unicode.Scalar(value)!)?.chosung.value ?? value
        }
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count && !wordStarts[end] { end += 1 }
            defer { start = end }
            guard end - start > n, HangulSyllable.contains(text[start]) else { continue }
            let word = text[start..<end]
            guard (chosung ? initial(word.first!) : word.first!) == units[0] else { continue }
            var next = 1
            for value in word.dropFirst() where next < n && (chosung ? initial(value) : value) == units[next] {
                next += 1
            }
            guard next == n else { continue }
            return FuzzyMatch(
                reading: chosung ? .chosungAbbreviation : .abbreviation,
                position: Self.position(start: start, length: end - start, count: text.count, wordStarts: wordStarts),
                forgiven: "abbreviates \(Self.text(word))")
        }
        return nil
    }

    /// Consecutive words of the text, one for each word of the query, each beginning with its
    /// query word (`강남` in 강남역점) or abbreviated by it (`스벅` of 스타벅스: 2–4 syllables, the
    /// first the word's first, the others in it in order), one abbreviated at least: `스벅 강남` in
    /// 스타벅스 강남역점. The forgiven wording names the abbreviated words.
    func wordAbbreviation(in text: [UInt32], wordStarts: [Bool]) -> FuzzyMatch? {
        func words(_ starts: [Bool], count: Int) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var start = 0
            for index in 1...count where index == count || starts[index] {
                ranges.append(start..<index)
                start = index
            }
            return ranges
        }
        guard !text.isEmpty else { return nil }
        let queryWords = words(self.wordStarts, count: units.count)
        let nameWords = words(wordStarts, count: text.count)
        guard queryWords.count <= nameWords.count else { return nil }
        for first in 0...(nameWords.count - queryWords.count) {
            var abbreviated: [String] = []
            var fits = true
            // Whether each name word is covered whole (abbreviated or typed out): else the match
            // is not the whole name (`스벅 강남` in 스타벅스 강남역점 is a prefix).
            var covered = true
            for (offset, queryWord) in queryWords.enumerated() {
                let query = units[queryWord]
                let word = text[nameWords[first + offset]]
                if word.starts(with: query) {
                    if word.count > query.count { covered = false }
                    continue
                }
                guard (2...4).contains(query.count), word.count > query.count,
                    query.allSatisfy(HangulSyllable.contains),
                    word.first == query.first
                else {
                    fits = false
                    break
                }
                var next = query.startIndex + 1
                for value in word.dropFirst() where next < query.endIndex && value == query[next] { next += 1 }
                guard next == query.endIndex else {
                    fits = false
                    break
                }
                abbreviated.append(Self.text(word))
            }
            guard fits, !abbreviated.isEmpty else { continue }
            let start = nameWords[first].lowerBound
            let end = nameWords[first + queryWords.count - 1].upperBound
            var position = Self.position(start: start, length: end - start, count: text.count, wordStarts: wordStarts)
            if position == .whole && !covered { position = .prefix }
            return FuzzyMatch(
                reading: .abbreviation, position: position,
                forgiven: "abbreviates \(abbreviated.joined(separator: " "))")
        }
        return nil
    }

    /// How many of the first `limit` query scalars the text repeats from `start`.
    private func commonPrefix(_ text: [UInt32], from start: Int, limit: Int) -> Int {
        var count = 0
        while count < limit, start + count < text.count, text[start + count] == units[count] { count += 1 }
        return count
    }
}
