/// UTF-8 well-formedness (RFC 3629 §4: no overlong forms, no surrogates, nothing above
/// U+10FFFF), for the JSON parser, the export's byte writer and the importer's encoding sniffing.
package enum UTF8Validation {
    /// What the bytes at an index of a buffer are.
    package enum Sequence: Equatable {
        /// A well-formed scalar of this many bytes (1 to 4).
        case valid(length: Int)
        /// A well-formed beginning that the buffer's end cuts off.
        case cut
        case invalid
    }

    /// The sequence that starts at `index` (which must be inside `bytes`).
    @inline(__always)
    package static func sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Sequence {
        let lead = bytes[index]
        if lead < 0x80 { return .valid(length: 1) }
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; highest = 0x9F
        case 0xF0: length = 4; lowest = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; highest = 0x8F
        default: return .invalid
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .cut }
            let byte = bytes[index + offset]
            if offset == 1 {
                guard byte >= lowest, byte <= highest else { return .invalid }
            } else {
                guard byte & 0xC0 == 0x80 else { return .invalid }
            }
        }
        return .valid(length: length)
    }

    /// True when `bytes` is well-formed UTF-8; with `allowingCutEnd`, a sequence cut off by the
    /// end of the buffer (a sample of a longer file) is allowed.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, allowingCutEnd: Bool = false) -> Bool {
        var index = 0
        while index < bytes.count {
            switch sequence(in: bytes, at: index) {
            case .valid(let length): index += length
            case .cut: return allowingCutEnd
            case .invalid: return false
            }
        }
        return true
    }
}
