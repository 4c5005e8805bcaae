import Foundation

/// How far a point lies outside a zone, and the boxes that keep that question rare.
extension PrivacyZone {
    /// Metres on the ellipsoid per degree of latitude where a degree is shortest (the meridian at
    /// the equator): degrees from metres with it never fall short.
    static let shortestDegreeMeters = Geodesic.smallestRadiusOfCurvature * Double.pi / 180

    /// Metres per degree of arc on the mean sphere, for the local plane of polygon distances.
    static let meanDegreeMeters = Geodesic.meanRadiusMeters * Double.pi / 180

    /// The distance in metres from the coordinate to the zone: 0 inside or on its edge.
    ///
    /// A circle gives the WGS84 geodesic distance to its centre minus the radius. A polygon gives
    /// the distance to its nearest edge, holes included, on an equirectangular plane centred on
    /// the coordinate (mean Earth radius): within 0.6 % of the geodesic for zones of a few
    /// kilometres, which is all a cut margin needs.
    public func distanceMeters(from coordinate: Coordinate) -> Double {
        switch shape {
        case .circle(let center, let radiusMeters):
            return max(0, Geodesic.distance(from: center, to: coordinate) - radiusMeters)
        case .polygon(let polygon):
            if Self.polygon(polygon, contains: coordinate) { return 0 }
            return Self.planarDistanceMeters(from: coordinate, toEdgesOf: polygon)
        }
    }

    /// True when the coordinate is certainly more than `meters` outside the zone; false when it
    /// may be within. A box test first, then (for a circle) the haversine bracket, so points far
    /// from a zone cost a few comparisons.
    func isBeyond(_ meters: Double, _ coordinate: Coordinate) -> Bool {
        if !Self.box(box, enlargedBy: meters).contains(coordinate) { return true }
        if case .circle(let center, let radiusMeters) = shape {
            let bounds = Geodesic.distanceBounds(from: center, to: coordinate)
            if bounds.lowerBound > radiusMeters + meters { return true }
            if bounds.upperBound <= radiusMeters + meters { return false }
        }
        return distanceMeters(from: coordinate) > meters
    }

    /// The box of a circle: its radius turned into degrees where they are shortest, so the box
    /// always holds the circle. Near a pole the box takes every longitude; across the
    /// antimeridian it wraps (`west > east`).
    static func circleBox(center: Coordinate, radiusMeters: Double) -> BoundingBox {
        let point = BoundingBox(
            uncheckedWest: center.longitude, south: center.latitude, east: center.longitude, north: center.latitude)
        return box(point, enlargedBy: radiusMeters)
    }

    /// The box grown by `meters` on every side (never less than that on the ellipsoid).
    static func box(_ box: BoundingBox, enlargedBy meters: Double) -> BoundingBox {
        // 1 % above the shortest degree's metres covers rounding and the flattening.
        let latitudeDelta = meters / shortestDegreeMeters * 1.01
        let south = max(-90, box.south - latitudeDelta)
        let north = min(90, box.north + latitudeDelta)
        let cosine = cos(max(abs(south), abs(north)) * Double.pi / 180)
        guard cosine > 0.01 else { return BoundingBox(uncheckedWest: -180, south: south, east: 180, north: north) }
        let longitudeDelta = latitudeDelta / cosine
        let wraps = box.crossesAntimeridian
        let width = wraps ? box.east + 360 - box.west : box.east - box.west
        guard width + 2 * longitudeDelta < 360 else {
            return BoundingBox(uncheckedWest: -180, south: south, east: 180, north: north)
        }
        var west = box.west - longitudeDelta
        var east = box.east + longitudeDelta
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return BoundingBox(uncheckedWest: west, south: south, east: east, north: north)
    }

    /// The distance from a point outside the polygon to its nearest edge, on the equirectangular
    /// plane centred on the point.
    static func planarDistanceMeters(from coordinate: Coordinate, toEdgesOf polygon: Polygon) -> Double {
        let xScale = cos(coordinate.latitude * Double.pi / 180) * meanDegreeMeters
        var best = Double.infinity
        for ring in polygon.rings where !ring.isEmpty {
            var previousX = (ring[0].longitude - coordinate.longitude) * xScale
            var previousY = (ring[0].latitude - coordinate.latitude) * meanDegreeMeters
            for vertex in ring.dropFirst() {
                let x = (vertex.longitude - coordinate.longitude) * xScale
                let y = (vertex.latitude - coordinate.latitude) * meanDegreeMeters
                // Distance from the origin (the point) to the segment previous→vertex.
                let dx = x - previousX
                let dy = y - previousY
                let lengthSquared = dx * dx + dy * dy
                var t = lengthSquared > 0 ? -(previousX * dx + previousY * dy) / lengthSquared : 0
                t = min(max(t, 0), 1)
                let nearestX = previousX + t * dx
                let nearestY = previousY + t * dy
                best = min(best, nearestX * nearestX + nearestY * nearestY)
                previousX = x
                previousY = y
            }
        }
        return best.squareRoot()
    }

    /// The polygon's area in square metres (exterior minus holes) by the shoelace formula on the
    /// equirectangular plane at the exterior's mean latitude; used for the equivalent radius.
    static func planarAreaSquareMeters(of polygon: Polygon) -> Double {
        guard let exterior = polygon.exterior, !exterior.isEmpty else { return 0 }
        let meanLatitude = exterior.reduce(0) { $0 + $1.latitude } / Double(exterior.count)
        let xScale = cos(meanLatitude * Double.pi / 180) * meanDegreeMeters
        let origin = exterior[0]
        func ringArea(_ ring: [Coordinate]) -> Double {
            var twice = 0.0
            for index in 1..<ring.count {
                let a = ring[index - 1]
                let b = ring[index]
                let ax = (a.longitude - origin.longitude) * xScale
                let ay = (a.latitude - origin.latitude) * meanDegreeMeters
                let bx = (b.longitude - origin.longitude) * xScale
                let by = (b.latitude - origin.latitude) * meanDegreeMeters
                twice += ax * by - bx * ay
            }
            return abs(twice) / 2
        }
        let holes = polygon.holes.reduce(0) { $0 + ringArea($1) }
        return ringArea(exterior) - holes
    }
}
