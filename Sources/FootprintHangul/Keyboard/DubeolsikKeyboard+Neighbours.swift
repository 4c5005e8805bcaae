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
        guard a != b, let keyA = physicalKey(of: a), let keyB = physicalKey(of: b),
            let p = keyPositions[keyA], let q = keyPositions[keyB]
        else { return false }
        if keyA == keyB { return true }
        let dx = abs(p.x - q.x)
        if p.row == q.row { return dx <= 1 }
        return abs(p.row - q.row) == 1 && dx < 1
    }

    /// The keystroke jamo on keys touching `keystroke`'s (``areNeighbours(_:_:)``), in the order
    /// of ``Jamo/keystrokeJamo``.
    public static func neighbours(of keystroke: Unicode.Scalar) -> [Unicode.Scalar] {
        Jamo.keystrokeJamo.filter { areNeighbours(keystroke, $0) }
    }
}
