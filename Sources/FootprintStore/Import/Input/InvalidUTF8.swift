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
        var index = 0
        var lines = 0
        var column = 1
        while index < bytes.count {
            switch UTF8Validation.sequence(in: bytes, at: index) {
            case .valid(let length):
                if bytes[index] == UInt8(ascii: "\n") {
                    lines += 1
                    column = 1
                } else {
                    column += 1
                }
                index += length
            case .cut where allowingCutEnd:
                return nil
            case .cut, .invalid:
                return InvalidUTF8(byte: bytes[index], offset: index, linesBefore: lines, column: column)
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
