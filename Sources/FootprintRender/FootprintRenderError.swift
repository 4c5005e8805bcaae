/// Errors thrown by FootprintRender.
public enum FootprintRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A map size that cannot be drawn.
    case invalidSize(width: Int, height: Int)
    /// A tile scale other than 1 or 2.
    case invalidScale(Int)
    /// A zoom that is not a number from 0 to 22.
    case invalidZoom(Double)
    /// A fit with nothing to fit: no overlay and no box.
    case nothingToFit

    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return
                "A map of \(width)×\(height) pixels cannot be drawn: each side must be \(MapFrame.sizes.lowerBound) to \(MapFrame.sizes.upperBound) pixels."
        case .invalidScale(let scale):
            return "A tile scale of \(scale) is not available: use 1 (256-pixel tiles) or 2 (512-pixel tiles)."
        case .invalidZoom(let zoom):
            return "The zoom \(zoom) cannot be drawn: a zoom is a number from 0 to 22."
        case .nothingToFit:
            return "The map has nothing to show and no area: give a bounding box or a centre and zoom."
        }
    }
}
