/// How far along a path the walker has come: the part before is drawn in the passed colour, as
/// map SDKs draw a walked route (Naver Map's `PathOverlay.progress` and `passedColor`).
public enum PathProgress: Hashable, Sendable {
    /// A fraction 0…1 of the path's length.
    case fraction(Double)
    /// A distance in metres from the start, along the path.
    case distance(Double)
}

/// A route drawn as a line: one part or several (a track cut by segments or privacy zones), with
/// width, colour, an outline (a casing drawn under it), a dash pattern, caps and joins, and a
/// passed colour up to a progress point.
public struct PathOverlay: Hashable, Sendable {
    /// The parts in order, each of two or more positions.
    public private(set) var parts: [LineString]
    /// The line's colour and width in pixels.
    public var stroke: StrokeStyle
    /// The casing drawn under the line (its width is the casing's own, beyond the line on each
    /// side, as Naver Map's `outlineWidth`), or `nil` for none.
    public var outline: StrokeStyle?
    /// Dashes and gaps; ``DashPattern/solid`` for a solid line.
    public var dash: DashPattern
    /// How the ends are drawn.
    public var cap: LineCap
    /// How the corners are drawn.
    public var join: LineJoin
    /// The colour of the part already walked, or `nil` to draw the whole path in ``stroke``.
    public var passedColor: OverlayColor?
    /// How far the walked part reaches; `.fraction(0)` when nothing is walked.
    public private(set) var progress: PathProgress
    /// A title.
    public var title: String?
    /// A longer text.
    public var description: String?

    /// Creates a path.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for no part, a part of
    ///   fewer than two positions, a fraction outside 0…1 or a negative or non-finite distance.
    public init(
        parts: [[Coordinate]], stroke: StrokeStyle, outline: StrokeStyle? = nil, dash: DashPattern = .solid,
        cap: LineCap = .round, join: LineJoin = .round, passedColor: OverlayColor? = nil,
        progress: PathProgress = .fraction(0), title: String? = nil, description: String? = nil
    ) throws(FootprintGeoError) {
        guard !parts.isEmpty else {
            throw .invalidArgument(name: "path", value: "with no part", reason: "a path needs at least one line")
        }
        for (index, part) in parts.enumerated() where part.count < 2 {
            throw .invalidArgument(
                name: "path part", value: String(index),
                reason: "it has \(part.count) position\(part.count == 1 ? "" : "s"), and a line needs two or more")
        }
        switch progress {
        case .fraction(let fraction):
            guard fraction >= 0, fraction <= 1 else {
                throw .invalidArgument(
                    name: "progress", value: formatted(fraction), reason: "a fraction of the path lies between 0 and 1")
            }
        case .distance(let meters):
            guard meters.isFinite, meters >= 0 else {
                throw .invalidArgument(
                    name: "progress", value: "\(formatted(meters)) m",
                    reason: "a distance along the path is a finite number of metres, 0 or more")
            }
        }
        self.parts = parts.map { LineString(unchecked: $0) }
        self.stroke = stroke
        self.outline = outline
        self.dash = dash
        self.cap = cap
        self.join = join
        self.passedColor = passedColor
        self.progress = progress
        self.title = title
        self.description = description
    }

    /// The length in metres of every part together (WGS84 geodesic, the gaps between parts not
    /// counted).
    public func length() -> Double {
        parts.reduce(0) { $0 + $1.length() }
    }

    /// The distance in metres along the path (parts end to end) where the passed colour stops:
    /// the fraction times ``length()``, or the given distance capped at the length.
    public func passedDistance() -> Double {
        switch progress {
        case .fraction(let fraction): return fraction * length()
        case .distance(let meters): return min(meters, length())
        }
    }

    /// The walked and unwalked pieces of the path, each as lines in order: what a renderer draws
    /// in ``passedColor`` and in ``stroke``. A part wholly on one side goes there whole; the part
    /// holding the progress point is cut at it (the point ends one piece and starts the other).
    public func splitAtProgress() -> (passed: [LineString], remaining: [LineString]) {
        let total = length()
        var left = passedDistance()
        // Subtracting part lengths one by one may leave a few ulps on the last part: a walk to
        // the end must not leave a remaining piece of zero length.
        guard left < total else { return (parts, []) }
        var passed: [LineString] = []
        var remaining: [LineString] = []
        for part in parts {
            let length = part.length()
            if left <= 0 {
                remaining.append(part)
            } else if left >= length {
                passed.append(part)
            } else {
                if let before = part.sliced(fromDistance: 0, toDistance: left) { passed.append(before) }
                if let after = part.sliced(fromDistance: left, toDistance: length) { remaining.append(after) }
            }
            left -= length
        }
        return (passed, remaining)
    }
}
