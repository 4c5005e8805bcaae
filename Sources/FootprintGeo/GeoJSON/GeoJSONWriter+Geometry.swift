extension GeoJSONWriter {
    /// Writes a geometry already prepared (cut and oriented), with `bbox` when given.
    mutating func writeGeometry(_ geometry: Geometry, bbox box: BoundingBox?) {
        raw("{\"type\":\"")
        bytes.append(contentsOf: geometry.geoJSONTypeName.utf8)
        bytes.append(UInt8(ascii: "\""))
        bbox(box)
        switch geometry {
        case .point(let point):
            raw(",\"coordinates\":")
            position(point.coordinate)
        case .multiPoint(let multiPoint):
            raw(",\"coordinates\":")
            positions(multiPoint.coordinates)
        case .lineString(let line):
            raw(",\"coordinates\":")
            positions(line.coordinates)
        case .multiLineString(let multiLine):
            raw(",\"coordinates\":[")
            for (index, line) in multiLine.lines.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                positions(line.coordinates)
            }
            bytes.append(UInt8(ascii: "]"))
        case .polygon(let polygon):
            raw(",\"coordinates\":")
            rings(polygon.rings)
        case .multiPolygon(let multiPolygon):
            raw(",\"coordinates\":[")
            for (index, polygon) in multiPolygon.polygons.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                rings(polygon.rings)
            }
            bytes.append(UInt8(ascii: "]"))
        case .geometryCollection(let members):
            raw(",\"geometries\":[")
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeGeometry(member, bbox: nil)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    @inline(__always) mutating func position(_ coordinate: Coordinate) {
        bytes.append(UInt8(ascii: "["))
        number(coordinate.longitude)
        bytes.append(UInt8(ascii: ","))
        number(coordinate.latitude)
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func positions(_ coordinates: [Coordinate]) {
        // About 22 bytes a position at 6 decimals.
        bytes.reserveCapacity(bytes.count + coordinates.count * 24 + 2)
        bytes.append(UInt8(ascii: "["))
        for index in coordinates.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            position(coordinates[index])
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func rings(_ rings: [[Coordinate]]) {
        bytes.append(UInt8(ascii: "["))
        for (index, ring) in rings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            positions(ring)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
