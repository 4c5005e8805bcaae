extension JSONParser {
    /// Reads a string starting at its opening quote; checks escapes and UTF-8.
    mutating func parseString() throws(JSONSyntaxError) {
        let start = index
        index += 1
        var hasEscapes = false
        while true {
            guard index < bytes.count else {
                index = start
                throw fail("a string is not closed before the end of the text")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try parseEscape()
            } else if byte < 0x20 {
                throw fail(
                    "a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped inside a string"
                )
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        nodes.append(
            JSONTape.Node(kind: .string, hasEscapes: hasEscapes, offset: UInt32(start), payload: UInt64(index)))
        index += 1
    }

    mutating func parseEscape() throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw fail("a string is not closed before the end of the text") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            if (0xDC00..<0xE000).contains(unit) { throw fail("a \\u escape holds a lone low surrogate") }
            if (0xD800..<0xDC00).contains(unit) {
                guard index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                    bytes[index + 7] == UInt8(ascii: "u"),
                    let low = try? hexUnit(at: index + 8), (0xDC00..<0xE000).contains(low)
                else { throw fail("a \\u escape holds a high surrogate without its low surrogate") }
                index += 12
            } else {
                index += 6
            }
        default:
            index += 1
            throw fail("\\\(found().trimmingQuotes) is not a JSON escape")
        }
    }

    func hexUnit(at position: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = JSONEscapes.hexDigit(bytes[position + offset]) else {
                throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629 §4) and moves past it.
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard case .valid(let length) = UTF8Validation.sequence(in: bytes, at: index) else {
            throw fail("the text is not valid UTF-8 (byte 0x\(String(bytes[index], radix: 16, uppercase: true)))")
        }
        index += length
    }
}

extension String {
    fileprivate var trimmingQuotes: String {
        hasPrefix("“") && hasSuffix("”") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
