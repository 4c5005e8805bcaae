/// Errors thrown by FootprintRender.
public enum FootprintRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A map size that cannot be drawn.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .invalidSize(let width, let height): return "A map of \(width)×\(height) pixels cannot be drawn."
        }
    }
}
