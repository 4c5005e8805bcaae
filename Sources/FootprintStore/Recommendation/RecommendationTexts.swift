/// Where one candidate's text (category, tags or name) lies in ``RecommendationCandidates/texts``.
struct TextSpan {
    var start: Int32
    /// The length in bytes, −1 for SQL NULL.
    var count: Int32

    static let null = TextSpan(start: 0, count: -1)
    var isNull: Bool { count < 0 }
}

/// Numbers byte strings: the same bytes get the same number, in order of first appearance.
///
/// What recommendations compare are `String`s, whose hashing and equality go through Unicode
/// normalization (slow for Korean, and canonically equivalent strings are equal). This table
/// only keeps a string's bytes from being turned into a `String` and hashed again: whoever asks
/// maps each new number to its `String`'s number once, so equal `String`s still get one number.
struct ByteInterner {
    private var bytes: [UInt8] = []
    /// Entry `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [Int32] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing, a power of two long: an entry's number, or −1.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { hashes.count }

    /// The number of `text`, and whether it is new.
    mutating func number(_ text: UnsafeBufferPointer<UInt8>) -> (number: Int32, isNew: Bool) {
        // FNV-1a: the strings are short (a tag, a category path, a brand).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            if hashes[Int(entry)] == hash, equals(Int(entry), text) { return (entry, false) }
            slot = (slot + 1) & mask
        }
        let number = Int32(hashes.count)
        bytes.append(contentsOf: text)
        starts.append(Int32(bytes.count))
        hashes.append(hash)
        slots[slot] = number
        if hashes.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Calls `body` with the bytes of entry `number`.
    func withEntry<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(starts[number])..<Int(starts[number + 1])]))
        }
    }

    private func equals(_ entry: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[entry])
        guard Int(starts[entry + 1]) - start == text.count else { return false }
        for offset in 0..<text.count where bytes[start + offset] != text[offset] { return false }
        return true
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}

enum RecommendationTexts {
    /// The tags of a stored `tags` field as ``Hashtag/decode(_:)`` splits them, as byte ranges,
    /// or `nil` when the field holds more than ASCII and Hangul syllables: `decode` splits at
    /// the `|` characters (grapheme clusters), and for those scalars alone each scalar is its
    /// own cluster but CR LF, so the byte `|` is exactly a `|` character. Empty pieces are left
    /// out, as `split` does.
    static func tagRanges(_ text: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard isSimple(text) else { return nil }
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 0...text.count where index == text.count || text[index] == 0x7C {
            if index > start { ranges.append(start..<index) }
            start = index + 1
        }
        return ranges
    }

    /// Whether `text` is valid UTF-8 of ASCII and Hangul syllables (U+AC00–D7A3) only.
    static func isSimple(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            guard byte >= 0xEA, byte <= 0xED, index + 2 < text.count else { return false }
            let second = text[index + 1]
            let third = text[index + 2]
            guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
            let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
            guard (0xAC00...0xD7A3).contains(scalar) else { return false }
            index += 3
        }
        return true
    }
}
