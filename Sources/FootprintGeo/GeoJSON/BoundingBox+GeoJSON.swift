extension BoundingBox {
    /// The `bbox` RFC 7946 §5 gives the geometries: the smallest latitude band and the shortest
    /// run of longitudes holding every position, so that geometries on both sides of the
    /// antimeridian give `west > east` (§5.2: Fiji is `[177, -20, -178, -16]`, not
    /// `[-180, -20, 180, -16]`). A line or ring counts with the longitudes its segments sweep
    /// (each the short way round); `nil` when there is no position.
    public init?(geoJSONCovering geometries: [Geometry]) {
        var intervals: [(west: Double, east: Double)] = []
        var south = Double.infinity
        var north = -Double.infinity
        func addPart(_ coordinates: [Coordinate], swept: Bool) {
            guard let first = coordinates.first else { return }
            var lowest = Antimeridian.wrapped(first.longitude)
            var highest = lowest
            var x = lowest
            var previous = first.longitude
            for coordinate in coordinates {
                south = min(south, coordinate.latitude)
                north = max(north, coordinate.latitude)
                guard swept else {
                    let longitude = Antimeridian.wrapped(coordinate.longitude)
                    intervals.append((longitude, longitude))
                    continue
                }
                var step = coordinate.longitude - previous
                if step > 180 { step -= 360 } else if step < -180 { step += 360 }
                x += step
                previous = coordinate.longitude
                lowest = min(lowest, x)
                highest = max(highest, x)
            }
            guard swept else { return }
            if highest - lowest >= 360 {
                intervals.append((-180, 180))
            } else if highest > 180 {
                intervals.append((lowest, 180))
                intervals.append((-180, highest - 360))
            } else if lowest < -180 {
                intervals.append((-180, highest))
                intervals.append((lowest + 360, 180))
            } else {
                intervals.append((lowest, highest))
            }
        }
        func add(_ geometry: Geometry) {
            switch geometry {
            case .point(let point): addPart([point.coordinate], swept: false)
            case .multiPoint(let multiPoint): addPart(multiPoint.coordinates, swept: false)
            case .lineString(let line): addPart(line.coordinates, swept: true)
            case .multiLineString(let multiLine): for line in multiLine.lines { addPart(line.coordinates, swept: true) }
            case .polygon(let polygon): for ring in polygon.rings { addPart(ring, swept: true) }
            case .multiPolygon(let multiPolygon):
                for polygon in multiPolygon.polygons { for ring in polygon.rings { addPart(ring, swept: true) } }
            case .geometryCollection(let members): for member in members { add(member) }
            }
        }
        for geometry in geometries { add(geometry) }
        guard !intervals.isEmpty else { return nil }
        intervals.sort { $0.west < $1.west }
        var merged: [(west: Double, east: Double)] = [intervals[0]]
        for interval in intervals.dropFirst() {
            if interval.west <= merged[merged.count - 1].east {
                merged[merged.count - 1].east = max(merged[merged.count - 1].east, interval.east)
            } else {
                merged.append(interval)
            }
        }
        // Leave out the widest empty run of longitudes; the one across ±180 wins ties.
        var west = merged[0].west
        var east = merged[merged.count - 1].east
        var widestGap = merged[0].west + 360 - merged[merged.count - 1].east
        for index in merged.indices.dropLast() {
            let gap = merged[index + 1].west - merged[index].east
            if gap > widestGap {
                widestGap = gap
                west = merged[index + 1].west
                east = merged[index].east
            }
        }
        self.init(uncheckedWest: west, south: south, east: east, north: north)
    }
}
