/// Errors thrown by FootprintHangul.
public enum FootprintHangulError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A code point that is not a Hangul syllable where one was required.
    case notASyllable(Character)

    public var description: String {
        switch self {
        case .notASyllable(let character): return "“\(character)” is not a Hangul syllable."
        }
    }
}
