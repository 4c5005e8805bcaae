/// Lengths and positions along a line, in metres on the WGS84 ellipsoid.
///
/// Each segment is the geodesic between its two positions (GeographicLib's `Inverse`), not the
/// straight line of a map projection; a position along it comes from the geodesic direct problem
/// (`Direct`). This is how GeographicLib's `PolygonArea` (polyline mode) measures a line and
/// what Turf's `length`/`along`/`lineSliceAlong` do on a sphere.
extension LineString {
    /// The length in metres: the sum of the geodesic lengths of the segments. 0 for the empty
    /// line and for a line of one position.
    public func length() -> Double {
        var total = 0.0
        var previous = coordinates.first
        for coordinate in coordinates.dropFirst() {
            total += Geodesic.distance(from: previous!, to: coordinate)
            previous = coordinate
        }
        return total
    }

    /// The position `distanceMeters` along the line from its first position, on the geodesic of
    /// the segment that distance falls in (Turf's `along`, on the ellipsoid).
    ///
    /// A distance below 0 gives the first position and one beyond ``length()`` the last; a
    /// distance that ends exactly on a position gives that position. Returns `nil` for the empty
    /// line and for a NaN distance.
    public func coordinate(atDistance distanceMeters: Double) -> Coordinate? {
        guard let first = coordinates.first, !distanceMeters.isNaN else { return nil }
        guard distanceMeters > 0 else { return first }
        var walked = 0.0
        for index in coordinates.indices.dropLast() {
            if let found = point(onSegment: index, atDistance: distanceMeters, walked: &walked) {
                return found
            }
        }
        return coordinates.last
    }

    /// The part of the line between two distances along it, in the line's direction: the position
    /// at `fromDistance`, every position strictly between, and the position at `toDistance`
    /// (Turf's `lineSliceAlong`, on the ellipsoid).
    ///
    /// Both distances are clamped to 0…``length()``. Equal distances give a two-position line of one
    /// repeated point (RFC 7946 allows it). Returns `nil` for the empty line, for a NaN distance and
    /// when `fromDistance` is greater than `toDistance`.
    public func sliced(fromDistance: Double, toDistance: Double) -> LineString? {
        guard let first = coordinates.first, !fromDistance.isNaN, !toDistance.isNaN, fromDistance <= toDistance
        else { return nil }
        var result: [Coordinate] = []
        var walked = 0.0
        for index in coordinates.indices.dropLast() {
            let start = coordinates[index]
            let end = coordinates[index + 1]
            let segment = Geodesic.inverse(from: start, to: end)
            let segmentEnd = walked + segment.distanceMeters
            func position(at distance: Double) -> Coordinate {
                if distance <= walked { return start }
                if distance >= segmentEnd { return end }
                return Geodesic.destination(
                    from: start, bearingDegrees: segment.initialBearingDegrees, distanceMeters: distance - walked
                ).coordinate
            }
            if result.isEmpty {
                // Still looking for the start; a start exactly on `end` is taken from the next segment.
                guard fromDistance < segmentEnd else {
                    walked = segmentEnd
                    continue
                }
                result.append(position(at: fromDistance))
            }
            if toDistance <= segmentEnd {
                result.append(position(at: toDistance))
                return LineString(unchecked: result)
            }
            result.append(end)
            walked = segmentEnd
        }
        // `toDistance` lies at or beyond the end (then the last position is already there), or the
        // whole slice does (then it is the last position twice), or the line has one position.
        let last = coordinates[coordinates.count - 1]
        if result.isEmpty { result.append(coordinates.count == 1 ? first : last) }
        if result.count == 1 { result.append(last) }
        return LineString(unchecked: result)
    }

    /// The position `distance` from the line's start if it lies on segment `index` (whose start is
    /// `walked` metres along), else `nil` with `walked` advanced past the segment.
    private func point(onSegment index: Int, atDistance distance: Double, walked: inout Double) -> Coordinate? {
        let start = coordinates[index]
        let end = coordinates[index + 1]
        let remaining = distance - walked
        if remaining <= 0 { return start }
        let segment = Geodesic.inverse(from: start, to: end)
        guard remaining < segment.distanceMeters else {
            walked += segment.distanceMeters
            return nil
        }
        return Geodesic.destination(
            from: start, bearingDegrees: segment.initialBearingDegrees, distanceMeters: remaining
        ).coordinate
    }
}
