/// Ring orientation in the plane of longitude and latitude, as RFC 7946 §3.1.6 defines it.
enum RingOrientation {
    /// Twice the signed planar area of a ring (shoelace formula in degrees²): positive when the
    /// ring runs counterclockwise. Longitudes are unwrapped, so a ring that steps across the
    /// antimeridian (179 → -179) is measured as the small ring it is.
    static func signedArea(_ ring: [Coordinate]) -> Double {
        guard ring.count >= 3 else { return 0 }
        // Measured from the first position, which keeps the products small and exact-ish.
        let originX = ring[0].longitude
        let originY = ring[0].latitude
        var sum = 0.0
        var previousX = 0.0
        var previousY = 0.0
        var shift = 0.0
        var previousLongitude = originX
        for index in 1..<ring.count {
            let longitude = ring[index].longitude
            let step = longitude - previousLongitude
            if step > 180 { shift -= 360 } else if step < -180 { shift += 360 }
            previousLongitude = longitude
            let x = longitude + shift - originX
            let y = ring[index].latitude - originY
            sum += previousX * y - x * previousY
            previousX = x
            previousY = y
        }
        return sum
    }
}

extension Polygon {
    /// The polygon with its exterior ring counterclockwise and its holes clockwise — the
    /// right-hand rule of RFC 7946 §3.1.6 — each ring reversed where needed (planar orientation
    /// in longitude/latitude, longitudes unwrapped across the antimeridian). Rings of zero area
    /// are left as they are.
    public func orientedByRightHandRule() -> Polygon {
        var rings = rings
        for index in rings.indices {
            let area = RingOrientation.signedArea(rings[index])
            if index == 0 ? area < 0 : area > 0 { rings[index].reverse() }
        }
        return Polygon(unchecked: rings)
    }
}

extension Geometry {
    /// The geometry with every polygon oriented by the right-hand rule (RFC 7946 §3.1.6):
    /// exteriors counterclockwise, holes clockwise. Other geometries are unchanged.
    public func orientedByRightHandRule() -> Geometry {
        switch self {
        case .polygon(let polygon): return .polygon(polygon.orientedByRightHandRule())
        case .multiPolygon(let multiPolygon):
            return .multiPolygon(MultiPolygon(multiPolygon.polygons.map { $0.orientedByRightHandRule() }))
        case .geometryCollection(let geometries):
            return .geometryCollection(geometries.map { $0.orientedByRightHandRule() })
        case .point, .multiPoint, .lineString, .multiLineString: return self
        }
    }
}

extension Geometry {
    /// How many rings of the geometry's polygons ``orientedByRightHandRule()`` reverses: an
    /// exterior running clockwise or a hole running counterclockwise (rings of zero area never).
    public var ringsAgainstRightHandRule: Int {
        func count(_ polygon: Polygon) -> Int {
            polygon.rings.indices.count { index in
                let area = RingOrientation.signedArea(polygon.rings[index])
                return index == 0 ? area < 0 : area > 0
            }
        }
        switch self {
        case .polygon(let polygon): return count(polygon)
        case .multiPolygon(let multiPolygon): return multiPolygon.polygons.reduce(0) { $0 + count($1) }
        case .geometryCollection(let geometries): return geometries.reduce(0) { $0 + $1.ringsAgainstRightHandRule }
        case .point, .multiPoint, .lineString, .multiLineString: return 0
        }
    }
}
