/// Appends SVG text to a byte buffer: numbers at one decimal, text and attribute values escaped.
///
/// Everything that comes from data (names, titles, colours the caller chose) goes through
/// ``text(_:)`` or ``attribute(_:)``, so a place named `<script>` or `"><svg onload=…` is only
/// ever characters of a text node or of a quoted attribute value.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 16_384) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup written by the renderer itself (never data).
    @inline(__always)
    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends markup built by the renderer from its own constants.
    mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    @inline(__always)
    mutating func byte(_ ascii: UInt8) { bytes.append(ascii) }

    /// Appends a number rounded to one decimal, without a trailing `.0` and without `-0`.
    @inline(__always)
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var tenths = Int((value * 10).rounded())
        if tenths < 0 {
            bytes.append(UInt8(ascii: "-"))
            tenths = -tenths
        }
        integer(tenths / 10)
        let digit = tenths % 10
        if digit != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(digit))
        }
    }

    /// Appends a point as `x y`, or `x-y` when y is negative (the minus separates).
    @inline(__always)
    mutating func pair(_ x: Double, _ y: Double) {
        number(x)
        if (y * 10).rounded() >= 0 { bytes.append(UInt8(ascii: " ")) }
        number(y)
    }

    /// Appends a whole number.
    mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(-value)
            return
        }
        if value >= 10 { integer(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends `name="value"` with a leading space, the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        byte(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        escaped(value, quotes: true)
        byte(UInt8(ascii: "\""))
    }

    /// Appends `name="number"` with a leading space.
    mutating func attribute(_ name: StaticString, number value: Double) {
        byte(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        number(value)
        byte(UInt8(ascii: "\""))
    }

    /// Appends character data, escaped.
    mutating func text(_ value: String) {
        escaped(value, quotes: false)
    }

    /// Escapes `&`, `<`, `>` (and `"`, `'` in attributes), and replaces what XML 1.0 forbids
    /// (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) with U+FFFD.
    /// Line breaks and tabs become spaces: a label is one line.
    mutating func escaped(_ value: String, quotes: Bool) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"" where quotes: raw("&quot;")
            case "'" where quotes: raw("&apos;")
            case "\t", "\n", "\r": byte(UInt8(ascii: " "))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                    || (0x7F...0x9F).contains(scalar.value)
                {
                    raw("\u{FFFD}")
                } else if scalar.isASCII {
                    bytes.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
    }
}
