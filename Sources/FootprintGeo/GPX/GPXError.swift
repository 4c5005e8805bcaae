/// Why a GPX document was refused, with where in the text it happened (line and column, both
/// counted from 1; columns in Unicode scalars).
///
/// ``description`` is one sentence, `Line 12, column 7: Reason.`; ``description(in:)`` puts the
/// input's name in front as compilers do: `walk.gpx:12:7: Reason.`
///
/// A point whose latitude or longitude is out of range or not a number is not an error of the
/// document: the reader hands it over as ``GPXEvent/skippedPoint(_:)`` and goes on.
public enum GPXError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not well-formed XML: a truncated file, an unclosed or mismatched tag, bad
    /// attribute syntax, an undefined entity, text outside the root element.
    case malformedXML(line: Int, column: Int, reason: String)
    /// A DOCTYPE or entity declaration: refused, since no entity is ever expanded.
    case forbiddenDeclaration(line: Int, column: Int, reason: String)
    /// The root element is not `gpx`, or the input holds no element at all.
    case notGPX(line: Int, column: Int, reason: String)
    /// A `wpt`, `rtept` or `trkpt` without `lat` or `lon`.
    case invalidPoint(line: Int, column: Int, reason: String)
    /// An `ele`, `time` or `hdop` whose text cannot be read as one.
    case invalidValue(line: Int, column: Int, reason: String)
    /// An encoding other than UTF-8 or UTF-16, or bytes that are not valid in it.
    case unsupportedEncoding(line: Int, column: Int, reason: String)
    /// The byte source failed while the reader was reading from it.
    case unreadable(line: Int, column: Int, reason: String)

    /// The line of the offending text, from 1.
    public var line: Int { parts.line }
    /// The column of the offending text, from 1, in Unicode scalars.
    public var column: Int { parts.column }
    /// What is wrong, as a clause without the position.
    public var reason: String { parts.reason }

    private var parts: (line: Int, column: Int, reason: String) {
        switch self {
        case .malformedXML(let line, let column, let reason), .forbiddenDeclaration(let line, let column, let reason),
            .notGPX(let line, let column, let reason), .invalidPoint(let line, let column, let reason),
            .invalidValue(let line, let column, let reason), .unsupportedEncoding(let line, let column, let reason),
            .unreadable(let line, let column, let reason):
            return (line, column, reason)
        }
    }

    /// `Line L, column C: Reason.`
    public var description: String { "Line \(line), column \(column): \(sentence(reason))" }

    /// The error as a message about `input` (a file name, `<stdin>`): `INPUT:LINE:COLUMN: Reason.`
    public func description(in input: String) -> String { "\(input):\(line):\(column): \(sentence(reason))" }
}

/// A point the reader skipped because its latitude or longitude is out of range or not a number
/// (or the pair looks swapped); the rest of the document reads on. An importer reports it with
/// its line.
public struct GPXPointProblem: Hashable, Sendable, CustomStringConvertible {
    /// Which kind of point it was.
    public var kind: GPXPointKind
    /// The line and column of the point's start tag.
    public var line: Int
    public var column: Int
    /// The values as written; NaN for one that is not a number.
    public var latitude: Double
    public var longitude: Double
    /// Why the coordinate was refused.
    public var reason: FootprintGeoError

    public init(
        kind: GPXPointKind, line: Int, column: Int, latitude: Double, longitude: Double, reason: FootprintGeoError
    ) {
        self.kind = kind
        self.line = line
        self.column = column
        self.latitude = latitude
        self.longitude = longitude
        self.reason = reason
    }

    /// `Line L, column C: The <trkpt> was skipped: The latitude 91 is outside -90…90 degrees.`
    public var description: String {
        "Line \(line), column \(column): The <\(kind.elementName)> was skipped: \(reason.description)"
    }

    /// The problem as a message about `input`: `INPUT:LINE:COLUMN: The <trkpt> was skipped: …`
    public func description(in input: String) -> String {
        "\(input):\(line):\(column): The <\(kind.elementName)> was skipped: \(reason.description)"
    }
}

/// The three kinds of GPX point.
public enum GPXPointKind: Hashable, Sendable {
    /// A `wpt`.
    case waypoint
    /// An `rtept`.
    case routePoint
    /// A `trkpt`.
    case trackPoint

    /// The element's name: `wpt`, `rtept` or `trkpt`.
    public var elementName: String {
        switch self {
        case .waypoint: return "wpt"
        case .routePoint: return "rtept"
        case .trackPoint: return "trkpt"
        }
    }
}
