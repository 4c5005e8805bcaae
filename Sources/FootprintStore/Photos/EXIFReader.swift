import FootprintGeo

/// Why a JPEG's EXIF metadata could not be read: a clause (`the GPS latitude's denominator is 0`).
public struct EXIFError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// The GPS position in a JPEG's EXIF metadata (CIPA DC-008 "Exif 2.32", its TIFF 6.0 structure).
///
/// Strict and bounds-checked: every offset and count is checked against the bytes before it is
/// followed, each structure is read once (no offset is followed twice, so no loop), and anything
/// malformed — a segment running past the end, a tag of the wrong type, a zero denominator, a
/// position outside the globe — throws ``EXIFError`` instead of guessing. Hostile bytes give an
/// error or `nil`, never a crash.
public enum EXIFReader {
    /// The position of `bytes`, a JPEG file; `nil` when it has no EXIF block or no GPS position in it.
    ///
    /// - Throws: ``EXIFError`` for a file that is not a JPEG, or whose EXIF block is malformed.
    public static func gpsCoordinate(inJPEG bytes: [UInt8]) throws(EXIFError) -> Coordinate? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw EXIFError(reason: "the file is not a JPEG (it does not start with FF D8)")
        }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else {
                throw EXIFError(reason: "the JPEG has no marker at byte \(index)")
            }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:  // a fill byte before a marker
                index += 1
                continue
            case 0xD9, 0xDA:  // end of image, start of scan: metadata comes before the image data
                return nil
            case 0x01, 0xD0...0xD7:  // markers without a length
                index += 2
                continue
            default:
                break
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let start = index + 4
            let end = index + 2 + length
            guard length >= 2, end <= bytes.count else {
                throw EXIFError(reason: "the JPEG segment at byte \(index) runs past the end of the file")
            }
            if marker == 0xE1, end - start >= 6, Array(bytes[start..<start + 6]) == Array("Exif\0\0".utf8) {
                return try TIFFBlock(bytes: bytes[(start + 6)..<end]).gpsCoordinate()
            }
            index = end
        }
        return nil
    }
}
