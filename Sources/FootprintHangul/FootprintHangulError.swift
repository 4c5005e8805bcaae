/// Errors thrown by FootprintHangul.
public enum FootprintHangulError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A character that is not a precomposed Hangul syllable (U+AC00–U+D7A3) where one was required.
    case notASyllable(Character)
    /// A jamo index outside the range of its position (0–18, 0–20 or 0–27).
    case jamoIndexOutOfRange(JamoPosition, Int)
    /// A scalar that is not a modern jamo allowed at that position (a vowel as a chosung, `ㄸ` as a
    /// jongsung).
    case notAJamo(Unicode.Scalar, JamoPosition)

    public var description: String {
        switch self {
        case .notASyllable(let character):
            return "The character “\(character)” is not a Hangul syllable."
        case .jamoIndexOutOfRange(let position, let index):
            return "The \(position) index \(index) is out of range; use 0 to \(position.count - 1)."
        case .notAJamo(let scalar, let position):
            return "The jamo “\(scalar)” cannot be a \(position); use a modern compatibility jamo that can."
        }
    }
}
