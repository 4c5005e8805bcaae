/// Cutting geometries at the antimeridian, as RFC 7946 §3.1.9 asks of GeoJSON writers.
///
/// A segment whose longitudes differ by more than 180° is taken to cross the antimeridian (the
/// short way round, as every web map draws it). The crossing point is interpolated linearly in
/// longitude and latitude — the RFC's own example cuts `[170, 45] → [-170, 45]` at
/// `[180, 45]` / `[-180, 45]`.
enum Antimeridian {
    /// `longitude` brought into −180…180 (values already inside are kept, 180 and −180 included).
    @inline(__always) static func wrapped(_ longitude: Double) -> Double {
        guard longitude.magnitude > 180 else { return longitude }
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }

    /// True when some position lies beyond ±180° or some step jumps more than 180°.
    static func needsWork(_ coordinates: [Coordinate]) -> Bool {
        var previous: Double?
        for coordinate in coordinates {
            if coordinate.longitude.magnitude > 180 { return true }
            if let previous, (coordinate.longitude - previous).magnitude > 180 { return true }
            previous = coordinate.longitude
        }
        return false
    }

    static func wrapped(_ coordinates: [Coordinate]) -> [Coordinate] {
        coordinates.map { Coordinate(uncheckedLatitude: $0.latitude, longitude: wrapped($0.longitude)) }
    }
}

extension LineString {
    /// The line cut where it crosses the antimeridian (RFC 7946 §3.1.9): one part when it does
    /// not cross, otherwise the parts in order, each ending or starting at ±180° at the
    /// interpolated latitude. Longitudes beyond ±180° are first wrapped into range. A step from
    /// 180 to -180 runs along the antimeridian: its end is written on the start's side. A part of
    /// a single position (a line that merely starts on the antimeridian) is dropped.
    public func splitAtAntimeridian() -> [LineString] {
        guard Antimeridian.needsWork(coordinates) else { return [self] }
        let points = Antimeridian.wrapped(coordinates)
        var parts: [LineString] = []
        var current: [Coordinate] = [points[0]]
        var start = points[0]
        for index in 1..<points.count {
            var end = points[index]
            let step = end.longitude - start.longitude
            var justCrossed = false
            if step.magnitude == 360 {
                // From 180 to -180 (or back) is a step along the antimeridian, not across it:
                // the end is written on the start's side, so no position is lost.
                end = Coordinate(uncheckedLatitude: end.latitude, longitude: start.longitude)
            } else if step.magnitude > 180 {
                let edge: Double = start.longitude >= 0 ? 180 : -180
                let endX = end.longitude + (step > 0 ? -360 : 360)
                let latitude =
                    endX == start.longitude
                    ? start.latitude
                    : start.latitude + (edge - start.longitude) / (endX - start.longitude)
                        * (end.latitude - start.latitude)
                let crossing = Coordinate(uncheckedLatitude: latitude, longitude: edge)
                if current.last != crossing { current.append(crossing) }
                if current.count >= 2 { parts.append(LineString(unchecked: current)) }
                current = [Coordinate(uncheckedLatitude: latitude, longitude: -edge)]
                justCrossed = true
            }
            if !(justCrossed && current.last == end) { current.append(end) }
            start = end
        }
        if current.count >= 2 { parts.append(LineString(unchecked: current)) }
        return parts.isEmpty ? [LineString(unchecked: points)] : parts
    }
}

extension Geometry {
    /// The geometry with every line and polygon cut at the antimeridian (RFC 7946 §3.1.9): a
    /// LineString that crosses becomes a MultiLineString, a Polygon a MultiPolygon; Multi*
    /// geometries gain parts. Longitudes beyond ±180° are wrapped into range. A geometry that
    /// does not cross is returned as it is.
    public func splitAtAntimeridian() -> Geometry {
        switch self {
        case .point(let point):
            guard point.coordinate.longitude.magnitude > 180 else { return self }
            return .point(Point(Antimeridian.wrapped([point.coordinate])[0]))
        case .multiPoint(let multiPoint):
            guard Antimeridian.needsWork(multiPoint.coordinates) else { return self }
            return .multiPoint(MultiPoint(Antimeridian.wrapped(multiPoint.coordinates)))
        case .lineString(let line):
            let parts = line.splitAtAntimeridian()
            return parts.count == 1 ? .lineString(parts[0]) : .multiLineString(MultiLineString(parts))
        case .multiLineString(let multiLine):
            return .multiLineString(MultiLineString(multiLine.lines.flatMap { $0.splitAtAntimeridian() }))
        case .polygon(let polygon):
            let parts = polygon.splitAtAntimeridian()
            return parts.count == 1 ? .polygon(parts[0]) : .multiPolygon(MultiPolygon(parts))
        case .multiPolygon(let multiPolygon):
            return .multiPolygon(MultiPolygon(multiPolygon.polygons.flatMap { $0.splitAtAntimeridian() }))
        case .geometryCollection(let geometries):
            return .geometryCollection(geometries.map { $0.splitAtAntimeridian() })
        }
    }
}
