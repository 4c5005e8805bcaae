/// The scanner's token writers and byte helpers: each token is built in the scanner's scratch
/// bytes after the Hangul token and handed to the callback.
extension SearchTokenizer.Scanner {
    /// The token of `count` bytes at `hangulToken` marked as beginning a word (`#` before it),
    /// colocated with it.
    func emitWordStart<E: Error>(
        _ count: Int, _ range: Range<Int>, _ body: (SearchTokenizer.RawToken) throws(E) -> Void
    ) throws(E) {
        let marked = hangulToken + 16
        marked[0] = SearchTokenizer.wordStartMarker
        (marked + 1).update(from: hangulToken, count: count)
        try emit(marked, count + 1, range, colocated: true, body)
    }

    /// The skip bigram of the units on either side of the pending one, colocated at the pending
    /// unit (``Options-swift.struct/skips``). Its 초성 form (`~ㅅㅂ`) is not indexed since
    /// `v18-search-typo-2`: it took as many entries as the literal one, a fifth of the name
    /// index, for the 초성 abbreviation alone, which the 초성 bigrams find as well.
    func emitSkips<E: Error>(
        _ first: UInt32, _ second: UInt32, _ range: Range<Int>, _ body: (SearchTokenizer.RawToken) throws(E) -> Void
    ) throws(E) {
        try emitPair(SearchTokenizer.skipMarker, first, second, range, body)
    }

    /// Two units behind `marker` (a skip or an abbreviation token), colocated with the token
    /// before.
    func emitPair<E: Error>(
        _ marker: UInt8, _ first: UInt32, _ second: UInt32, _ range: Range<Int>,
        _ body: (SearchTokenizer.RawToken) throws(E) -> Void
    ) throws(E) {
        let marked = hangulToken + 16
        marked[0] = marker
        Self.write(first, to: marked + 1)
        Self.write(second, to: marked + 4)
        try emit(marked, 7, range, colocated: true, body)
    }

    /// Hands `count` bytes at `start` to the callback.
    @inline(__always)
    func emit<E: Error>(
        _ start: UnsafeMutablePointer<UInt8>, _ count: Int, _ range: Range<Int>, colocated: Bool,
        _ body: (SearchTokenizer.RawToken) throws(E) -> Void
    ) throws(E) {
        try body(
            SearchTokenizer.RawToken(bytes: .init(start: start, count: count), byteRange: range, isColocated: colocated)
        )
    }

    @inline(__always)
    static func isASCIIDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Writes a scalar of U+0800…U+FFFF as its three UTF-8 bytes.
    @inline(__always)
    static func write(_ value: UInt32, to pointer: UnsafeMutablePointer<UInt8>) {
        pointer[0] = UInt8(0xE0 | value >> 12)
        pointer[1] = UInt8(0x80 | (value >> 6) & 0x3F)
        pointer[2] = UInt8(0x80 | value & 0x3F)
    }

    /// Decodes the UTF-8 scalar at `index`: its value and length, or length 0 for an invalid
    /// sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    @inline(__always)
    static func decode(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (UInt32, Int) {
        let lead = UInt32(base[index])
        func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < count else { return nil }
            let byte = UInt32(base[index + offset])
            return byte & 0xC0 == 0x80 ? byte & 0x3F : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return (0, 0) }
            return ((lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            guard let second = continuation(1), let third = continuation(2) else { return (0, 0) }
            let value = (lead & 0x0F) << 12 | second << 6 | third
            guard value >= 0x800 && !(0xD800...0xDFFF).contains(value) else { return (0, 0) }
            return (value, 3)
        case 0xF0...0xF4:
            guard let second = continuation(1), let third = continuation(2), let fourth = continuation(3) else {
                return (0, 0)
            }
            let value = (lead & 0x07) << 18 | second << 12 | third << 6 | fourth
            guard (0x10000...0x10FFFF).contains(value) else { return (0, 0) }
            return (value, 4)
        default:
            return (0, 0)
        }
    }
}
