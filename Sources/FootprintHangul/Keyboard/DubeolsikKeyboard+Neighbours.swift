extension DubeolsikKeyboard {
    /// The QWERTY rows the 2-set layout sits on, left to right, with each row's offset from the
    /// left edge in key widths (the usual ¼ and ¾ stagger of a laptop or phone keyboard).
    private static let rows: [(keys: String, offset: Double)] = [
        ("qwertyuiop", 0), ("asdfghjkl", 0.25), ("zxcvbnm", 0.75),
    ]

    /// Each lowercase key's centre: row and horizontal position in key widths.
    private static let keyPositions: [Character: (row: Int, x: Double)] = {
        var table: [Character: (row: Int, x: Double)] = [:]
        for (row, line) in rows.enumerated() {
            for (column, key) in line.keys.enumerated() { table[key] = (row, Double(column) + line.offset) }
        }
        return table
    }()

    /// The lowercase key a keystroke is typed on: a 2-set jamo's key (`ㅌ` → `x`, `ㄲ` → `r`, its
    /// Shift position being the same key), an ASCII letter itself; `nil` otherwise.
    static func physicalKey(of keystroke: Unicode.Scalar) -> Character? {
        if keystroke.isASCII {
            let value = keystroke.value | 0x20
            return (0x61...0x7A).contains(value) ? Character(Unicode.Scalar(value)!) : nil
        }
        return key(forJamo: keystroke).map { Character($0.lowercased()) }
    }

    /// Whether two different keystrokes lie on touching keys of the 2-set layout — side by side
    /// in a row, or in adjacent rows less than one key width apart (`ㅌ`/`ㅋ`, `ㅗ`/`ㅓ`, `ㅅ`/`ㅛ`) —
    /// or on the same key with and without Shift (`ㄱ`/`ㄲ`, `ㅐ`/`ㅒ`): the slips of a thumb.
    /// Latin letters use the same keys (`s`/`d`).
    public static func areNeighbours(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        guard a != b else { return false }
        if let i = keyTableSlot(a), let j = keyTableSlot(b) {
            let keyA = Int(keyIndices[i])
            let keyB = Int(keyIndices[j])
            return keyA >= 0 && keyB >= 0 && touchingKeys[keyA * 26 + keyB]
        }
        return areNeighboursByPosition(a, b)
    }

    /// ``areNeighbours(_:_:)`` from the keys' positions: the rule itself, which the tables below
    /// hold for ASCII and the compatibility jamo.
    static func areNeighboursByPosition(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        guard a != b, let keyA = physicalKey(of: a), let keyB = physicalKey(of: b),
            let p = keyPositions[keyA], let q = keyPositions[keyB]
        else { return false }
        if keyA == keyB { return true }
        let dx = abs(p.x - q.x)
        if p.row == q.row { return dx <= 1 }
        return abs(p.row - q.row) == 1 && dx < 1
    }

    /// The typo distance asks ``areNeighbours(_:_:)`` once per cell of its table, millions of
    /// times a search: hashing a `Character` for each ask was a third of `search_typo`'s time. So
    /// each ASCII scalar and compatibility jamo (U+3131–U+3163) has its key's index (a–z → 0–25,
    /// −1 for none) at a slot of one array, and each pair of keys its answer in another.
    private static let keyIndices: [Int8] = {
        var table = [Int8](repeating: -1, count: 128 + 0x33)
        let scalars = (0..<128).map { Unicode.Scalar(UInt8($0)) } + (0x3131...0x3163).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            guard let slot = keyTableSlot(scalar), let key = physicalKey(of: scalar)?.asciiValue else { continue }
            table[slot] = Int8(key - 0x61)
        }
        return table
    }()

    /// Whether keys `i` and `j` (0–25, a–z) touch, at `i * 26 + j`; a key touches itself (Shift).
    private static let touchingKeys: [Bool] = {
        let letters = (0x61...0x7A).compactMap(Unicode.Scalar.init)
        return letters.flatMap { a in
            letters.map { b in a == b || areNeighboursByPosition(a, b) }
        }
    }()

    /// The slot of `scalar` in ``keyIndices``; `nil` outside ASCII and the compatibility jamo.
    private static func keyTableSlot(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value < 128 { return Int(value) }
        if (0x3131...0x3163).contains(value) { return 128 + Int(value - 0x3131) }
        return nil
    }

    /// The keystroke jamo on keys touching `keystroke`'s (``areNeighbours(_:_:)``), in the order
    /// of ``Jamo/keystrokeJamo``.
    public static func neighbours(of keystroke: Unicode.Scalar) -> [Unicode.Scalar] {
        Jamo.keystrokeJamo.filter { areNeighbours(keystroke, $0) }
    }
}
