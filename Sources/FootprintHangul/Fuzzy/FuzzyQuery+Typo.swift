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
    /// The keystroke of each initial consonant by index (``Jamo/chosungs``).
    static let initialKeys: [UInt32] = Jamo.chosungs.map(\.value)
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

    /// The slot of a keystroke in ``substitutionCosts``' rows: the compatibility jamo U+3131–U+3163
    /// at 0–50, ASCII at 51–178; `nil` for any other scalar (its cost is computed).
    @inline(__always)
    static func costSlot(_ key: UInt32) -> Int? {
        if key &- 0x3131 < 51 { return Int(key - 0x3131) }
        if key < 0x80 { return 51 + Int(key) }
        return nil
    }

    /// How many slots a row of ``substitutionCosts`` has.
    static let costSlots = 51 + 128

    /// For each query key (a row of ``costSlots``), the half-key cost of typing it where each
    /// slot's key was meant (``substitutionCost(_:_:)``), built once a query: the distance's
    /// inner loop then reads one table entry a cell instead of calling the keyboard's
    /// ``DubeolsikKeyboard/areNeighbours(_:_:)`` (a call and two lazily initialized tables a cell,
    /// 6% of `search_typo`'s profile with the `swift_once` checks it made).
    static func substitutionCosts(for keys: [UInt32]) -> [Int32] {
        var table = [Int32](repeating: 2, count: keys.count * costSlots)
        for (row, key) in keys.enumerated() {
            for slot in 0..<costSlots {
                let intended = slot < 51 ? 0x3131 + UInt32(slot) : UInt32(slot - 51)
                table[row * costSlots + slot] = substitutionCost(intended, key)
            }
        }
        return table
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
        // Each text key's slot in ``substitutionCosts`` (-1: computed).
        var slots: [Int] = []
        textKeys.reserveCapacity(text.count * 5)
        boundary.reserveCapacity(text.count * 5 + 1)
        textUnits.reserveCapacity(text.count * 5)
        slots.reserveCapacity(text.count * 5)
        // The tables read once here, not once a syllable (each read of a static checks its
        // initialization).
        let (initials, vowels, finals) = (Self.initialKeys, Self.vowelKeys, Self.finalKeys)
        for (index, unit) in text.enumerated() {
            var count = 0
            @inline(__always) func add(_ key: UInt32) {
                if key != 0 {
                    textKeys.append(key)
                    count += 1
                }
            }
            if HangulSyllable.contains(unit) {
                let offset = Int(unit - 0xAC00)
                let vowel = offset % (21 * 28) / 28 * 2
                let final = offset % 28 * 2
                add(initials[offset / (21 * 28)])
                add(vowels[vowel])
                add(vowels[vowel + 1])
                add(finals[final])
                add(finals[final + 1])
            } else {
                count = Self.appendKeystrokes(of: unit, to: &textKeys)
            }
            for _ in 0..<count { textUnits.append(index) }
            for _ in 1..<max(count, 1) { boundary.append(-1) }
            boundary.append(index + 1)
        }
        for key in textKeys { slots.append(Self.costSlot(key) ?? -1) }
        let m = keys.count
        let width = textKeys.count + 1
        guard m > 0, width > 1 else { return nil }
        let infinity: Int32 = 1 << 20
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (m + 1) * width) { buffer in
            let cost = UnsafeMutableBufferPointer(rebasing: buffer[0..<((m + 1) * width)])
            let origin = UnsafeMutableBufferPointer(rebasing: buffer[((m + 1) * width)...])
            for column in 0..<width {
                cost[column] = boundary[column] >= 0 ? 0 : infinity
                origin[column] = boundary[column] >= 0 ? Int32(column) : 0
            }
            substitutionTable.withUnsafeBufferPointer { table in
                for row in 1...m {
                    let key = keys[row - 1]
                    let costs = (row - 1) * Self.costSlots
                    let here = row * width
                    let above = here - width
                    cost[here] = cost[above] + 2
                    origin[here] = origin[above]
                    for column in 1..<width {
                        let slot = slots[column - 1]
                        let step =
                            slot >= 0 ? table[costs + slot] : Self.substitutionCost(textKeys[column - 1], key)
                        var best = cost[above + column - 1] + step
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
                cost: UnsafeBufferPointer(cost), width: width, textKeys: textKeys, textUnits: textUnits,
                startUnit: startUnit, end: bestColumn)
            return FuzzyMatch(
                reading: .typo,
                position: Self.position(
                    start: startUnit, length: endUnit - startUnit, count: text.count, wordStarts: wordStarts),
                forgiven: edits.joined(separator: ", "), cost: distance)
        }
    }

    /// The edits along one cheapest path to `(keys.count, end)`, first to last, worded as
    /// ``FuzzyMatch/forgiven`` says.
    private func backtrace(
        cost: UnsafeBufferPointer<Int32>, width: Int, textKeys: [UInt32], textUnits: [Int], startUnit: Int, end: Int
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
