/// A line through two or more positions, or the empty line (RFC 7946 §3.1.4).
public struct LineString: Hashable, Sendable {
    /// The positions in order.
    public var coordinates: [Coordinate]

    /// Creates a line; one position alone is not a line.
    public init(_ coordinates: [Coordinate]) throws(FootprintGeoError) {
        guard coordinates.count != 1 else { throw .lineWithOnePosition }
        self.coordinates = coordinates
    }

    /// Creates a line without checking its length (for polylines of any length).
    public init(unchecked coordinates: [Coordinate]) {
        self.coordinates = coordinates
    }

    /// True for the line with no positions.
    public var isEmpty: Bool { coordinates.isEmpty }
}
