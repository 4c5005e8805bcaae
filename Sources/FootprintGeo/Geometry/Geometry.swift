/// A point.
public struct Point: Hashable, Sendable {
    public var coordinate: Coordinate
    public init(_ coordinate: Coordinate) { self.coordinate = coordinate }
}

/// Points with no order.
public struct MultiPoint: Hashable, Sendable {
    public var coordinates: [Coordinate]
    public init(_ coordinates: [Coordinate]) { self.coordinates = coordinates }
}

/// Lines.
public struct MultiLineString: Hashable, Sendable {
    public var lines: [LineString]
    public init(_ lines: [LineString]) { self.lines = lines }
}

/// Polygons.
public struct MultiPolygon: Hashable, Sendable {
    public var polygons: [Polygon]
    public init(_ polygons: [Polygon]) { self.polygons = polygons }
}

/// Any geometry of RFC 7946 §3.1, GeometryCollection included.
public indirect enum Geometry: Hashable, Sendable {
    case point(Point)
    case multiPoint(MultiPoint)
    case lineString(LineString)
    case multiLineString(MultiLineString)
    case polygon(Polygon)
    case multiPolygon(MultiPolygon)
    case geometryCollection([Geometry])

    /// Every position of the geometry, in document order.
    public var allCoordinates: [Coordinate] {
        switch self {
        case .point(let point): return [point.coordinate]
        case .multiPoint(let multiPoint): return multiPoint.coordinates
        case .lineString(let line): return line.coordinates
        case .multiLineString(let multiLine): return multiLine.lines.flatMap(\.coordinates)
        case .polygon(let polygon): return polygon.rings.flatMap { $0 }
        case .multiPolygon(let multiPolygon): return multiPolygon.polygons.flatMap { $0.rings.flatMap { $0 } }
        case .geometryCollection(let geometries): return geometries.flatMap(\.allCoordinates)
        }
    }
}
