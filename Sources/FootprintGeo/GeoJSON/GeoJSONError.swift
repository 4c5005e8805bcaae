/// Why a GeoJSON text was refused: the JSON path of the offending value (`features[3].geometry`,
/// empty for the root) and a reason.
///
/// ``description`` is one sentence, `PATH: Reason.`:
/// `features[3].geometry.coordinates[0]: A linear ring needs 4 or more positions, got 3.`;
/// ``description(in:at:)`` puts the input's name and the place in the text in front, as
/// compilers do: `route.geojson:12:7: features[3].geometry.coordinates[0]: A linear ring …`.
public enum GeoJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON (RFC 8259): NaN, a trailing comma, a comment, bad UTF-8…
    case invalidJSON(line: Int, column: Int, reason: String)
    /// A value of the wrong JSON kind, or a `type` that is not a GeoJSON type where one is needed.
    case invalidValue(path: String, reason: String)
    /// A member the object needs is absent (`type`, `coordinates`, a Feature's `geometry`…).
    case missingMember(path: String, reason: String)
    /// A member RFC 7946 §7.1 forbids where it stands (`coordinates` on a Feature…); the path
    /// names the member.
    case forbiddenMember(path: String, reason: String)
    /// A position with fewer than two numbers, or a latitude beyond ±90°.
    case invalidPosition(path: String, reason: String)
    /// A LineString with one position, or a linear ring too short or not closed.
    case invalidShape(path: String, reason: String)
    /// A `bbox` of the wrong length or with impossible latitudes.
    case invalidBoundingBox(path: String, reason: String)
    /// An `id` that is neither a string nor a number.
    case invalidIdentifier(path: String, reason: String)
    /// The text is valid GeoJSON but not what the caller asked for (a LineString was wanted).
    case unexpectedContent(path: String, reason: String)

    /// The JSON path of the offending value; empty for the root and for ``invalidJSON(line:column:reason:)``.
    public var path: String {
        switch self {
        case .invalidJSON: return ""
        case .invalidValue(let path, _), .missingMember(let path, _), .forbiddenMember(let path, _),
            .invalidPosition(let path, _), .invalidShape(let path, _), .invalidBoundingBox(let path, _),
            .invalidIdentifier(let path, _), .unexpectedContent(let path, _):
            return path
        }
    }

    /// What is wrong, without the path.
    public var reason: String {
        switch self {
        case .invalidJSON(_, _, let reason): return "invalid JSON: " + reason
        case .invalidValue(_, let reason), .missingMember(_, let reason), .forbiddenMember(_, let reason),
            .invalidPosition(_, let reason), .invalidShape(_, let reason), .invalidBoundingBox(_, let reason),
            .invalidIdentifier(_, let reason), .unexpectedContent(_, let reason):
            return reason
        }
    }

    /// `PATH: Reason.`, or `Line L, column C: Invalid JSON: reason.` for a syntax error.
    public var description: String {
        if case .invalidJSON(let line, let column, _) = self {
            return "Line \(line), column \(column): \(sentence(reason))"
        }
        return "\(GeoJSONTextPosition.pathLabel(path)): \(sentence(reason))"
    }

    /// The error as a message about `input` (a file name, `<stdin>`): `INPUT:LINE:COLUMN: PATH:
    /// Reason.` when the place is known (always for a syntax error, which has no path), else
    /// `INPUT: PATH: Reason.`.
    public func description(in input: String, at position: GeoJSONTextPosition? = nil) -> String {
        if case .invalidJSON(let line, let column, _) = self {
            return "\(input):\(line):\(column): \(sentence(reason))"
        }
        let location = position.map { "\(input):\($0.line):\($0.column)" } ?? input
        return "\(location): \(GeoJSONTextPosition.pathLabel(path)): \(sentence(reason))"
    }
}

/// What RFC 7946 discourages but allows (a clockwise exterior ring, a `crs` member…): the JSON
/// path, a message and, when known, where in the text the value starts.
public struct GeoJSONWarning: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the value; empty for the root.
    public var path: String
    /// What is discouraged and why, without the path.
    public var message: String
    /// Where the value starts in the text.
    public var position: GeoJSONTextPosition?

    public init(path: String, message: String, position: GeoJSONTextPosition? = nil) {
        self.path = path
        self.message = message
        self.position = position
    }

    /// `PATH: Warning: message.`
    public var description: String { "\(GeoJSONTextPosition.pathLabel(path)): Warning: \(message)." }

    /// The warning as a line about `input`: `INPUT:LINE:COLUMN: PATH: Warning: message.`
    public func description(in input: String) -> String {
        let location = position.map { "\(input):\($0.line):\($0.column)" } ?? input
        return "\(location): \(description)"
    }
}

/// A place in a text: line and column, both counted from 1 (columns in Unicode scalars).
public struct GeoJSONTextPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 14`.
    public var description: String { "line \(line), column \(column)" }

    /// How a path is shown: the root, which has the empty path, as `(root)`.
    static func pathLabel(_ path: String) -> String { path.isEmpty ? "(root)" : path }
}

/// The outcome of a strict check (``GeoJSONDecoder/validate(_:)-(Collection<UInt8>)``): every
/// error and warning found, in document order, and the decoded object when there is no error.
public struct GeoJSONValidation: Hashable, Sendable {
    /// The decoded object; `nil` when ``errors`` is not empty.
    public var object: GeoJSONObject?
    /// Every violation of RFC 7946 (or of JSON), in document order.
    public var errors: [GeoJSONError]
    /// Where each error's value starts in the text (same order as ``errors``).
    public var errorPositions: [GeoJSONTextPosition?]
    /// What RFC 7946 discourages, in document order.
    public var warnings: [GeoJSONWarning]

    /// True when there is no error (warnings allowed).
    public var isValid: Bool { errors.isEmpty }
}
