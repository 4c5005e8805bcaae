import Foundation

/// A strict, streaming tokenizer for the XML 1.0 that GPX files use, over bytes read in chunks.
///
/// Foundation's `XMLParser` reads the 100,000-point peer track in 0.61 s on Linux (about 6 s for the
/// 1M-point benchmark track), and its entity handling is libxml2's: this tokenizer is small,
/// allocation-free per token and never expands an entity. It refuses a DOCTYPE (and with it every
/// entity declaration), decodes only the five predefined entities and character references, and
/// checks what makes a document well-formed: one root, matching end tags, attribute syntax, no
/// text outside the root, no truncation.
///
/// Memory stays constant: the buffer holds one chunk plus the token being read (a tag, a text, a
/// comment), up to ``maximumTokenBytes``. Token ranges are indices into ``buffer`` and stay valid
/// until the next call to ``nextToken()``.
struct XMLTokenizer: ~Copyable {
    /// What ``nextToken()`` found. Names and attributes of elements are in ``name``,
    /// ``localNameStart`` and ``attributes``.
    enum Token {
        case startElement(isEmpty: Bool)
        case endElement
        /// Character data (CDATA sections included), raw; `hasReferences` when it holds `&…;`.
        case text(Range<Int>, hasReferences: Bool)
        case endOfDocument
    }

    /// An attribute of the current start tag: ranges into ``buffer``.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        var hasReferences: Bool
    }

    /// Where a token starts, kept so that its line and column can be given later.
    struct Mark {
        var offset: Int
        var line: Int
        var lineStart: Int
    }

    /// Reads bytes into the buffer and returns how many; 0 at the end.
    typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    /// Deeper nesting than this is refused (GPX needs 5 levels; extensions a few more).
    static let maximumDepth = 256
    /// A single token longer than this (64 MiB) is refused, which bounds memory.
    static let maximumTokenBytes = 1 << 26
    static let chunkSize = 1 << 18

    private(set) var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// The first byte not yet consumed.
    var index = 0
    /// The absolute offset of `buffer[0]` in the input.
    private(set) var base = 0
    private(set) var line = 1
    /// The absolute offset of the current line's first byte.
    private(set) var lineStart = 0
    private(set) var exhausted = false
    private let source: Source

    /// The qualified name of the current start or end tag.
    var name: Range<Int> = 0..<0
    /// Where the name's local part begins (after the prefix's colon, if any).
    var localNameStart = 0
    var attributes: [Attribute] = []
    /// Where the current token starts.
    private(set) var tokenMark = Mark(offset: 0, line: 1, lineStart: 0)

    private var openKeys: [UInt64] = []
    private var openLines: [Int] = []
    private var openLongNames: [UInt8] = []
    private var openLongNameEnds: [Int] = []
    private(set) var rootSeen = false

    init(source: @escaping Source) {
        self.source = source
        capacity = Self.chunkSize
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// How many elements are open.
    var depth: Int { openKeys.count }

    /// The next token; comments, processing instructions and whitespace outside the root are
    /// skipped.
    mutating func nextToken() throws(GPXError) -> Token {
        var retriedAtEnd = false
        while true {
            tokenMark = Mark(offset: base + index, line: line, lineStart: lineStart)
            if index == count {
                if try refill() { continue }
                return try endOfInput()
            }
            let scan = buffer[index] == UInt8(ascii: "<") ? try markup() : try text()
            switch scan {
            case .token(let token): return token
            case .skipped: continue
            case .needMore:
                if try refill() { continue }
                // The scanners see `exhausted` now: give them one more look at the last bytes.
                if !retriedAtEnd {
                    retriedAtEnd = true
                    continue
                }
                if buffer[index] == UInt8(ascii: "<") {
                    throw malformed("the file ends inside a tag, comment or declaration", at: index)
                }
                throw truncated()
            }
        }
    }

    enum Scan {
        case token(Token)
        case skipped
        case needMore
    }

    private mutating func endOfInput() throws(GPXError) -> Token {
        if depth > 0 { throw truncated() }
        if !rootSeen {
            let (line, column) = location(of: tokenMark)
            throw GPXError.notGPX(line: line, column: column, reason: "the input holds no XML element, so no <gpx>")
        }
        return .endOfDocument
    }

    private func truncated() -> GPXError {
        let (line, column) = location(
            of: Mark(offset: base + index, line: self.line, lineStart: lineStart), upTo: count)
        guard let openLine = openLines.last else {
            return .malformedXML(line: line, column: column, reason: "the file ends unexpectedly")
        }
        let name = openName()
        return .malformedXML(
            line: line, column: column,
            reason: "the file ends inside <\(name)> opened at line \(openLine): it is truncated")
    }

    // MARK: - Text

    private mutating func text() throws(GPXError) -> Scan {
        let end: Int
        if let found = firstIndex(of: UInt8(ascii: "<"), from: index, to: count) {
            end = found
        } else {
            if !exhausted { return .needMore }
            end = count
        }
        let hasReferences = try checkReferences(from: index, to: end)
        if depth == 0 {
            var first = index
            while first < end, isWhitespace(buffer[first]) { first += 1 }
            guard first == end else {
                throw malformed(rootSeen ? "text after the root element" : "text before the root element", at: first)
            }
            advance(to: end)
            return .skipped
        }
        if end == count { throw truncated() }
        let range = index..<end
        advance(to: end)
        return .token(.text(range, hasReferences: hasReferences))
    }

    // MARK: - Buffer

    /// Moves the unconsumed bytes to the front and reads more; false at the end of the input.
    private mutating func refill() throws(GPXError) -> Bool {
        if exhausted { return false }
        var keep = index
        // Keep the current line's beginning when it is near, so that columns count scalars.
        let lineIndex = lineStart - base
        if lineIndex >= 0, lineIndex < keep, keep - lineIndex <= 4096 { keep = lineIndex }
        if keep > 0 {
            if count > keep { memmove(buffer, buffer + keep, count - keep) }
            count -= keep
            index -= keep
            base += keep
        }
        if capacity - count < Self.chunkSize / 2 {
            guard count - index < Self.maximumTokenBytes else {
                throw malformed("a single tag, text or comment is longer than 64 MiB", at: index)
            }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = grown
            capacity *= 2
        }
        let before = count
        while count < capacity {
            let read: Int
            do {
                read = try source(UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
            } catch let error as GPXError {
                throw error
            } catch {
                let (line, column) = location(of: tokenMark)
                throw GPXError.unreadable(line: line, column: column, reason: "the input cannot be read: \(error)")
            }
            if read <= 0 {
                exhausted = true
                break
            }
            count += read
        }
        return count > before
    }

    /// Consumes bytes up to `end`, counting lines.
    mutating func advance(to end: Int) {
        var position = index
        while position < end, let newline = firstIndex(of: 0x0A, from: position, to: end) {
            line += 1
            lineStart = base + newline + 1
            position = newline + 1
        }
        index = end
    }

    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let hit = memchr(buffer + start, Int32(byte), end - start) else { return nil }
        return hit.assumingMemoryBound(to: UInt8.self) - buffer
    }

    /// The first index of `pattern` in `start..<count`.
    func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        var position = start
        while let hit = firstIndex(of: pattern[0], from: position, to: count) {
            guard hit + pattern.count <= count else { return nil }
            var matches = true
            for offset in 1..<pattern.count where buffer[hit + offset] != pattern[offset] {
                matches = false
                break
            }
            if matches { return hit }
            position = hit + 1
        }
        return nil
    }

    @inline(__always)
    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    // MARK: - Open elements

    /// A name of up to 8 bytes as one integer (XML names hold no NUL, so zero padding is
    /// unambiguous); 0 for a longer name, whose bytes go to `openLongNames`. Pushing and
    /// matching the GPX elements then costs no copy.
    private func key(_ name: Range<Int>) -> UInt64 {
        guard name.count <= 8 else { return 0 }
        var key: UInt64 = 0
        var position = name.upperBound
        while position > name.lowerBound {
            position -= 1
            key = key << 8 | UInt64(buffer[position])
        }
        return key
    }

    private func keyName(_ key: UInt64) -> String {
        var bytes: [UInt8] = []
        var rest = key
        while rest != 0 {
            bytes.append(UInt8(rest & 0xFF))
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func pushOpen(_ name: Range<Int>) throws(GPXError) {
        guard depth < Self.maximumDepth else {
            throw malformed("elements are nested more than \(Self.maximumDepth) deep", at: name.lowerBound)
        }
        let key = key(name)
        if key == 0 {
            openLongNames.append(contentsOf: UnsafeBufferPointer(start: buffer + name.lowerBound, count: name.count))
            openLongNameEnds.append(openLongNames.count)
        }
        openKeys.append(key)
        openLines.append(tokenMark.line)
    }

    /// Pops the innermost open element, which must be `name`.
    mutating func popOpen(_ name: Range<Int>) throws(GPXError) {
        guard let open = openKeys.last, let line = openLines.last else {
            throw malformed("the end tag </\(string(name))> has no start tag", at: tokenMark.offset - base)
        }
        var same = key(name) == open
        var longStart = 0
        if same && open == 0 {
            let end = openLongNameEnds[openLongNameEnds.count - 1]
            longStart = openLongNameEnds.count > 1 ? openLongNameEnds[openLongNameEnds.count - 2] : 0
            same =
                end - longStart == name.count
                && openLongNames.withUnsafeBufferPointer { names in
                    memcmp(names.baseAddress! + longStart, buffer + name.lowerBound, name.count) == 0
                }
        }
        guard same else {
            throw malformed(
                "the end tag </\(string(name))> does not match the start tag <\(openName())> at line \(line)",
                at: tokenMark.offset - base)
        }
        if open == 0 {
            openLongNames.removeLast(openLongNames.count - longStart)
            openLongNameEnds.removeLast()
        }
        openKeys.removeLast()
        openLines.removeLast()
    }

    /// The innermost open element's name.
    func openName() -> String {
        guard let open = openKeys.last else { return "" }
        if open != 0 { return keyName(open) }
        let end = openLongNameEnds[openLongNameEnds.count - 1]
        let start = openLongNameEnds.count > 1 ? openLongNameEnds[openLongNameEnds.count - 2] : 0
        return String(decoding: openLongNames[start..<end], as: UTF8.self)
    }

    mutating func noteRoot() { rootSeen = true }

    // MARK: - Positions

    /// The line and column of a mark; with `upTo`, of that buffer index, which must lie at or after
    /// the mark with the bytes between them still in the buffer.
    func location(of mark: Mark, upTo target: Int? = nil) -> (line: Int, column: Int) {
        var line = mark.line
        var lineStart = mark.lineStart
        var offset = mark.offset
        if let target, mark.offset - base >= 0 {
            var position = mark.offset - base
            while position < target, let newline = firstIndex(of: 0x0A, from: position, to: target) {
                line += 1
                lineStart = base + newline + 1
                position = newline + 1
            }
            offset = base + target
        }
        guard lineStart >= base, offset - base <= count else { return (line, offset - lineStart + 1) }
        var column = 1
        var position = lineStart - base
        while position < offset - base {
            if buffer[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return (line, column)
    }

    /// A syntax error at a buffer index inside the current token.
    func malformed(_ reason: String, at target: Int) -> GPXError {
        let (line, column) = location(of: tokenMark, upTo: max(target, tokenMark.offset - base))
        return .malformedXML(line: line, column: column, reason: reason)
    }

    /// The bytes of a range as a string (invalid UTF-8 replaced).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// True when the range holds exactly `ascii`.
    func bytes(_ range: Range<Int>, equal ascii: StaticString) -> Bool {
        guard range.count == ascii.utf8CodeUnitCount else { return false }
        return memcmp(buffer + range.lowerBound, ascii.utf8Start, range.count) == 0
    }
}
