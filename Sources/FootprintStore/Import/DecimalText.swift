/// Decimal numbers read straight from bytes, correctly rounded.
enum DecimalText {
    /// Exact powers of ten: every 10^k with k ≤ 22 is a double (5^22 < 2^53).
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number written in `bytes` (ASCII white space around it allowed), or `nil`.
    ///
    /// Plain decimals with at most 19 significant digits whose value fits Clinger's fast path
    /// (mantissa ≤ 2^53, power of ten ≤ 22) are computed with one exact multiplication or division,
    /// which IEEE 754 rounds correctly; anything else (more digits, `1e300`, `nan`) goes through
    /// `Double(String)`, which is also correctly rounded.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                if mantissa == 0, byte == UInt8(ascii: "0") {
                    if sawPoint { fractionDigits += 1 }
                } else {
                    digits += 1
                    if digits > 19 { return fallback(bytes, start, end) }
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    if sawPoint { fractionDigits += 1 }
                }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return fallback(bytes, start, end)
            }
            index += 1
        }
        guard sawDigit else { return fallback(bytes, start, end) }
        guard mantissa <= 1 << 53, fractionDigits <= 22 else { return fallback(bytes, start, end) }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// The number written in `text`, through the same fast path.
    static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Swift's own reading for what the fast path leaves (exponents, long mantissas, `nan`,
    /// `inf`), but only for decimal text: `Double("0x25")` would read hexadecimal as 37.
    private static func fallback(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if text.contains(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "p") || $0 == UInt8(ascii: "P") }) {
            return nil
        }
        return Double(String(decoding: text, as: UTF8.self))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
