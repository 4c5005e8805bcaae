import FootprintHangul

/// ``HangulQuery/match(_:)-(SearchableText)`` on UTF-8 bytes straight from SQLite, without a
/// `String` or an allocation per name: the query's ``MatchPattern``s compiled once, and each name
/// decoded into a reused scalar buffer.
///
/// It handles names made of ASCII, Hangul syllables and compatibility jamo — what nearly every
/// place name is, and what search normalization leaves unchanged but for case and spaces. For
/// any other name ``load(_:)`` says no and the caller uses ``SearchableText``. The tests check
/// that both give the same answer on every name of the data sets.
final class NameMatcher {
    /// One scalar of a pattern (the internal elements of ``MatchPattern``).
    enum Element {
        case scalar(UInt32)
        /// A syllable with this initial, or the jamo itself.
        case initial(UInt32)
        case ranges([ClosedRange<UInt32>])

        @inline(__always)
        func matches(_ value: UInt32) -> Bool {
            switch self {
            case .scalar(let expected): return value == expected
            case .initial(let initial):
                let offset = value &- 0xAC00
                if offset < 11_172 { return NameMatcher.chosungs[Int(offset / 588)] == initial }
                return value == initial
            case .ranges(let ranges): return ranges.contains { $0.contains(value) }
            }
        }
    }

    struct Pattern {
        var rule: MatchRule
        var reading: String?
        var elements: [Element]
    }

    static let chosungs: [UInt32] = Jamo.chosungs.map(\.value)

    let patterns: [Pattern]
    /// Whether punctuation and symbols are kept as scalars (a query made only of them,
    /// ``HangulQuery/isSymbolsOnly``) rather than skipped like spaces.
    let keepsSymbols: Bool
    /// The loaded name's search-normalized scalars and word starts (`count` of them), in buffers
    /// owned by the matcher and grown as needed: no allocation and no exclusivity check per name.
    private var scalars: UnsafeMutablePointer<UInt32>
    private var wordStarts: UnsafeMutablePointer<Bool>
    private var capacity = 256
    /// The number of scalars loaded.
    private(set) var count = 0

    init(_ query: HangulQuery, keepingSymbols: Bool? = nil) {
        keepsSymbols = keepingSymbols ?? query.isSymbolsOnly
        patterns = Self.compile(query.patterns)
        scalars = .allocate(capacity: capacity)
        wordStarts = .allocate(capacity: capacity)
    }

    /// `patterns` as element lists.
    static func compile(_ patterns: [MatchPattern]) -> [Pattern] {
        patterns.map { pattern in
            var elements: [Element] = []
            for unit in pattern.units {
                switch unit {
                case .text(let text): elements += text.unicodeScalars.map { .scalar($0.value) }
                case .chosung(let jamo): elements.append(.initial(jamo.value))
                case .syllable(let ranges):
                    elements.append(.ranges(ranges.map { $0.lowerBound.value...$0.upperBound.value }))
                }
            }
            return Pattern(rule: pattern.rule, reading: pattern.reading, elements: elements)
        }
    }

    deinit {
        scalars.deallocate()
        wordStarts.deallocate()
    }

    /// The coarse classes of ``HangulNormalization``'s word boundaries, for the scalars handled
    /// (digits are letters there: `GS25` is one word).
    private enum ScalarClass { case hangul, letter, separator }

    /// Decodes a name into the buffer: whitespace and punctuation dropped (kept with
    /// ``keepsSymbols``), ASCII lowercased, word starts where a word begins (after whitespace or
    /// punctuation, or where Hangul meets letters and digits), as ``SearchableText`` does.
    /// Returns false, leaving the buffer undefined, when the name holds anything else.
    ///
    /// `separator`, an ASCII byte, is dropped like a space: `|` for tags as stored, which search
    /// compares joined by spaces. Any other text field decodes as a name does.
    func load(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x20) -> Bool {
        // A name never has more scalars than bytes.
        if bytes.count > capacity {
            scalars.deallocate()
            wordStarts.deallocate()
            capacity = bytes.count
            scalars = .allocate(capacity: capacity)
            wordStarts = .allocate(capacity: capacity)
        }
        var loaded = 0
        defer { count = loaded }
        var previous = ScalarClass.separator
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            var value: UInt32
            let scalarClass: ScalarClass
            if lead < 0x80 {
                index += 1
                if lead == separator {
                    previous = .separator
                    continue
                }
                switch lead {
                case 0x00...0x20, 0x7F:  // whitespace and controls, skipped alike (ScalarClass)
                    previous = .separator
                    continue
                case 0x41...0x5A:
                    value = UInt32(lead | 0x20)
                    scalarClass = .letter
                case 0x61...0x7A:
                    value = UInt32(lead)
                    scalarClass = .letter
                case 0x30...0x39:
                    // Letters and digits make one word (`GS25`).
                    value = UInt32(lead)
                    scalarClass = .letter
                default:
                    guard keepsSymbols else {
                        previous = .separator
                        continue
                    }
                    value = UInt32(lead)
                    scalarClass = .separator
                }
            } else {
                guard lead & 0xF0 == 0xE0, index + 2 < count else { return false }
                let second = bytes[index + 1]
                let third = bytes[index + 2]
                guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
                value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
                // U+3164 HANGUL FILLER is a compatibility jamo that normalization removes.
                guard value &- 0xAC00 < 11_172 || (value &- 0x3131 < 0x5E && value != 0x3164) else { return false }
                index += 3
                // A syllable without a final followed by a conjoining final would compose (NFC).
                if index < count && bytes[index] == 0xE1 { return false }
                scalarClass = .hangul
            }
            wordStarts[loaded] = scalarClass != previous || scalarClass == .separator
            scalars[loaded] = value
            loaded += 1
            previous = scalarClass
        }
        return true
    }

    /// The best match of the query in the loaded name, as ``HangulQuery/match(_:)-(SearchableText)``.
    func match() -> HangulMatch? {
        match(patterns)
    }

    /// The best match of `patterns` (ordered by rule, as a query's) in the loaded name.
    func match(_ patterns: [Pattern]) -> HangulMatch? {
        var best: HangulMatch?
        for pattern in patterns {
            if let best, pattern.rule > best.rule { break }
            guard let position = position(of: pattern.elements) else { continue }
            let match = HangulMatch(rule: pattern.rule, position: position, reading: pattern.reading)
            if best.map({ match < $0 }) ?? true { best = match }
        }
        return best
    }

    /// Where `elements` occur in the loaded name, best place first, as ``MatchPattern/position(in:)``.
    func position(of elements: [Element]) -> MatchPosition? {
        let length = elements.count
        guard length > 0, length <= count else { return nil }
        var best: MatchPosition?
        return elements.withUnsafeBufferPointer { elements in
            let first = elements[0]
            for start in 0...(count - length) where first.matches(scalars[start]) {
                var offset = 1
                while offset < length && elements[offset].matches(scalars[start + offset]) { offset += 1 }
                guard offset == length else { continue }
                if start == 0 { return length == count ? .whole : .prefix }
                if wordStarts[start] { return .wordPrefix }
                best = .substring
            }
            return best
        }
    }
}
