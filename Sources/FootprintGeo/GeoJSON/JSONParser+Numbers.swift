extension JSONParser {
    /// Exact powers of ten: every one up to 10²² is a double without rounding.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads a number with RFC 8259 §6 grammar and converts it correctly rounded.
    ///
    /// Fast path (Clinger 1990): a mantissa of at most 2⁵³ and a power of ten of at most 22 are
    /// both exact doubles, so one multiplication or division gives the correctly rounded value.
    /// Anything else goes through the standard library's correctly rounded conversion.
    mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            if matches("Infinity") { index = start; throw fail("-Infinity is not a JSON number") }
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("expected a digit in a number, found \(found())")
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var truncated = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw fail("a number must not have leading zeros")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    significantDigits += 1
                } else {
                    exponent += 1
                    if bytes[index] != UInt8(ascii: "0") { truncated = true }
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit after the decimal point, found \(found())")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = bytes[index] - UInt8(ascii: "0")
                if significantDigits < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa * 10 + UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else if digit != 0 {
                    truncated = true
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit in the exponent, found \(found())")
            }
            var written = 0
            while index < bytes.count, isDigit(bytes[index]) {
                if written < 100_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        var value: Double
        if mantissa == 0 && !truncated {
            value = 0
        } else if !truncated, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent < 0 ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let parsed = Double(text) else { index = start; throw fail("the number \(text) cannot be read") }
            value = parsed.magnitude
        }
        guard value.isFinite else {
            index = start
            throw fail("the number is too large for a double")
        }
        if negative { value = -value }
        nodes.append(JSONTape.Node(kind: .number, hasEscapes: false, offset: UInt32(start), payload: value.bitPattern))
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
