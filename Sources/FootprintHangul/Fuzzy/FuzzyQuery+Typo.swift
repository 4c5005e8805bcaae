extension FuzzyQuery {
    /// The half-key cost of typing `typed` where `intended` was meant (0 when equal).
    @inline(__always)
    static func substitutionCost(_ intended: UInt32, _ typed: UInt32) -> Int32 {
        if intended == typed { return 0 }
        return DubeolsikKeyboard.areNeighbours(Unicode.Scalar(intended)!, Unicode.Scalar(typed)!) ? 1 : 2
    }

    /// The keystrokes of each medial vowel and final consonant by index (``Jamo/jungsungs``,
    /// ``Jamo/jongsungs`` with 0 for none), two per entry, 0 when it takes one key or none: a
    /// candidate's keys are then appended without an array per syllable.
    static let vowelKeys: [UInt32] = Jamo.jungsungs.flatMap { pair(Jamo.keystrokes(of: $0)) }
    static let finalKeys: [UInt32] = [0, 0] + Jamo.jongsungs.flatMap { pair(Jamo.keystrokes(of: $0)) }
    private static func pair(_ keys: [Unicode.Scalar]) -> [UInt32] {
        [keys.first?.value ?? 0, keys.count > 1 ? keys[1].value : 0]
    }

    /// Appends the 2-set keystrokes of `unit` (as ``keystrokes(of:)``) to `keys`, allocation-free
    /// for syllables: returns how many.
    @inline(__always)
    static func appendKeystrokes(of unit: UInt32, to keys: inout [UInt32]) -> Int {
        guard HangulSyllable.contains(unit) else {
            let jamo = keystrokes(of: unit)
            keys.append(contentsOf: jamo)
            return jamo.count
        }
        let offset = Int(unit - 0xAC00)
        let vowel = offset % (21 * 28) / 28 * 2
        let final = offset % 28 * 2
        keys.append(Jamo.chosungs[offset / (21 * 28)].value)
        var count = 1
        @inline(__always) func add(_ key: UInt32) {
            if key != 0 {
                keys.append(key)
                count += 1
            }
        }
        add(vowelKeys[vowel])
        add(vowelKeys[vowel + 1])
        add(finalKeys[final])
        add(finalKeys[final + 1])
        return count
    }

    /// The window of whole scalars of `text` whose keystrokes are nearest the query's, when
    /// within ``budget`` and not equal: a semi-global alignment (the window may start and end at
    /// any scalar boundary) with Damerau transpositions, in one pass of `keys × text keys` cells.
    func typo(in text: [UInt32], wordStarts: [Bool]) -> FuzzyMatch? {
        var textKeys: [UInt32] = []
        // For each text key position (0…count), the scalar boundary it is at, or -1 inside one.
        var boundary: [Int] = [0]
        // The scalar of each text key.
        var textUnits: [Int] = []
        textKeys.reserveCapacity(text.count * 4)
        boundary.reserveCapacity(text.count * 4 + 1)
        textUnits.reserveCapacity(text.count * 4)
        for (index, unit) in text.enumerated() {
            let count = Self.appendKeystrokes(of: unit, to: &textKeys)
            for _ in 0..<count { textUnits.append(index) }
            for _ in 1..<max(count, 1) { boundary.append(-1) }
            boundary.append(index + 1)
        }
        let m = keys.count
        let width = textKeys.count + 1
        guard m > 0, width > 1 else { return nil }
        let infinity: Int32 = 1 << 20
        var cost = [Int32](repeating: infinity, count: (m + 1) * width)
        var origin = [Int32](repeating: 0, count: (m + 1) * width)
        for column in 0..<width where boundary[column] >= 0 {
            cost[column] = 0
            origin[column] = Int32(column)
        }
        for row in 1...m {
            let key = keys[row - 1]
            let here = row * width
            let above = here - width
            cost[here] = cost[above] + 2
            origin[here] = origin[above]
            for column in 1..<width {
                var best = cost[above + column - 1] + Self.substitutionCost(textKeys[column - 1], key)
                var from = origin[above + column - 1]
                if cost[above + column] + 2 < best {
                    best = cost[above + column] + 2
                    from = origin[above + column]
                }
                if cost[here + column - 1] + 2 < best {
                    best = cost[here + column - 1] + 2
                    from = origin[here + column - 1]
                }
                if row >= 2, column >= 2, key == textKeys[column - 2], keys[row - 2] == textKeys[column - 1],
                    key != keys[row - 2]
                {
                    let twoBack = (row - 2) * width + column - 2
                    if cost[twoBack] + 2 < best {
                        best = cost[twoBack] + 2
                        from = origin[twoBack]
                    }
                }
                cost[here + column] = best
                origin[here + column] = from
            }
        }
        // The nearest window: lowest cost, then the earliest start, then the shortest.
        var bestColumn = -1
        let last = m * width
        for column in 1..<width where boundary[column] >= 0 {
            let start = Int(origin[last + column])
            guard column > start else { continue }
            if bestColumn < 0 || cost[last + column] < cost[last + bestColumn]
                || (cost[last + column] == cost[last + bestColumn] && start < Int(origin[last + bestColumn]))
            {
                bestColumn = column
            }
        }
        guard bestColumn >= 0 else { return nil }
        let distance = Int(cost[last + bestColumn])
        guard distance > 0, distance <= budget else { return nil }
        let startColumn = Int(origin[last + bestColumn])
        let startUnit = boundary[startColumn]
        let endUnit = boundary[bestColumn]
        let edits = backtrace(
            cost: cost, width: width, textKeys: textKeys, textUnits: textUnits, startUnit: startUnit, end: bestColumn)
        return FuzzyMatch(
            reading: .typo,
            position: Self.position(
                start: startUnit, length: endUnit - startUnit, count: text.count, wordStarts: wordStarts),
            forgiven: edits.joined(separator: ", "), cost: distance)
    }

    /// The edits along one cheapest path to `(keys.count, end)`, first to last, worded as
    /// ``FuzzyMatch/forgiven`` says.
    private func backtrace(
        cost: [Int32], width: Int, textKeys: [UInt32], textUnits: [Int], startUnit: Int, end: Int
    ) -> [String] {
        var edits: [String] = []
        var row = keys.count
        var column = end
        func at(_ keyIndex: Int) -> Int { keyUnits[min(max(keyIndex, 0), keys.count - 1)] + 1 }
        while row > 0 {
            let here = cost[row * width + column]
            let key = keys[row - 1]
            // Two keys swapped before two neighbours replaced, which cost as much.
            if row >= 2, column >= 2, key == textKeys[column - 2], keys[row - 2] == textKeys[column - 1],
                key != keys[row - 2], cost[(row - 2) * width + column - 2] + 2 == here
            {
                let intended = Self.text([textKeys[column - 2], textKeys[column - 1]])
                edits.append("\(intended)→\(Self.text([keys[row - 2], key])) at \(at(row - 2))")
                row -= 2
                column -= 2
                continue
            }
            if column >= 1 {
                let step = Self.substitutionCost(textKeys[column - 1], key)
                if cost[(row - 1) * width + column - 1] + step == here {
                    if step > 0 {
                        edits.append("\(Self.text([textKeys[column - 1]]))→\(Self.text([key])) at \(at(row - 1))")
                    }
                    row -= 1
                    column -= 1
                    continue
                }
            }
            if cost[(row - 1) * width + column] + 2 == here {
                edits.append("\(Self.text([key])) added at \(at(row - 1))")
                row -= 1
                continue
            }
            // A key of the name the query left out: at its syllable's place in the window.
            edits.append("\(Self.text([textKeys[column - 1]])) left out at \(textUnits[column - 1] - startUnit + 1)")
            column -= 1
        }
        return edits.reversed()
    }
}
