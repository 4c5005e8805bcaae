extension Geometry {
    /// The geometry simplified with a tolerance in planar degrees, polygons kept valid.
    ///
    /// Lines (LineString, MultiLineString) keep exactly the points of
    /// ``LineString/simplified(toleranceDegrees:)``: Douglas–Peucker as GEOS/shapely
    /// `simplify(tolerance, preserve_topology=False)` and Turf `simplify` keep them. Polygons and
    /// MultiPolygons are simplified as GEOS's `TopologyPreservingSimplifier` (shapely
    /// `simplify(tolerance, preserve_topology=True)`, PostGIS `ST_SimplifyPreserveTopology`) means
    /// them to be: no ring crosses itself or another ring of the geometry, no hole leaves its
    /// shell, no polygon of a MultiPolygon enters another, and every ring keeps at least 4
    /// positions (see ``RingSimplifier`` for where the points kept may differ from GEOS's).
    /// Members of a GeometryCollection are simplified one by one; points are kept as they are.
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a negative or NaN
    /// tolerance.
    public func simplified(toleranceDegrees tolerance: Double) throws(FootprintGeoError) -> Geometry {
        try LineString.checkTolerance(tolerance, name: "tolerance", unit: "degrees")
        return try simplifiedPreservingRings(
            line: { (line) throws(FootprintGeoError) in try line.simplified(toleranceDegrees: tolerance) },
            rings: { rings in
                var simplifier = RingSimplifier(rings: rings)
                return simplifier.simplified(
                    split: { ring, first, last in
                        rings[ring].withUnsafeBufferPointer {
                            DouglasPeucker.splitPlanar($0, first, last, tolerance: tolerance)
                        }
                    },
                    farthest: { ring, first, last in
                        rings[ring].withUnsafeBufferPointer {
                            DouglasPeucker.exactSplit($0, first, last, tolerance: -.infinity, keyAtLeast: -.infinity)
                        } ?? first
                    })
            })
    }

    /// The geometry simplified with a tolerance in metres (on the sphere, as
    /// ``LineString/simplified(tolerance:)``), polygons kept valid in the plane of longitude and
    /// latitude where GeoJSON readers judge them, as ``simplified(toleranceDegrees:)`` keeps them.
    public func simplified(tolerance: Double) throws(FootprintGeoError) -> Geometry {
        try LineString.checkTolerance(tolerance, name: "tolerance", unit: "metres")
        let limit = MeanEarth.chordSquared(ofArc: tolerance)
        return try simplifiedPreservingRings(
            line: { (line) throws(FootprintGeoError) in try line.simplified(tolerance: tolerance) },
            rings: { rings in
                let vectors = rings.map { ring in ring.withUnsafeBufferPointer { NVector.of($0) } }
                var simplifier = RingSimplifier(rings: rings)
                return simplifier.simplified(
                    split: { ring, first, last in
                        vectors[ring].withUnsafeBufferPointer {
                            DouglasPeucker.splitSpherical($0, first, last, limit: limit)
                        }
                    },
                    farthest: { ring, first, last in
                        vectors[ring].withUnsafeBufferPointer {
                            DouglasPeucker.splitSpherical($0, first, last, limit: -.infinity)
                        } ?? first
                    })
            })
    }

    /// Lines through `line`; the rings of a Polygon or of all the polygons of a MultiPolygon
    /// through `rings` together, so that they are kept apart from one another.
    private func simplifiedPreservingRings(
        line: (LineString) throws(FootprintGeoError) -> LineString, rings: ([[Coordinate]]) -> [[Coordinate]]
    ) throws(FootprintGeoError) -> Geometry {
        switch self {
        case .point, .multiPoint:
            return self
        case .lineString, .multiLineString:
            return try simplified(line)
        case .polygon(let polygon):
            return .polygon(Polygon(unchecked: rings(polygon.rings)))
        case .multiPolygon(let multiPolygon):
            var simplified = rings(multiPolygon.polygons.flatMap(\.rings))[...]
            var polygons: [Polygon] = []
            for polygon in multiPolygon.polygons {
                polygons.append(Polygon(unchecked: Array(simplified.prefix(polygon.rings.count))))
                simplified = simplified.dropFirst(polygon.rings.count)
            }
            return .multiPolygon(MultiPolygon(polygons))
        case .geometryCollection(let geometries):
            var simplified: [Geometry] = []
            for geometry in geometries {
                simplified.append(try geometry.simplifiedPreservingRings(line: line, rings: rings))
            }
            return .geometryCollection(simplified)
        }
    }
}
