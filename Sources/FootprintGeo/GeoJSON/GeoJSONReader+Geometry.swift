/// What reading a geometry gave.
enum GeometryReading {
    case geometry(Geometry)
    /// A Point with empty `coordinates`, which RFC 7946 §3.1 lets a reader take as null.
    case empty
    case invalid
}

/// What a geometry's positions looked like, for the warnings given once per geometry.
struct PositionSummary {
    /// Bit n is set when some position has n numbers (n capped at 63).
    var dimensions: UInt64 = 0
    var longitudeBeyond: (path: String, offset: Int, value: Double)?
    var longitudeBeyondCount = 0
    var extraElements: (path: String, offset: Int, count: Int)?
    var extraElementsCount = 0
    var antimeridianCrossing: (path: String, offset: Int)?
}

extension GeoJSONReader {
    /// A value where a geometry object must stand (a Feature's `geometry`, an element of
    /// `geometries`).
    mutating func readGeometryObject(_ node: Int, dimensions: inout UInt64, depth: Int) -> GeometryReading {
        guard tape.kind(node) == .object else {
            report(
                GeoJSONError.invalidValue, "expected a geometry object, got \(tape.kindDescription(node))", node: node)
            return .invalid
        }
        let members = members(of: node)
        guard let type = type(of: node, members: members) else { return .invalid }
        guard type.isGeometry else {
            report(GeoJSONError.invalidValue, "expected a geometry, got \(type.withArticle)", node: node)
            return .invalid
        }
        return readGeometry(node, members: members, type: type, dimensions: &dimensions, depth: depth)
    }

    /// A geometry object whose members are sorted and whose type is known.
    mutating func readGeometry(_ node: Int, members: Members, type: GeoJSONType, dimensions: inout UInt64, depth: Int)
        -> GeometryReading
    {
        let errorCount = errors.count
        checkForbiddenMembers(members, type: type)
        var summary = PositionSummary()
        var reading = GeometryReading.invalid
        if type == .geometryCollection {
            reading = readGeometryCollection(node, members: members, summary: &summary, depth: depth)
        } else if let coordinatesNode = members.coordinates {
            path.append(.key("coordinates"))
            if tape.kind(coordinatesNode) != .array {
                report(
                    GeoJSONError.invalidValue,
                    "“coordinates” must be an array, got \(tape.kindDescription(coordinatesNode))",
                    node: coordinatesNode)
            } else {
                reading = readCoordinates(coordinatesNode, type: type, summary: &summary)
            }
            path.removeLast()
        } else {
            report(GeoJSONError.missingMember, "\(type.withArticle) needs a “coordinates” member", node: node)
        }
        if let bboxNode = members.bbox { _ = readBoundingBox(bboxNode, dimensions: summary.dimensions) }
        emitWarnings(summary)
        dimensions |= summary.dimensions
        return errors.count == errorCount ? reading : .invalid
    }

    mutating func readGeometryCollection(_ node: Int, members: Members, summary: inout PositionSummary, depth: Int)
        -> GeometryReading
    {
        guard let geometriesNode = members.geometries else {
            report(GeoJSONError.missingMember, "a GeometryCollection needs a “geometries” member", node: node)
            return .invalid
        }
        guard tape.kind(geometriesNode) == .array else {
            report(
                GeoJSONError.invalidValue,
                "“geometries” must be an array, got \(tape.kindDescription(geometriesNode))",
                node: geometriesNode, extra: .key("geometries"))
            return .invalid
        }
        if depth > 0 {
            warn("a GeometryCollection inside another; RFC 7946 §3.1.8 advises against nesting them", node: node)
        }
        path.append(.key("geometries"))
        defer { path.removeLast() }
        var geometries: [Geometry] = []
        var child = geometriesNode + 1
        for index in 0..<tape.count(geometriesNode) {
            path.append(.index(index))
            switch readGeometryObject(child, dimensions: &summary.dimensions, depth: depth + 1) {
            case .geometry(let geometry): geometries.append(geometry)
            case .empty: geometries.append(.multiPoint(MultiPoint([])))
            case .invalid: break
            }
            path.removeLast()
            if shouldStop { break }
            child = tape.next(child)
        }
        return .geometry(.geometryCollection(geometries))
    }

    /// The `coordinates` array (at `node`, its path already pushed) of a geometry of `type`.
    mutating func readCoordinates(_ node: Int, type: GeoJSONType, summary: inout PositionSummary) -> GeometryReading {
        switch type {
        case .point:
            if tape.count(node) == 0 { return .empty }
            return readPosition(node, summary: &summary).map { .geometry(.point(Point($0))) } ?? .invalid
        case .multiPoint:
            return readPositions(node, summary: &summary).map { .geometry(.multiPoint(MultiPoint($0))) } ?? .invalid
        case .lineString:
            return readLine(node, summary: &summary).map { .geometry(.lineString($0)) } ?? .invalid
        case .multiLineString:
            return readArray(node) { reader, child in reader.readLine(child, summary: &summary) }
                .map { .geometry(.multiLineString(MultiLineString($0))) } ?? .invalid
        case .polygon:
            return readPolygon(node, summary: &summary).map { .geometry(.polygon($0)) } ?? .invalid
        case .multiPolygon:
            return readArray(node) { reader, child in reader.readPolygon(child, summary: &summary) }
                .map { .geometry(.multiPolygon(MultiPolygon($0))) } ?? .invalid
        case .geometryCollection, .feature, .featureCollection:
            return .invalid
        }
    }

    /// Reads each element of the array at `node` (path pushed per element); `nil` if any failed.
    mutating func readArray<Element>(_ node: Int, _ read: (inout GeoJSONReader, Int) -> Element?) -> [Element]? {
        guard tape.kind(node) == .array else {
            report(GeoJSONError.invalidValue, "expected an array, got \(tape.kindDescription(node))", node: node)
            return nil
        }
        var result: [Element] = []
        result.reserveCapacity(tape.count(node))
        var failed = false
        var child = node + 1
        for index in 0..<tape.count(node) {
            path.append(.index(index))
            if let element = read(&self, child) { result.append(element) } else { failed = true }
            path.removeLast()
            if shouldStop { return nil }
            child = tape.next(child)
        }
        return failed ? nil : result
    }

    /// A LineString's positions: none, or two or more (RFC 7946 §3.1.4).
    mutating func readLine(_ node: Int, summary: inout PositionSummary) -> LineString? {
        guard let coordinates = readPositions(node, summary: &summary) else { return nil }
        if coordinates.count == 1 {
            report(
                GeoJSONError.invalidShape, "a LineString needs 2 or more positions (or none), got 1", node: node,
                strictOnly: true)
        }
        noteAntimeridianCrossing(coordinates, node: node, summary: &summary)
        return LineString(unchecked: coordinates)
    }

    /// A Polygon's rings (RFC 7946 §3.1.6).
    mutating func readPolygon(_ node: Int, summary: inout PositionSummary) -> Polygon? {
        var ringIndex = 0
        let rings = readArray(node) { reader, child -> [Coordinate]? in
            defer { ringIndex += 1 }
            return reader.readRing(child, isExterior: ringIndex == 0, summary: &summary)
        }
        return rings.map { Polygon(unchecked: $0) }
    }

    /// A linear ring: 4 or more positions, the last equal to the first. Lenient mode closes an
    /// open ring.
    mutating func readRing(_ node: Int, isExterior: Bool, summary: inout PositionSummary) -> [Coordinate]? {
        guard var ring = readPositions(node, summary: &summary) else { return nil }
        var wellFormed = true
        if ring.count < 4 {
            report(
                GeoJSONError.invalidShape, "a linear ring needs 4 or more positions, got \(ring.count)", node: node,
                strictOnly: true)
            wellFormed = false
        }
        if !ring.isEmpty, !samePosition(node + 1, lastElement(of: node)) {
            report(
                GeoJSONError.invalidShape, "a linear ring must be closed: its last position differs from its first",
                node: node, strictOnly: true)
            if !strict { ring.append(ring[0]) }
            wellFormed = false
        }
        noteAntimeridianCrossing(ring, node: node, summary: &summary)
        if strict, wellFormed {
            let area = RingOrientation.signedArea(ring)
            if isExterior, area < 0 {
                warn(
                    "the exterior ring is clockwise; RFC 7946 §3.1.6 asks for counterclockwise exteriors (right-hand rule)",
                    node: node)
            } else if !isExterior, area > 0 {
                warn(
                    "the hole is counterclockwise; RFC 7946 §3.1.6 asks for clockwise holes (right-hand rule)",
                    node: node)
            }
        }
        return ring
    }

    /// The node of the last element of the array at `node` (which has at least one).
    func lastElement(of node: Int) -> Int {
        var child = node + 1
        for _ in 1..<tape.count(node) { child = tape.next(child) }
        return child
    }

    /// True when two position arrays hold the same numbers (RFC 7946 §3.1.6: identical values).
    func samePosition(_ first: Int, _ second: Int) -> Bool {
        guard tape.kind(first) == .array, tape.kind(second) == .array, tape.count(first) == tape.count(second) else {
            return false
        }
        for offset in 1...tape.count(first) where tape.number(first + offset) != tape.number(second + offset) {
            return false
        }
        return true
    }

    /// Remembers the first segment that jumps more than 180° of longitude (RFC 7946 §3.1.9).
    mutating func noteAntimeridianCrossing(_ coordinates: [Coordinate], node: Int, summary: inout PositionSummary) {
        guard strict, summary.antimeridianCrossing == nil, coordinates.count > 1 else { return }
        for index in 1..<coordinates.count
        where (coordinates[index].longitude - coordinates[index - 1].longitude).magnitude > 180 {
            path.append(.index(index))
            var element = node + 1
            for _ in 0..<index { element = tape.next(element) }
            summary.antimeridianCrossing = (path.text, tape.offset(element))
            path.removeLast()
            return
        }
    }

    /// The warnings about positions, one of each kind per geometry.
    mutating func emitWarnings(_ summary: PositionSummary) {
        guard strict else { return }
        if let first = summary.longitudeBeyond {
            let more =
                summary.longitudeBeyondCount > 1
                ? " (and \(summary.longitudeBeyondCount - 1) more in this geometry)" : ""
            warnings.append(
                (first.path, "the longitude \(formatted(first.value)) is beyond ±180°\(more)", first.offset))
        }
        if let first = summary.extraElements {
            let more =
                summary.extraElementsCount > 1 ? " (and \(summary.extraElementsCount - 1) more in this geometry)" : ""
            warnings.append(
                (
                    first.path,
                    "a position of \(first.count) numbers; RFC 7946 §3.1.1 advises against more than 3 (longitude, latitude, altitude)\(more)",
                    first.offset
                ))
        }
        if let crossing = summary.antimeridianCrossing {
            warnings.append(
                (
                    crossing.path,
                    "the geometry jumps more than 180° of longitude here, crossing the antimeridian; RFC 7946 §3.1.9 asks to cut it there",
                    crossing.offset
                ))
        }
    }
}
