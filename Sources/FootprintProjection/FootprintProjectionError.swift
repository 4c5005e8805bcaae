import FootprintGeo

/// Errors thrown by FootprintProjection, carrying PROJ's own message where PROJ failed.
///
/// Each case's ``description`` is one sentence a user can act on; the CLI prints it as it is.
public enum FootprintProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PROJ could not be loaded (libproj is not installed).
    case libraryUnavailable(String)
    /// A CRS text that is not even syntactically a CRS (empty, `EPSG:` without a number).
    case invalidCRS(String, reason: String)
    /// A CRS name PROJ does not know.
    case unknownCRS(String, projMessage: String)
    /// Two CRSs PROJ knows but cannot transform between.
    case noTransformation(from: String, to: String, projMessage: String)
    /// A position PROJ could not transform (a latitude beyond 90°, a point outside the projection's
    /// domain); `index` is its place in the array given to the array transform, nil for one point.
    case transformFailed(x: Double, y: Double, index: Int?, from: String, to: String, projMessage: String)
    /// A Naver `mapx`/`mapy` pair that is not a WGS84×10⁷ or TM128 position.
    case invalidNaverCoordinate(mapx: String, mapy: String, reason: String)
    /// A Kakao `x`/`y` pair that is not a WGS84 longitude/latitude.
    case invalidKakaoCoordinate(x: String, y: String, reason: String)

    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            return "PROJ could not be loaded: \(reason)."
        case .invalidCRS(let text, let reason):
            return "The CRS “\(text)” is invalid: \(reason)."
        case .unknownCRS(let name, let message):
            return "The CRS “\(name)” is not known to PROJ (\(message))."
        case .noTransformation(let source, let target, let message):
            return "PROJ knows no transformation from \(source) to \(target) (\(message))."
        case .transformFailed(let x, let y, let index, let source, let target, let message):
            let point = "\(JSONValue.text(of: x)),\(JSONValue.text(of: y))" + (index.map { " at index \($0)" } ?? "")
            return "The point \(point) could not be transformed from \(source) to \(target) (\(message))."
        case .invalidNaverCoordinate(let mapx, let mapy, let reason):
            return "The Naver position mapx “\(mapx)”, mapy “\(mapy)” is invalid: \(reason)."
        case .invalidKakaoCoordinate(let x, let y, let reason):
            return "The Kakao position x “\(x)”, y “\(y)” is invalid: \(reason)."
        }
    }
}
