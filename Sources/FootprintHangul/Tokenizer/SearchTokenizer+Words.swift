/// Words: a word ends into the chain of Latin words joined across spaces (`blue bottle` is also
/// `bluebottle`), or goes out on its own with its parts (suffixes, the Latin or digit runs
/// inside it).
extension SearchTokenizer.Scanner {
    /// Ends a word: into the chain when words are joined, else out with its parts.
    mutating func flushWord<E: Error>(_ body: (SearchTokenizer.RawToken) throws(E) -> Void) throws(E) {
        guard wordStart >= 0 else { return }
        let range = wordStart..<wordEnd
        let splitsParts = isDocument && wordClassChanges > 0 && !wordIsFull && wordLength > 1
        if joinsWords && !wordIsFull {
            if chainCount == Self.maximumChain || chainLength + wordLength > SearchTokenizer.maximumWordBytes {
                try flushChain(body)
            }
            (chainBytes + chainLength).update(from: scratch, count: wordLength)
            let info = chainInfo + chainCount * 5 * MemoryLayout<Int>.size
            for (index, value) in [
                chainLength, wordLength, range.lowerBound, range.upperBound,
                (splitsParts ? 1 : 0) | (wordIsVerbatim ? 2 : 0),
            ].enumerated() {
                info.storeBytes(of: value, toByteOffset: index * MemoryLayout<Int>.size, as: Int.self)
            }
            chainCount += 1
            chainLength += wordLength
        } else {
            try flushChain(body)
            try emitWord(scratch, wordLength, range, splitsParts: splitsParts, verbatim: wordIsVerbatim, body)
        }
        wordStart = -1
        wordLength = 0
        wordIsFull = false
        wordIsVerbatim = true
        wordClassChanges = 0
    }

    /// One Int of the chain's word `word`: 0 offset, 1 length, 2 input start, 3 input end, 4 flags.
    func chain(_ word: Int, _ field: Int) -> Int {
        chainInfo.loadUnaligned(fromByteOffset: (word * 5 + field) * MemoryLayout<Int>.size, as: Int.self)
    }

    /// Ends the chain: each word with its parts, then its joins with the words after it.
    mutating func flushChain<E: Error>(_ body: (SearchTokenizer.RawToken) throws(E) -> Void) throws(E) {
        guard chainCount > 0 else { return }
        for word in 0..<chainCount {
            let offset = chain(word, 0)
            let flags = chain(word, 4)
            try emitWord(
                chainBytes + offset, chain(word, 1), chain(word, 2)..<chain(word, 3), splitsParts: flags & 1 != 0,
                verbatim: flags & 2 != 0, body)
            let lastJoined = min(chainCount - 1, word + Self.joinedWords)
            let laterWords = word + 1 > lastJoined ? [] : Array((word + 1)...lastJoined)
            for later in laterWords + (chainCount - 1 > lastJoined ? [chainCount - 1] : []) {
                try emit(
                    chainBytes + offset, chain(later, 0) + chain(later, 1) - offset,
                    chain(word, 2)..<chain(later, 3),
                    colocated: true, body)
            }
        }
        chainCount = 0
        chainLength = 0
    }

    /// A word's token, then in document mode its letter and digit parts (`gs25` → `gs`, `25`)
    /// and, with ``emitsSuffixes``, its suffixes (`cgv` → `gv`, `v`) for substrings of a word.
    func emitWord<E: Error>(
        _ bytes: UnsafeMutablePointer<UInt8>, _ length: Int, _ range: Range<Int>, splitsParts: Bool, verbatim: Bool,
        _ body: (SearchTokenizer.RawToken) throws(E) -> Void
    ) throws(E) {
        try emit(bytes, length, range, colocated: false, body)
        let suffixes = emitsSuffixes && length <= Self.maximumSuffixWordBytes
        if suffixes {
            for start in 1..<max(1, length) where bytes[start] & 0xC0 != 0x80 {
                let suffixRange = verbatim ? (range.lowerBound + start)..<range.upperBound : range
                try emit(bytes + start, length - start, suffixRange, colocated: true, body)
            }
        }
        guard splitsParts else { return }
        var partStart = 0
        for index in 1...length {
            let atEnd = index == length
            // The last part is a suffix, emitted above.
            if atEnd && suffixes { break }
            if atEnd || Self.isASCIIDigit(bytes[index]) != Self.isASCIIDigit(bytes[index - 1]) {
                // A non-ASCII letter's continuation bytes never start a part.
                if !atEnd && bytes[index] & 0xC0 == 0x80 { continue }
                let partRange = verbatim ? (range.lowerBound + partStart)..<(range.lowerBound + index) : range
                try emit(bytes + partStart, index - partStart, partRange, colocated: true, body)
                partStart = index
            }
        }
    }
}
