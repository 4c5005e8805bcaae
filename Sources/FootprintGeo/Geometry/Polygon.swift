/// A polygon: an exterior ring and holes, each a closed ring of 4 or more positions
/// (RFC 7946 §3.1.6). The empty polygon has no rings.
public struct Polygon: Hashable, Sendable {
    /// The exterior ring first, then the holes; every ring closed (first == last).
    public var rings: [[Coordinate]]

    /// Creates a polygon, checking that every ring is closed and has at least 4 positions.
    public init(_ rings: [[Coordinate]]) throws(FootprintGeoError) {
        for (index, ring) in rings.enumerated() {
            guard ring.count >= 4 else {
                throw .invalidRing(index: index, reason: "it has \(ring.count) positions, fewer than 4")
            }
            guard ring.first == ring.last else {
                throw .invalidRing(index: index, reason: "its first and last positions differ")
            }
        }
        self.rings = rings
    }

    /// Creates a polygon without checking its rings.
    public init(unchecked rings: [[Coordinate]]) {
        self.rings = rings
    }

    /// The exterior ring, or `nil` for the empty polygon.
    public var exterior: [Coordinate]? { rings.first }

    /// The holes.
    public var holes: ArraySlice<[Coordinate]> { rings.dropFirst() }
}
