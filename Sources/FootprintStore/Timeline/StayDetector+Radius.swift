import FootprintGeo
import Foundation

/// One segment's points as a scan reads them: the arrays as buffers (no bounds checks or
/// reference counting in the loop) and the segment's bound for ruling points out cheaply.
struct StayScan {
    let points: StayPoints
    let epochs: UnsafeBufferPointer<Double>
    let latitudes: UnsafeBufferPointer<Double>
    let longitudes: UnsafeBufferPointer<Double>
    let range: Range<Int>
    let radiusMeters: Double
    /// Metres a degree of longitude is at least worth between two points of the segment less than
    /// ``maximumLongitudeDifference`` apart (0 when the segment reaches a pole).
    let longitudeDegreeFloor: Double

    /// Beyond 0.1 rad of longitude the sine bound below is not used.
    static let maximumLongitudeDifference = 5.7
    // WGS84, EPSG:7030: the equatorial radius, and the meridional radius's minimum a(1 − e²) (at
    // the equator) in metres a degree, rounded down.
    static let equatorialRadius = 6_378_137.0
    static let meridionalDegreeFloor = 110_574.0

    init(
        points: StayPoints, epochs: UnsafeBufferPointer<Double>, latitudes: UnsafeBufferPointer<Double>,
        longitudes: UnsafeBufferPointer<Double>, range: Range<Int>, radiusMeters: Double
    ) {
        self.points = points
        self.epochs = epochs
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.range = range
        self.radiusMeters = radiusMeters
        var highest = 0.0
        for index in range { highest = max(highest, abs(latitudes[index])) }
        // Two points at longitudes Δλ apart, both at latitudes within ±φ, are at least a·cos φ·sin Δλ
        // apart: their distances from the axis are N·cos φ ≥ a·cos φ, and the chord (shorter than
        // the geodesic) is longer than its projection on the equator's plane. sin x ≥ x(1 − x²/6).
        let x = Self.maximumLongitudeDifference * .pi / 180
        longitudeDegreeFloor =
            highest >= 89.9
            ? 0 : Self.equatorialRadius * .pi / 180 * cos((highest + 1e-9) * .pi / 180) * (1 - x * x / 6)
    }

    func radiusTest(anchor: Int) -> RadiusTest {
        RadiusTest(scan: self, anchor: anchor)
    }
}

/// Whether points lie within a radius of an anchor point, by the geodesic.
///
/// Three steps, cheapest first: a point whose latitude or longitude alone puts it beyond the
/// radius (by the bounds of ``StayScan``) is out — every far point of a moving track; then a
/// flat-Earth estimate with a known error (``FlatDistance``) decides all but a band about a
/// centimetre wide around the radius; Karney's geodesic decides that band.
struct RadiusTest {
    let latitudes: UnsafeBufferPointer<Double>
    let longitudes: UnsafeBufferPointer<Double>
    let radiusMeters: Double
    let center: Coordinate
    let flat: FlatDistance?
    /// Estimates closer to the radius than this are decided by the exact geodesic.
    let band: Double
    let longitudeDegreeFloor: Double

    init(scan: StayScan, anchor: Int) {
        latitudes = scan.latitudes
        longitudes = scan.longitudes
        radiusMeters = scan.radiusMeters
        longitudeDegreeFloor = scan.longitudeDegreeFloor
        center = Coordinate(uncheckedLatitude: scan.latitudes[anchor], longitude: scan.longitudes[anchor])
        flat = FlatDistance.isUsable(center: center, radiusMeters: radiusMeters) ? FlatDistance(center: center) : nil
        band = radiusMeters * FlatDistance.relativeError * 2 + 1e-6
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        let latitude = latitudes[index]
        let longitude = longitudes[index]
        let outside = radiusMeters + band
        if abs(latitude - center.latitude) * StayScan.meridionalDegreeFloor > outside { return false }
        var longitudeDifference = abs(longitude - center.longitude)
        if longitudeDifference > 180 { longitudeDifference = 360 - longitudeDifference }
        if longitudeDifference < StayScan.maximumLongitudeDifference,
            longitudeDifference * longitudeDegreeFloor > outside
        {
            return false
        }
        if let flat {
            let estimate = flat.estimate(latitude: latitude, longitude: longitude)
            if estimate < radiusMeters - band { return true }
            if estimate > outside { return false }
        }
        // Near the radius, or where the estimate is not trusted (beyond ±70°, radii over 20 km).
        return Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            <= radiusMeters
    }
}
