/// Number text for JSON output: the shortest round-tripping form, and the fixed-decimals form
/// GeoJSON positions use (RFC 7946 §11.2 recommends 6 decimals, about 10 cm).
enum JSONNumberText {
    /// 10⁰…10¹⁹ as integers.
    static let integerPowersOfTen: [UInt64] = (0...19).map { exponent in
        var value: UInt64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// 10⁰…10²², each exact as a double.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Appends the shortest text that reads back as `value`; integers below 2⁵³ as plain digits;
    /// NaN and infinities (which JSON cannot hold) as `null`.
    static func appendShortest(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else { output.append(contentsOf: "null".utf8); return }
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
            appendScaled(Int64(value), decimals: 0, to: &output)
            return
        }
        output.append(contentsOf: value.description.utf8)
    }

    /// Appends `value` rounded half away from zero to `decimals` places (clamped to 0…17),
    /// trailing zeros and a bare decimal point removed, negative zero written as `0`.
    ///
    /// The rounding is that of the number as written — its shortest round-tripping decimal
    /// text — so `0.0000005` becomes `0.000001`. Away from a tie, `value × 10^decimals` rounded
    /// as a double gives the same integer, and that is the fast path; within a few ulps of a tie
    /// the decimal text decides.
    static func appendRounded(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        guard value.isFinite else { output.append(contentsOf: "null".utf8); return }
        let decimals = min(max(decimals, 0), 17)
        let scaled = value * powersOfTen[decimals]
        // Below 2⁵² a double's fraction is exact, and the rounded integer fits an Int64.
        if scaled.magnitude < 4.5e15 {
            let fraction = (scaled - scaled.rounded(.towardZero)).magnitude
            if (fraction - 0.5).magnitude > 8 * scaled.ulp {
                appendScaled(Int64(scaled.rounded(.toNearestOrAwayFromZero)), decimals: decimals, to: &output)
                return
            }
            appendScaled(roundedFromDecimalText(value, decimals: decimals), decimals: decimals, to: &output)
            return
        }
        // So large that `decimals` places exceed a double's precision: nothing to round.
        appendShortest(value, to: &output)
    }

    /// `value × 10^decimals` rounded half away from zero, computed on the digits of
    /// `value.description` (the shortest round-tripping decimal text).
    static func roundedFromDecimalText(_ value: Double, decimals: Int) -> Int64 {
        var digits: [UInt8] = []
        var pointPosition: Int?
        var exponent = 0
        var negative = false
        var text = value.description.utf8[...]
        if text.first == UInt8(ascii: "-") { negative = true; text = text.dropFirst() }
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "."): pointPosition = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                var rest = ""
                while let next = iterator.next() { rest.unicodeScalars.append(Unicode.Scalar(next)) }
                exponent = Int(rest) ?? 0
            default: digits.append(byte - UInt8(ascii: "0"))
            }
        }
        // The value is 0.d₁d₂… × 10^(integerDigits); keep that many digits plus `decimals`.
        let integerDigits = (pointPosition ?? digits.count) + exponent
        let keep = integerDigits + decimals
        var result: Int64 = 0
        if keep > 0 {
            for index in 0..<keep { result = result * 10 + Int64(index < digits.count ? digits[index] : 0) }
        }
        if keep >= 0, keep < digits.count, digits[keep] >= 5 { result += 1 }
        return negative ? -result : result
    }

    /// Appends `scaled / 10^decimals` with its trailing zeros dropped.
    static func appendScaled(_ scaled: Int64, decimals: Int, to output: inout [UInt8]) {
        if scaled == 0 { output.append(UInt8(ascii: "0")); return }
        if scaled < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        let divisor = integerPowersOfTen[decimals]
        appendDigits(magnitude / divisor, minimumCount: 1, to: &output)
        var fraction = magnitude % divisor
        guard fraction != 0 else { return }
        var count = decimals
        while fraction % 10 == 0 { fraction /= 10; count -= 1 }
        output.append(UInt8(ascii: "."))
        appendDigits(fraction, minimumCount: count, to: &output)
    }

    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumCount`.
    static func appendDigits(_ value: UInt64, minimumCount: Int, to output: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var position = raw.count
            var rest = value
            repeat {
                position -= 1
                raw[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest != 0
            while raw.count - position < minimumCount {
                position -= 1
                raw[position] = UInt8(ascii: "0")
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[position...]))
        }
    }
}
