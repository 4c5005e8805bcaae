import FootprintGeo

/// Where a text read as UTF-8 stops being UTF-8: the first byte that begins no well-formed
/// sequence (RFC 3629 §4, as ``UTF8Validation`` checks it), and its line and column, for the
/// message that says so and suggests the encoding that most likely fits.
///
/// Format-neutral: the CSV reader, the JSON check and any other reader of ``ImportInput`` bytes
/// (a visits CSV) word an encoding problem the same way.
struct InvalidUTF8: Hashable, Sendable {
    /// The offending byte.
    var byte: UInt8
    /// Its offset in the bytes searched.
    var offset: Int
    /// Line breaks before it in the bytes searched: its line is the first line's number plus this.
    var linesBefore: Int
    /// Its column on its line, from 1, counting characters (well-formed sequences) before it.
    var column: Int

    /// The first ill-formed byte of `bytes`, or `nil` when they are UTF-8; with `allowingCutEnd`,
    /// a sequence cut off by the end (a sample of a longer file) is not one.
    static func first(in bytes: UnsafeBufferPointer<UInt8>, allowingCutEnd: Bool = false) -> InvalidUTF8? {
        guard let offset = firstInvalidOffset(in: bytes, allowingCutEnd: allowingCutEnd) else { return nil }
        // Only now, on the rare bad file, is the position counted: the bytes before are UTF-8,
        // so each byte that is not a continuation byte begins one character.
        var lines = 0
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<offset]) {
            if byte == UInt8(ascii: "\n") {
                lines += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return InvalidUTF8(byte: bytes[offset], offset: offset, linesBefore: lines, column: column)
    }

    /// The offset of the first ill-formed byte; eight ASCII bytes at a time where it can (every
    /// JSON element of an import passes here).
    private static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, allowingCutEnd: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            switch UTF8Validation.sequence(in: bytes, at: index) {
            case .valid(let length): index += length
            case .cut where allowingCutEnd: return nil
            case .cut, .invalid: return index
            }
        }
        return nil
    }

    /// `The text is not valid UTF-8 (byte 0xB0 at column 3); try --encoding cp949`: a capitalised
    /// clause without its full stop, to follow `FILE:LINE:`.
    var reason: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "The text is not valid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex) at column \(column)); "
            + "try --encoding cp949"
    }
}
