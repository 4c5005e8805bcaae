extension GeoJSONReader {
    /// An array of positions (its path already pushed); `nil` when any position is invalid.
    mutating func readPositions(_ node: Int, summary: inout PositionSummary) -> [Coordinate]? {
        guard tape.kind(node) == .array else {
            report(
                GeoJSONError.invalidValue, "expected an array of positions, got \(tape.kindDescription(node))",
                node: node)
            return nil
        }
        let count = tape.count(node)
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        var failed = false
        var child = node + 1
        for index in 0..<count {
            path.append(.index(index))
            if let coordinate = readPosition(child, summary: &summary) {
                coordinates.append(coordinate)
            } else {
                failed = true
                if shouldStop { path.removeLast(); return nil }
            }
            path.removeLast()
            child = tape.next(child)
        }
        return failed ? nil : coordinates
    }

    /// One position (RFC 7946 §3.1.1): longitude, latitude, and optional further numbers
    /// (altitude…), which are accepted and not kept.
    @inline(__always)
    mutating func readPosition(_ node: Int, summary: inout PositionSummary) -> Coordinate? {
        guard tape.kind(node) == .array else {
            report(
                GeoJSONError.invalidPosition,
                "a position must be an array of numbers, got \(tape.kindDescription(node))", node: node)
            return nil
        }
        let count = tape.count(node)
        guard count >= 2 else {
            report(GeoJSONError.invalidPosition, "a position needs 2 or more numbers, got \(count)", node: node)
            return nil
        }
        var child = node + 1
        for element in 0..<count {
            guard tape.kind(child) == .number else {
                report(
                    GeoJSONError.invalidValue, "expected a number, got \(tape.kindDescription(child))", node: child,
                    extra: .index(element))
                return nil
            }
            child += 1
        }
        let longitude = tape.number(node + 1)
        let latitude = tape.number(node + 2)
        guard latitude.magnitude <= 90 else {
            let swapped = latitude.magnitude <= 180 && longitude.magnitude <= 90
            report(
                GeoJSONError.invalidPosition,
                "the latitude \(formatted(latitude)) is beyond ±90°"
                    + (swapped ? "; GeoJSON positions are [longitude, latitude] and this one looks swapped" : ""),
                node: node)
            return nil
        }
        if strict {
            if longitude.magnitude > 180 {
                if summary.longitudeBeyond == nil {
                    summary.longitudeBeyond = (path.text, tape.offset(node), longitude)
                }
                summary.longitudeBeyondCount += 1
            }
            if count > 3 {
                if summary.extraElements == nil { summary.extraElements = (path.text, tape.offset(node), count) }
                summary.extraElementsCount += 1
            }
        }
        summary.dimensions |= 1 << UInt64(min(count, 63))
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// A `bbox` member (RFC 7946 §5): 2×n numbers for the n dimensions of the positions it
    /// covers, south-west corner first. Returns the numbers, or `nil` (lenient mode drops a bad
    /// box; strict mode records why).
    mutating func readBoundingBox(_ node: Int, dimensions: UInt64) -> [Double]? {
        path.append(.key("bbox"))
        defer { path.removeLast() }
        guard tape.kind(node) == .array else {
            report(
                GeoJSONError.invalidBoundingBox,
                "a bbox must be an array of numbers, got \(tape.kindDescription(node))",
                node: node, strictOnly: true)
            return nil
        }
        var values: [Double] = []
        var child = node + 1
        for index in 0..<tape.count(node) {
            guard tape.kind(child) == .number else {
                report(
                    GeoJSONError.invalidValue, "expected a number, got \(tape.kindDescription(child))",
                    node: child, extra: .index(index), strictOnly: true)
                return nil
            }
            values.append(tape.number(child))
            child = tape.next(child)
        }
        guard values.count >= 4, values.count % 2 == 0 else {
            report(
                GeoJSONError.invalidBoundingBox,
                "a bbox needs 2×n numbers for n dimensions (4 for longitude and latitude), got \(values.count)",
                node: node, strictOnly: true)
            return nil
        }
        let axes = values.count / 2
        if dimensions != 0, axes < 64, dimensions & (1 << UInt64(axes)) == 0 {
            let sizes = (2..<64).filter { dimensions & (1 << UInt64($0)) != 0 }.map(String.init).joined(
                separator: " or ")
            report(
                GeoJSONError.invalidBoundingBox,
                "a bbox of \(values.count) numbers is for \(axes)-dimensional positions, but the positions it covers have \(sizes) numbers",
                node: node, strictOnly: true)
            return nil
        }
        var valid = true
        for index in [1, axes + 1] where values[index].magnitude > 90 {
            report(
                GeoJSONError.invalidBoundingBox, "the latitude \(formatted(values[index])) is beyond ±90°",
                node: node + 1 + index, extra: .index(index), strictOnly: true)
            valid = false
        }
        if valid, values[1] > values[axes + 1] {
            report(
                GeoJSONError.invalidBoundingBox,
                "the southern latitude \(formatted(values[1])) is north of the northern latitude \(formatted(values[axes + 1]))",
                node: node, strictOnly: true)
            valid = false
        }
        for index in [0, axes] where values[index].magnitude > 180 {
            warn(
                "the longitude \(formatted(values[index])) is beyond ±180°", node: node + 1 + index,
                extra: .index(index))
        }
        return valid ? values : nil
    }
}
