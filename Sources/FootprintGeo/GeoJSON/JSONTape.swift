/// A parsed JSON text held as a flat array of nodes in document order (a "tape", as simdjson
/// calls it), so that reading a million positions costs no allocation per value.
///
/// A container node records where its subtree ends, so a reader skips a value in O(1). Strings
/// stay as byte ranges of the source and are decoded only when asked for; numbers are parsed
/// once, at full double precision. The tape does not own the bytes: it is used inside the
/// closure that lends them (see ``JSONTape/parse(_:)``).
struct JSONTape {
    /// What a node holds.
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value: 16 bytes.
    struct Node {
        var kind: Kind
        /// For strings: true when the text holds a backslash escape.
        var hasEscapes: Bool
        /// Byte offset in the source where the value starts (its quote, bracket or first digit).
        var offset: UInt32
        /// Numbers: the double's bit pattern. Strings: the offset of the closing quote.
        /// Containers: the index after the subtree (low 32 bits) and the child count (high 32 bits);
        /// an object's children are key, value, key, value…
        var payload: UInt64
    }

    /// The source text.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The nodes; the root is node 0.
    var nodes: [Node]
    /// True when the text began with a UTF-8 byte order mark, which was skipped.
    var hadByteOrderMark = false

    @inline(__always) func kind(_ index: Int) -> Kind { nodes[index].kind }

    /// The number at `index` (a `.number` node).
    @inline(__always) func number(_ index: Int) -> Double { Double(bitPattern: nodes[index].payload) }

    /// The child count of a container.
    @inline(__always) func count(_ index: Int) -> Int { Int(nodes[index].payload >> 32) }

    /// The index of the node after the value at `index` and all it contains.
    @inline(__always) func next(_ index: Int) -> Int {
        let node = nodes[index]
        switch node.kind {
        case .array, .object: return Int(node.payload & 0xFFFF_FFFF)
        default: return index + 1
        }
    }

    /// The byte offset where the value at `index` starts.
    @inline(__always) func offset(_ index: Int) -> Int { Int(nodes[index].offset) }

    /// The indices of an array's elements.
    func elements(_ index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count(index))
        var child = index + 1
        for _ in 0..<count(index) {
            result.append(child)
            child = next(child)
        }
        return result
    }

    /// The decoded text of a string node.
    func string(_ index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.offset) + 1
        let end = Int(node.payload)
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !node.hasEscapes { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: JSONEscapes.unescaped(raw), as: UTF8.self)
    }

    /// How a person names the kind of the value at `index`, for error messages.
    func kindDescription(_ index: Int) -> String {
        switch kind(index) {
        case .null: return "null"
        case .false, .true: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Line and column (both from 1) of a byte offset in a UTF-8 text; the column counts Unicode
/// scalars, as an editor does.
struct TextLocator {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Offsets of every line feed, found on first use.
    private var lineFeeds: [Int]?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func position(of offset: Int) -> GeoJSONTextPosition {
        if lineFeeds == nil {
            var feeds: [Int] = []
            for index in bytes.indices where bytes[index] == 0x0A { feeds.append(index) }
            lineFeeds = feeds
        }
        let feeds = lineFeeds!
        // Binary search: the number of line feeds before `offset`.
        var low = 0
        var high = feeds.count
        while low < high {
            let middle = (low + high) / 2
            if feeds[middle] < offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : feeds[low - 1] + 1
        var column = 1
        var index = lineStart
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return GeoJSONTextPosition(line: low + 1, column: column)
    }
}
