/// Numbers in GPX text: `lat`, `lon`, `ele`, `hdop` are XML Schema decimals; an exponent is read
/// too, as gpxpy and GDAL do, but NaN and infinities are not numbers here.
enum GPXValueText {
    /// Exact powers of ten: every one up to 10²² is a double without rounding.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The bytes without leading and trailing XML whitespace.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// `[+-]digits[.digits][(e|E)[+-]digits]` (surrounding whitespace allowed), correctly rounded;
    /// nil for anything else.
    ///
    /// Fast path (Clinger 1990): a mantissa of at most 2⁵³ and a power of ten of at most 22 are
    /// both exact doubles, so one multiplication or division rounds correctly; anything else goes
    /// through the standard library's correctly rounded conversion.
    static func number(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        let bytes = trimmed(raw)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        var truncated = false
        while index < bytes.count, isDigit(bytes[index]) {
            let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
            if significant < 19 {
                mantissa = mantissa * 10 + digit
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                if digit != 0 { truncated = true }
            }
            digits += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
                if significant < 19 {
                    mantissa = mantissa * 10 + digit
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else if digit != 0 {
                    truncated = true
                }
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            var written = 0
            while index < bytes.count, isDigit(bytes[index]) {
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard index == bytes.count else { return nil }
        var value: Double
        if mantissa == 0 && !truncated {
            value = 0
        } else if !truncated, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
        } else {
            guard let parsed = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            return parsed.isFinite ? parsed : nil
        }
        return negative ? -value : value
    }
}
