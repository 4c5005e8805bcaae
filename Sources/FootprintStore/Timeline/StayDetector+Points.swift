import FootprintGeo

/// The points a ``StayDetector`` scans: parallel arrays in track, segment and sequence order, as
/// the noise filter left them (points it set aside are not given).
public struct StayPoints: Hashable, Sendable {
    /// UTC seconds since 1970.
    public var epochs: [Double]
    /// Degrees.
    public var latitudes: [Double]
    /// Degrees.
    public var longitudes: [Double]
    /// Indices where a new segment (or track) begins; a run never crosses one. 0 may be omitted;
    /// indices out of range are ignored.
    public var segmentStarts: [Int]

    /// The number of points: the shortest of the three arrays.
    public var count: Int { min(epochs.count, latitudes.count, longitudes.count) }

    public init(epochs: [Double], latitudes: [Double], longitudes: [Double], segmentStarts: [Int] = []) {
        self.epochs = epochs
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.segmentStarts = segmentStarts.sorted()
    }

    /// True when times never decrease within `range`.
    func timesAdvance(in range: Range<Int>) -> Bool {
        var index = range.lowerBound + 1
        while index < range.upperBound {
            if !(epochs[index] >= epochs[index - 1]) { return false }
            index += 1
        }
        return true
    }

    /// The stay made of the points in `range`: times of its first and last points, its centre the
    /// mean position (longitudes averaged as offsets from the first point, so a stay on the
    /// antimeridian is not centred on the other side of the Earth).
    func stay(_ range: Range<Int>) -> Stay {
        let anchorLongitude = longitudes[range.lowerBound]
        var latitudeSum = 0.0
        var longitudeOffsetSum = 0.0
        for index in range {
            latitudeSum += latitudes[index]
            var offset = longitudes[index] - anchorLongitude
            if offset > 180 { offset -= 360 } else if offset < -180 { offset += 360 }
            longitudeOffsetSum += offset
        }
        let count = Double(range.count)
        var longitude = anchorLongitude + longitudeOffsetSum / count
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Stay(
            points: range, arrivalEpoch: epochs[range.lowerBound], departureEpoch: epochs[range.upperBound - 1],
            center: Coordinate(uncheckedLatitude: latitudeSum / count, longitude: longitude))
    }
}

/// A place where someone stayed: a run of points found by ``StayDetector``.
public struct Stay: Hashable, Sendable {
    /// The indices of the stay's points in the detector's input.
    public var points: Range<Int>
    /// The first point's time, UTC seconds since 1970.
    public var arrivalEpoch: Double
    /// The last point's time, UTC seconds since 1970.
    public var departureEpoch: Double
    /// The mean position of the stay's points.
    public var center: Coordinate

    public init(points: Range<Int>, arrivalEpoch: Double, departureEpoch: Double, center: Coordinate) {
        self.points = points
        self.arrivalEpoch = arrivalEpoch
        self.departureEpoch = departureEpoch
        self.center = center
    }

    /// Seconds from arrival to departure.
    public var durationSeconds: Double { departureEpoch - arrivalEpoch }
}
