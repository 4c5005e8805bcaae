/// A latitude/longitude box, RFC 7946 §5 style: `west` may be greater than `east` when the box
/// crosses the antimeridian (§5.2).
public struct BoundingBox: Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    /// Creates a box from its edges in degrees; `south` must not exceed `north`.
    public init(west: Double, south: Double, east: Double, north: Double) throws(FootprintGeoError) {
        for (axis, value) in [("longitude", west), ("longitude", east), ("latitude", south), ("latitude", north)] {
            guard value.isFinite else { throw .notANumber(axis: axis) }
            guard abs(value) <= (axis == "latitude" ? 90 : 180) else { throw .outOfRange(axis: axis, value: value) }
        }
        guard south <= north else {
            throw .invalidArgument(
                name: "bounding box", value: "\(formatted(west)),\(formatted(south)),\(formatted(east)),\(formatted(north))",
                reason: "its south edge is north of its north edge")
        }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Creates a box without checking it.
    public init(uncheckedWest west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// True when the box crosses the antimeridian (`west > east`).
    public var crossesAntimeridian: Bool { west > east }

    /// True when the coordinate lies inside or on the edge of the box.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        if crossesAntimeridian {
            return coordinate.longitude >= west || coordinate.longitude <= east
        }
        return coordinate.longitude >= west && coordinate.longitude <= east
    }

    /// The smallest box holding every coordinate, or `nil` for none. Longitudes are taken as
    /// given (no antimeridian wrap), as RFC 7946 §5 computes a bbox from a geometry's positions.
    public init?(covering coordinates: some Sequence<Coordinate>) {
        var iterator = coordinates.makeIterator()
        guard let first = iterator.next() else { return nil }
        var box = BoundingBox(uncheckedWest: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        while let next = iterator.next() {
            box.west = min(box.west, next.longitude)
            box.east = max(box.east, next.longitude)
            box.south = min(box.south, next.latitude)
            box.north = max(box.north, next.latitude)
        }
        self = box
    }
}
