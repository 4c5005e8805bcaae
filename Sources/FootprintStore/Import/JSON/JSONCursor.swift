import FootprintGeo
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON syntax error at a byte offset of the text being parsed.
struct JSONSyntaxError: Error, Hashable, Sendable {
    var offset: Int
    var reason: String
}

/// An object key as it appears in the text, compared without building a `String`.
struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>
    let hasEscapes: Bool

    /// True when the key is `name` (keys with escapes are decoded first).
    func matches(_ name: StaticString) -> Bool {
        if hasEscapes { return JSONCursor.unescape(bytes) == name.description }
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }
}

/// A JSON scalar read where a field's value was expected.
enum JSONScalar {
    case string(String)
    /// A number with the text it was written as (`1`, `37.5`), which ids keep.
    case number(Double, text: String)
    case bool(Bool)
    case null
    /// An array or object (skipped): not a scalar.
    case container
}

/// A strict RFC 8259 parser over bytes already in memory (one array element of a stream), that
/// walks objects and arrays without building a tree: callers pick the members they need.
struct JSONCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// The next byte to read.
    var offset = 0
    /// How many objects and arrays the cursor is inside.
    private var depth = 0

    /// Nesting deeper than this is refused: the walk recurses once a level, and 100,000 levels
    /// of `[` would exhaust the stack (FootprintGeo's JSON tape has the same bound).
    static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while offset < count {
            switch base[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The next non-white-space byte, not consumed.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < count ? base[offset] : nil
    }

    func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: offset, reason: reason) }

    mutating func expect(_ byte: UInt8, _ description: String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw error("expected \(description)") }
        offset += 1
    }

    /// One level deeper, or an error past ``maximumDepth``.
    private mutating func enter() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error("the value nests more than \(Self.maximumDepth) arrays and objects deep")
        }
        depth += 1
    }

    /// Calls `member` for each member of the object at the cursor, with the cursor on its value;
    /// `member` must consume the value.
    mutating func forEachMember(_ member: (inout JSONCursor, JSONKey) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError)
    {
        try expect(UInt8(ascii: "{"), "an object")
        try enter()
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try rawString()
            try expect(UInt8(ascii: ":"), "“:” after a member name")
            skipWhitespace()
            try member(&self, key)
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return
            default: throw error("expected “,” or “}” in an object")
            }
        }
    }

    /// Calls `element` for each element of the array at the cursor, with the cursor on it.
    mutating func forEachElement(_ element: (inout JSONCursor, Int) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError)
    {
        try expect(UInt8(ascii: "["), "an array")
        try enter()
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            try element(&self, index)
            index += 1
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return
            default: throw error("expected “,” or “]” in an array")
            }
        }
    }

    /// Skips one value, checking its syntax.
    mutating func skipValue() throws(JSONSyntaxError) {
        switch peek() {
        case UInt8(ascii: "{"): try forEachMember { (cursor, _) throws(JSONSyntaxError) in try cursor.skipValue() }
        case UInt8(ascii: "["): try forEachElement { (cursor, _) throws(JSONSyntaxError) in try cursor.skipValue() }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case .some: _ = try numberRange()
        case nil: throw error("expected a value")
        }
    }

    /// True when only white space is left.
    mutating func atEnd() -> Bool { peek() == nil }

    // MARK: Scalars

    /// The scalar at the cursor; an array or object is skipped and reported as `.container`.
    mutating func scalar() throws(JSONSyntaxError) -> JSONScalar {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipValue()
            return .container
        case .some:
            let range = try numberRange()
            let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
            return .number(DecimalText.parse(bytes) ?? .nan, text: String(decoding: bytes, as: UTF8.self))
        case nil: throw error("expected a value")
        }
    }

    /// The string at the cursor, unescaped.
    mutating func string() throws(JSONSyntaxError) -> String {
        let raw = try rawString()
        if !raw.hasEscapes { return String(decoding: raw.bytes, as: UTF8.self) }
        return Self.unescape(raw.bytes)
    }

    /// The string at the cursor as a field value (``ImportText/field(_:)-(UnsafeBufferPointer<UInt8>)``:
    /// trimmed, NFC, `nil` when empty), straight from its bytes when it has no escapes; numbers
    /// as written and booleans as `true`/`false`; `nil` for null and containers.
    mutating func field() throws(JSONSyntaxError) -> String? {
        if peek() == UInt8(ascii: "\"") {
            let raw = try rawString()
            if !raw.hasEscapes, let field = try? ImportText.field(raw.bytes) { return field }
            return ImportText.field(Self.unescape(raw.bytes))
        }
        return JSONField.text(try scalar()).flatMap(ImportText.field)
    }

    /// The number at the cursor.
    mutating func number() throws(JSONSyntaxError) -> Double {
        guard let first = peek(), first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else {
            throw error("expected a number")
        }
        let range = try numberRange()
        return DecimalText.parse(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)) ?? .nan
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard offset + length <= count, memcmp(base + offset, word.utf8Start, length) == 0 else {
            throw error("expected a value")
        }
        offset += length
    }

    /// The bytes between the quotes of the string at the cursor, checked.
    private mutating func rawString() throws(JSONSyntaxError) -> JSONKey {
        offset += 1  // the opening quote
        let start = offset
        var hasEscapes = false
        while offset < count {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") {
                let key = JSONKey(
                    bytes: UnsafeBufferPointer(start: base + start, count: offset - start), hasEscapes: hasEscapes)
                offset += 1
                return key
            }
            if byte < 0x20 { throw error("a control character inside a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard offset + 1 < count else { break }
                switch base[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    guard offset + 5 < count,
                        (2...5).allSatisfy({ JSONEscapes.hexDigit(base[offset + $0]) != nil })
                    else { throw error("\\u must be followed by 4 hexadecimal digits") }
                    offset += 6
                default:
                    throw error("invalid escape in a string")
                }
                continue
            }
            offset += 1
        }
        throw error("a string is not closed")
    }

    /// The extent of the number at the cursor, checked against RFC 8259's grammar.
    private mutating func numberRange() throws(JSONSyntaxError) -> Range<Int> {
        let start = offset
        func digit(_ index: Int) -> Bool { index < count && base[index] >= 0x30 && base[index] <= 0x39 }
        if offset < count, base[offset] == UInt8(ascii: "-") { offset += 1 }
        guard digit(offset) else { throw error("expected a value") }
        if base[offset] == UInt8(ascii: "0") {
            offset += 1
            if digit(offset) { throw error("a number cannot start with 0") }
        } else {
            while digit(offset) { offset += 1 }
        }
        if offset < count, base[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digit(offset) else { throw error("expected digits after the decimal point") }
            while digit(offset) { offset += 1 }
        }
        if offset < count, base[offset] == UInt8(ascii: "e") || base[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < count, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digit(offset) else { throw error("expected digits in the exponent") }
            while digit(offset) { offset += 1 }
        }
        return start..<offset
    }

    /// The text of an already checked string body with its escapes resolved; a lone surrogate
    /// becomes U+FFFD.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: JSONEscapes.unescaped(bytes), as: UTF8.self)
    }
}
