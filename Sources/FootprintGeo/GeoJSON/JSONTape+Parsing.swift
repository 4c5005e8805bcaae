/// A JSON text that breaks RFC 8259: where (byte offset) and why.
struct JSONSyntaxError: Error {
    var offset: Int
    var reason: String
}

extension JSONTape {
    /// Nesting deeper than this is refused, so that the readers above the tape, which recurse,
    /// cannot exhaust the stack on hostile input.
    static let maximumDepth = 512

    /// Parses a strict RFC 8259 JSON text: no NaN or Infinity, no trailing commas, no comments,
    /// no single quotes, no leading zeros, valid UTF-8, paired surrogate escapes, one value.
    /// A leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 lets a parser ignore it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONTape {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, reason: "the text is larger than 4 GB, more than this reader handles")
        }
        var parser = JSONParser(bytes: bytes)
        var tape = JSONTape(bytes: bytes, nodes: [])
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            parser.index = 3
            tape.hadByteOrderMark = true
        }
        try parser.parseDocument()
        tape.nodes = parser.nodes
        return tape
    }
}

/// The state of one parse: a cursor, the nodes written so far and the open containers.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var nodes: [JSONTape.Node] = []
    /// Node indices of the open arrays and objects, innermost last.
    var open: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Positions like `[126.978032,37.566496],` take about 22 bytes for 3 nodes.
        nodes.reserveCapacity(bytes.count / 7 + 16)
    }

    mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw fail("the text is empty; expected a JSON value") }
        var expectingValue = true
        while true {
            if expectingValue {
                skipWhitespace()
                try parseValueStart()
                expectingValue = false
                // An opened container with its first element still to read.
                if let top = open.last, nodes.count - 1 == top {
                    skipWhitespace()
                    let closing: UInt8 = nodes[top].kind == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
                    if index < bytes.count, bytes[index] == closing {
                        index += 1
                        close()
                        continue
                    }
                    if nodes[top].kind == .object { try parseKey() }
                    expectingValue = true
                }
                continue
            }
            // After a value.
            guard let top = open.last else {
                skipWhitespace()
                guard index == bytes.count else { throw fail("more text follows the JSON value") }
                return
            }
            nodes[top].payload += 1 << 32
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("the text ends inside an unclosed \(nodes[top].kind == .array ? "array" : "object")")
            }
            let byte = bytes[index]
            let isArray = nodes[top].kind == .array
            if byte == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                    throw JSONSyntaxError(offset: comma, reason: "a trailing comma is not allowed in JSON")
                }
                if !isArray { try parseKey() }
                expectingValue = true
            } else if byte == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                index += 1
                close()
            } else {
                throw fail(
                    isArray
                        ? "expected “,” or “]” after an array element, found \(found())"
                        : "expected “,” or “}” after an object member, found \(found())")
            }
        }
    }

    /// Closes the innermost container: records the index after its subtree.
    mutating func close() {
        let top = open.removeLast()
        nodes[top].payload = (nodes[top].payload & 0xFFFF_FFFF_0000_0000) | UInt64(nodes.count)
    }

    /// Reads `"key"` and the colon after it.
    mutating func parseKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
                throw fail("single quotes do not delimit JSON strings; use double quotes")
            }
            throw fail("expected a member name in double quotes, found \(found())")
        }
        try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw fail("expected “:” after a member name, found \(found())")
        }
        index += 1
    }

    /// Reads a scalar, or opens a container (its node written, its contents still to come).
    mutating func parseValueStart() throws(JSONSyntaxError) {
        guard index < bytes.count else { throw fail("the text ends where a value was expected") }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard open.count < JSONTape.maximumDepth else {
                throw fail("the values are nested deeper than \(JSONTape.maximumDepth) levels")
            }
            open.append(nodes.count)
            nodes.append(
                JSONTape.Node(
                    kind: byte == UInt8(ascii: "[") ? .array : .object, hasEscapes: false, offset: UInt32(index),
                    payload: 0))
            index += 1
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .false)
        case UInt8(ascii: "n"):
            if matches("nan") || matches("NaN") { throw fail("NaN is not a JSON number") }
            try parseLiteral("null", kind: .null)
        case UInt8(ascii: "N"):
            throw fail(matches("NaN") ? "NaN is not a JSON number" : "unexpected \(found())")
        case UInt8(ascii: "I"):
            throw fail(matches("Infinity") ? "Infinity is not a JSON number" : "unexpected \(found())")
        case UInt8(ascii: "'"): throw fail("single quotes do not delimit JSON strings; use double quotes")
        case UInt8(ascii: "]"), UInt8(ascii: "}"): throw fail("expected a value, found \(found())")
        default: throw fail("expected a value, found \(found())")
        }
    }

    mutating func parseLiteral(_ word: StaticString, kind: JSONTape.Kind) throws(JSONSyntaxError) {
        guard matches(word) else { throw fail("expected a value, found \(found())") }
        nodes.append(JSONTape.Node(kind: kind, hasEscapes: false, offset: UInt32(index), payload: 0))
        index += word.utf8CodeUnitCount
    }

    func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A short description of the byte at the cursor for an error message.
    func found() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        {
            return "a comment (comments are not allowed in JSON)"
        }
        if byte >= 0x21, byte < 0x7F { return "“\(Character(Unicode.Scalar(byte)))”" }
        if byte >= 0x80 {
            var end = index + 1
            while end < bytes.count, end < index + 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            if !text.contains("\u{FFFD}") { return "“\(text)”" }
        }
        return "the byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }
}
