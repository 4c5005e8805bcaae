import Foundation

extension XMLTokenizer {
    /// Reads the markup at `index` (a `<`): a start or end tag, or a comment, processing
    /// instruction or CDATA section; a DOCTYPE or other declaration is refused.
    mutating func markup() throws(GPXError) -> Scan {
        guard index + 1 < count else { return .needMore }
        switch buffer[index + 1] {
        case UInt8(ascii: "/"): return try endTag()
        case UInt8(ascii: "?"): return try processingInstruction()
        case UInt8(ascii: "!"): return try declaration()
        default: return try startTag()
        }
    }

    /// The end of a name that starts at `start`, or nil when the buffer ends inside it.
    private func nameEnd(from start: Int, what: String) throws(GPXError) -> Int? {
        var position = start
        while position < count {
            let byte = buffer[position]
            // Most names are lowercase ASCII: that test first.
            if byte &- UInt8(ascii: "a") < 26 {
                position += 1
                continue
            }
            let isNameByte =
                byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || (position > start
                    && ((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: ".")))
            guard isNameByte else {
                if position == start { throw malformed("expected \(what), found \(describe(byte))", at: position) }
                return position
            }
            position += 1
        }
        return nil
    }

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < count, isWhitespace(buffer[position]) { position += 1 }
        return position
    }

    private mutating func startTag() throws(GPXError) -> Scan {
        guard let nameEnd = try nameEnd(from: index + 1, what: "an element name after <") else { return .needMore }
        attributes.removeAll(keepingCapacity: true)
        var position = nameEnd
        var isEmpty = false
        while true {
            let afterSpace = skipWhitespace(from: position)
            guard afterSpace < count else { return .needMore }
            let byte = buffer[afterSpace]
            if byte == UInt8(ascii: ">") {
                position = afterSpace + 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard afterSpace + 1 < count else { return .needMore }
                guard buffer[afterSpace + 1] == UInt8(ascii: ">") else {
                    throw malformed(
                        "expected > after / in a tag, found \(describe(buffer[afterSpace + 1]))", at: afterSpace + 1)
                }
                isEmpty = true
                position = afterSpace + 2
                break
            }
            guard afterSpace > position else {
                throw malformed("expected whitespace, > or /> after the name, found \(describe(byte))", at: afterSpace)
            }
            guard let attributeEnd = try self.nameEnd(from: afterSpace, what: "an attribute name") else {
                return .needMore
            }
            let equals = skipWhitespace(from: attributeEnd)
            guard equals < count else { return .needMore }
            guard buffer[equals] == UInt8(ascii: "=") else {
                throw malformed(
                    "expected = after the attribute \(string(afterSpace..<attributeEnd)), found \(describe(buffer[equals]))",
                    at: equals)
            }
            let quote = skipWhitespace(from: equals + 1)
            guard quote < count else { return .needMore }
            let quoteByte = buffer[quote]
            guard quoteByte == UInt8(ascii: "\"") || quoteByte == UInt8(ascii: "'") else {
                throw malformed(
                    "the value of the attribute \(string(afterSpace..<attributeEnd)) must be in quotes, found \(describe(quoteByte))",
                    at: quote)
            }
            guard let close = firstIndex(of: quoteByte, from: quote + 1, to: count) else { return .needMore }
            if let less = firstIndex(of: UInt8(ascii: "<"), from: quote + 1, to: close) {
                throw malformed("an attribute value must not contain <; write &lt;", at: less)
            }
            let hasReferences = try checkReferences(from: quote + 1, to: close)
            for attribute in attributes where bytesEqual(attribute.name, afterSpace..<attributeEnd) {
                throw malformed("the attribute \(string(afterSpace..<attributeEnd)) appears twice", at: afterSpace)
            }
            attributes.append(
                Attribute(name: afterSpace..<attributeEnd, value: (quote + 1)..<close, hasReferences: hasReferences))
            position = close + 1
        }
        let name = (index + 1)..<nameEnd
        if depth == 0 {
            if rootSeen { throw malformed("a second root element <\(string(name))> after the first one", at: index) }
            noteRoot()
        }
        if !isEmpty { try pushOpen(name) }
        self.name = name
        var local = name.lowerBound
        if let colon = firstIndex(of: UInt8(ascii: ":"), from: name.lowerBound, to: name.upperBound) {
            local = colon + 1
        }
        localNameStart = local
        advance(to: position)
        return .token(.startElement(isEmpty: isEmpty))
    }

    private mutating func endTag() throws(GPXError) -> Scan {
        guard let nameEnd = try nameEnd(from: index + 2, what: "an element name after </") else { return .needMore }
        let close = skipWhitespace(from: nameEnd)
        guard close < count else { return .needMore }
        guard buffer[close] == UInt8(ascii: ">") else {
            throw malformed("expected > to close the end tag, found \(describe(buffer[close]))", at: close)
        }
        let name = (index + 2)..<nameEnd
        try popOpen(name)
        self.name = name
        var local = name.lowerBound
        if let colon = firstIndex(of: UInt8(ascii: ":"), from: name.lowerBound, to: name.upperBound) {
            local = colon + 1
        }
        localNameStart = local
        advance(to: close + 1)
        return .token(.endElement)
    }

    private mutating func processingInstruction() throws(GPXError) -> Scan {
        guard let end = firstIndex(of: Array("?>".utf8), from: index + 2) else { return .needMore }
        let target = (index + 2)..<min(index + 5, end)
        if bytes(target, equal: "xml"), index + 5 < end, isWhitespace(buffer[index + 5]) {
            guard tokenMark.offset == 0 else { throw malformed("the XML declaration must come first", at: index) }
            try checkEncoding(declaration: (index + 5)..<end)
        }
        advance(to: end + 2)
        return .skipped
    }

    /// The declaration's `encoding`, when given, must be UTF-8 (or ASCII, its subset); UTF-16
    /// input has been transcoded before the tokenizer sees it.
    private func checkEncoding(declaration: Range<Int>) throws(GPXError) {
        guard let key = firstIndex(of: Array("encoding".utf8), from: declaration.lowerBound),
            key < declaration.upperBound
        else { return }
        var position = skipWhitespace(from: key + 8)
        guard position < declaration.upperBound, buffer[position] == UInt8(ascii: "=") else { return }
        position = skipWhitespace(from: position + 1)
        guard position < declaration.upperBound else { return }
        let quote = buffer[position]
        guard let close = firstIndex(of: quote, from: position + 1, to: declaration.upperBound) else { return }
        let name = string((position + 1)..<close).lowercased()
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be"]
        guard accepted.contains(name) else {
            let (line, column) = location(of: tokenMark, upTo: position + 1)
            throw GPXError.unsupportedEncoding(
                line: line, column: column,
                reason: "the encoding \(string((position + 1)..<close)) is not supported; save the file as UTF-8")
        }
    }

    private mutating func declaration() throws(GPXError) -> Scan {
        guard index + 9 <= count else {
            // Short markup at the very end: a comment `<!---->` is 7 bytes.
            if !exhausted { return .needMore }
            if index + 7 <= count, bytes(index..<(index + 4), equal: "<!--") { return try comment() }
            throw malformed("the file ends inside a declaration", at: index)
        }
        if bytes(index..<(index + 4), equal: "<!--") { return try comment() }
        if bytes(index..<(index + 9), equal: "<![CDATA[") {
            guard depth > 0 else { throw malformed("a CDATA section outside the root element", at: index) }
            guard let end = firstIndex(of: Array("]]>".utf8), from: index + 9) else { return .needMore }
            let range = (index + 9)..<end
            advance(to: end + 3)
            return .token(.text(range, hasReferences: false))
        }
        let (line, column) = location(of: tokenMark)
        if bytes(index..<(index + 9), equal: "<!DOCTYPE") {
            throw GPXError.forbiddenDeclaration(
                line: line, column: column,
                reason: "the document has a DOCTYPE, which GPX never needs; it is refused so that no entity is expanded"
            )
        }
        if bytes(index..<(index + 8), equal: "<!ENTITY") {
            throw GPXError.forbiddenDeclaration(
                line: line, column: column, reason: "the document declares an entity; entities are never expanded")
        }
        throw malformed("unexpected markup <!; only comments and CDATA sections may start with <!", at: index)
    }

    private mutating func comment() throws(GPXError) -> Scan {
        guard let end = firstIndex(of: Array("-->".utf8), from: index + 4) else { return .needMore }
        advance(to: end + 3)
        return .skipped
    }

    private func bytesEqual(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.count == right.count && memcmp(buffer + left.lowerBound, buffer + right.lowerBound, left.count) == 0
    }

    /// A byte as a message shows it: `"x"`, or `byte 0x07` for a control character.
    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        if byte == 0x20 { return "a space" }
        if byte == 0x0A || byte == 0x0D { return "a line break" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
