extension Geometry {
    /// The geometry with every line and ring simplified by `simplify` (Douglas–Peucker in metres or
    /// degrees, or Visvalingam–Whyatt); points are kept as they are.
    ///
    /// As GEOS's `simplify(preserve_topology=False)` does, a ring that collapses below the 4
    /// positions a ring needs is dropped; a polygon whose exterior collapses becomes empty and is
    /// left out of a MultiPolygon. Nothing is checked for self-intersection.
    public func simplified(_ simplify: (LineString) throws(FootprintGeoError) -> LineString) throws(FootprintGeoError)
        -> Geometry
    {
        switch self {
        case .point, .multiPoint:
            return self
        case .lineString(let line):
            return .lineString(try simplify(line))
        case .multiLineString(let multiLine):
            var lines: [LineString] = []
            for line in multiLine.lines { lines.append(try simplify(line)) }
            return .multiLineString(MultiLineString(lines))
        case .polygon(let polygon):
            return .polygon(try Self.simplified(polygon, simplify))
        case .multiPolygon(let multiPolygon):
            var polygons: [Polygon] = []
            for polygon in multiPolygon.polygons {
                let simplified = try Self.simplified(polygon, simplify)
                if !simplified.rings.isEmpty { polygons.append(simplified) }
            }
            return .multiPolygon(MultiPolygon(polygons))
        case .geometryCollection(let geometries):
            var simplified: [Geometry] = []
            for geometry in geometries { simplified.append(try geometry.simplified(simplify)) }
            return .geometryCollection(simplified)
        }
    }

    private static func simplified(_ polygon: Polygon, _ simplify: (LineString) throws(FootprintGeoError) -> LineString)
        throws(FootprintGeoError) -> Polygon
    {
        var rings: [[Coordinate]] = []
        for (index, ring) in polygon.rings.enumerated() {
            let simplified = try simplify(LineString(unchecked: ring)).coordinates
            if simplified.count >= 4 {
                rings.append(simplified)
            } else if index == 0 {
                return Polygon(unchecked: [])
            }
        }
        return Polygon(unchecked: rings)
    }
}
