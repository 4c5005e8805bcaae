/// JSON string escapes (RFC 8259 §7), shared by the GeoJSON reader and the streaming import reader
/// of FootprintStore, which both check a string's syntax first and resolve its escapes later.
package enum JSONEscapes {
    /// The UTF-8 bytes of a string body (between the quotes) with its escapes resolved. Expects
    /// text already checked by a parser; a lone or broken surrogate becomes U+FFFD, and a cut-off
    /// escape at the end is dropped rather than read past.
    package static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | UInt32(hexDigit(bytes[at + $1]) ?? 0) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count else { break }
                var value = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(value), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                output.append(contentsOf: UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}")!)
            default: output.append(escaped)  // \" \\ \/
            }
        }
        return output
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always) package static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
