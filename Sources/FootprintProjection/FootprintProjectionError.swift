/// Errors thrown by FootprintProjection, carrying PROJ's own message where PROJ failed.
public enum FootprintProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PROJ could not be loaded (libproj is not installed).
    case libraryUnavailable(String)
    /// A CRS name PROJ does not know.
    case unknownCRS(String, projMessage: String)
    /// A transformation PROJ refused or could not carry out.
    case transformFailed(String)

    public var description: String {
        switch self {
        case .libraryUnavailable(let reason): return "PROJ could not be loaded: \(reason)."
        case .unknownCRS(let name, let message): return "The CRS “\(name)” is not known to PROJ (\(message))."
        case .transformFailed(let message): return "The transformation failed: \(message)."
        }
    }
}
