extension XMLTokenizer {
    /// Checks every `&` in `start..<end` begins a predefined entity (`&lt;` `&gt;` `&amp;` `&quot;`
    /// `&apos;`) or a character reference to a character XML allows; returns whether there is one.
    ///
    /// Any other entity is an error: a document cannot declare one (its DOCTYPE is refused), so it
    /// is undefined, and none is ever expanded.
    func checkReferences(from start: Int, to end: Int) throws(GPXError) -> Bool {
        var position = start
        var found = false
        while let ampersand = firstIndex(of: UInt8(ascii: "&"), from: position, to: end) {
            found = true
            guard let semicolon = firstIndex(of: UInt8(ascii: ";"), from: ampersand + 1, to: min(end, ampersand + 12))
            else {
                throw malformed("a bare & must be written &amp;", at: ampersand)
            }
            let reference = (ampersand + 1)..<semicolon
            if predefinedEntity(reference) == nil && characterReference(reference) == nil {
                if reference.first.map({ buffer[$0] }) == UInt8(ascii: "#") {
                    throw malformed(
                        "the character reference &\(string(reference)); is not a valid XML character", at: ampersand)
                }
                throw malformed(
                    "the entity &\(string(reference)); is not defined (only &lt; &gt; &amp; &quot; &apos; are, and no entity is expanded)",
                    at: ampersand)
            }
            position = semicolon + 1
        }
        return found
    }

    /// Appends the bytes of `range` with the references decoded (they were checked when read).
    func appendDecoded(_ range: Range<Int>, hasReferences: Bool, to output: inout [UInt8]) {
        guard hasReferences else {
            output.append(contentsOf: UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count))
            return
        }
        var position = range.lowerBound
        while position < range.upperBound {
            guard let ampersand = firstIndex(of: UInt8(ascii: "&"), from: position, to: range.upperBound),
                let semicolon = firstIndex(of: UInt8(ascii: ";"), from: ampersand, to: range.upperBound)
            else {
                output.append(
                    contentsOf: UnsafeBufferPointer(start: buffer + position, count: range.upperBound - position))
                return
            }
            output.append(contentsOf: UnsafeBufferPointer(start: buffer + position, count: ampersand - position))
            let reference = (ampersand + 1)..<semicolon
            if let byte = predefinedEntity(reference) {
                output.append(byte)
            } else if let scalar = characterReference(reference) {
                output.append(contentsOf: String(Character(scalar)).utf8)
            }
            position = semicolon + 1
        }
    }

    private func predefinedEntity(_ name: Range<Int>) -> UInt8? {
        if bytes(name, equal: "lt") { return UInt8(ascii: "<") }
        if bytes(name, equal: "gt") { return UInt8(ascii: ">") }
        if bytes(name, equal: "amp") { return UInt8(ascii: "&") }
        if bytes(name, equal: "quot") { return UInt8(ascii: "\"") }
        if bytes(name, equal: "apos") { return UInt8(ascii: "'") }
        return nil
    }

    /// `#DDD` or `#xHHH` naming a character of XML 1.0's `Char` production.
    private func characterReference(_ name: Range<Int>) -> Unicode.Scalar? {
        guard name.count >= 2, buffer[name.lowerBound] == UInt8(ascii: "#") else { return nil }
        var position = name.lowerBound + 1
        var radix: UInt32 = 10
        if buffer[position] == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        guard position < name.upperBound else { return nil }
        var value: UInt32 = 0
        while position < name.upperBound {
            let byte = buffer[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + digit
            guard value <= 0x10FFFF else { return nil }
            position += 1
        }
        let allowed =
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        return allowed ? Unicode.Scalar(value) : nil
    }
}
