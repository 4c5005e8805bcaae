/// A stroked outline: a colour (with its opacity) and a width in screen pixels, as
/// simplestyle-spec's `stroke`, `stroke-opacity` and `stroke-width`.
public struct StrokeStyle: Hashable, Sendable {
    /// The colour and its opacity.
    public var color: OverlayColor
    /// The width in pixels, 0 or more (0 draws nothing, as in SVG).
    public private(set) var width: Double

    /// Creates a stroke.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a negative, NaN or
    ///   infinite width.
    public init(color: OverlayColor, width: Double) throws(FootprintGeoError) {
        try Self.check(width: width, name: "stroke width")
        self.color = color
        self.width = width
    }

    static func check(width: Double, name: String) throws(FootprintGeoError) {
        guard width.isFinite, width >= 0 else {
            throw .invalidArgument(
                name: name, value: formatted(width), reason: "a width is a finite number of pixels, 0 or more")
        }
    }
}

/// The size of a marker, simplestyle-spec's `marker-size`.
public enum MarkerSize: String, Hashable, Sendable, CaseIterable {
    case small, medium, large
}

/// How a path's ends are drawn (SVG `stroke-linecap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

/// How a path's corners are drawn (SVG `stroke-linejoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// A dash pattern: lengths in pixels of dash, gap, dash, gap…, as SVG `stroke-dasharray`.
public struct DashPattern: Hashable, Sendable {
    /// The lengths in pixels, each above 0; empty for a solid line.
    public private(set) var lengths: [Double]

    /// A solid line.
    public static let solid = DashPattern(unchecked: [])

    /// Creates a pattern.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` when a length is not
    ///   a finite number above 0.
    public init(_ lengths: [Double]) throws(FootprintGeoError) {
        for length in lengths where !(length.isFinite && length > 0) {
            throw .invalidArgument(
                name: "dash length", value: formatted(length), reason: "dash and gap lengths are pixels above 0")
        }
        self.lengths = lengths
    }

    private init(unchecked lengths: [Double]) { self.lengths = lengths }

    /// True for a solid line.
    public var isSolid: Bool { lengths.isEmpty }
}
