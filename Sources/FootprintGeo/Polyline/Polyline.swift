/// Google's Encoded Polyline Algorithm Format: a line as one printable ASCII string.
///
/// Each position is written as its latitude then its longitude, each multiplied by 10^precision
/// and rounded half away from zero, the first position as it is and every later one as the
/// difference from the previous ROUNDED value (so rounding errors never accumulate). Each signed
/// difference is zig-zag folded (`v << 1`, inverted when negative) and written in 5-bit chunks,
/// least significant first, each chunk + 63, with 0x20 set on every chunk but the last.
///
/// This matches Google's published algorithm and test vector, PostGIS `ST_AsEncodedPolyline` /
/// `ST_LineFromEncodedPolyline` (C `round`, deltas between rounded values) and the Python
/// `polyline` package 2.0.4 used by the peer benchmarks, byte for byte. The one value on which
/// that package differs from PostGIS and from us: a scaled value of exactly ±0.49999999999999994,
/// which it rounds to ±1 (`floor(x + 0.5)` rounds the sum up) and C `round` rounds to 0.
///
/// Precision 5 is Google's (about 1.1 m), precision 6 OSRM's and Valhalla's (about 0.11 m).
/// The empty line is the empty string, and a line of one position is a string of two values.
public enum Polyline {
    /// The precisions accepted: 0 (whole degrees) to 10 decimals. Beyond 10 decimals a double
    /// degree no longer carries the digits, and 64-bit deltas would be needed anyway.
    public static let precisions: ClosedRange<Int> = 0...10

    /// The encoded form of `coordinates` at `precision` decimals (default 5, Google's).
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a precision outside
    /// ``precisions``, and the error of ``Coordinate/init(latitude:longitude:)`` for a position that
    /// is not finite or out of range (only possible through ``Coordinate/init(uncheckedLatitude:longitude:)``).
    public static func encode(_ coordinates: [Coordinate], precision: Int = 5) throws(FootprintGeoError) -> String {
        let scale = try scale(for: precision)
        return try coordinates.withUnsafeBufferPointer { (points) throws(FootprintGeoError) -> String in
            // Pass 1 rounds every value and counts the bytes, so pass 2 writes straight into a
            // string of the exact size: one allocation for the whole line.
            var length = 0
            var previousLatitude: Int64 = 0
            var previousLongitude: Int64 = 0
            for point in points {
                // Checked here because an unchecked coordinate of 1e300 would overflow Int64.
                if !(abs(point.latitude) <= 90 && abs(point.longitude) <= 180) {
                    _ = try Coordinate(latitude: point.latitude, longitude: point.longitude)
                }
                let latitude = scaled(point.latitude, by: scale)
                let longitude = scaled(point.longitude, by: scale)
                length &+= encodedLength(latitude &- previousLatitude) &+ encodedLength(longitude &- previousLongitude)
                previousLatitude = latitude
                previousLongitude = longitude
            }
            return String(unsafeUninitializedCapacity: length) { bytes in
                var cursor = 0
                var previousLatitude: Int64 = 0
                var previousLongitude: Int64 = 0
                for point in points {
                    let latitude = scaled(point.latitude, by: scale)
                    let longitude = scaled(point.longitude, by: scale)
                    write(latitude &- previousLatitude, into: bytes, at: &cursor)
                    write(longitude &- previousLongitude, into: bytes, at: &cursor)
                    previousLatitude = latitude
                    previousLongitude = longitude
                }
                return cursor
            }
        }
    }

    /// 10^precision as a double (exact for every accepted precision).
    static func scale(for precision: Int) throws(FootprintGeoError) -> Double {
        guard precisions.contains(precision) else {
            throw .invalidArgument(
                name: "polyline precision", value: "\(precision)",
                reason:
                    "it must be a whole number of decimals from \(precisions.lowerBound) to \(precisions.upperBound)")
        }
        var scale = 1.0
        for _ in 0..<precision { scale *= 10 }
        return scale
    }

    /// `degrees × scale` rounded half away from zero, as C `round` does in PostGIS.
    @inline(__always)
    static func scaled(_ degrees: Double, by scale: Double) -> Int64 {
        Int64((degrees * scale).rounded(.toNearestOrAwayFromZero))
    }

    /// The zig-zag fold of a signed delta: 0, -1, 1, -2 … → 0, 1, 2, 3 …
    @inline(__always)
    static func folded(_ delta: Int64) -> UInt64 {
        UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
    }

    /// How many 5-bit chunks (bytes) the delta takes.
    @inline(__always)
    static func encodedLength(_ delta: Int64) -> Int {
        let bits = 64 - folded(delta).leadingZeroBitCount
        return bits <= 5 ? 1 : (bits + 4) / 5
    }

    @inline(__always)
    static func write(_ delta: Int64, into bytes: UnsafeMutableBufferPointer<UInt8>, at cursor: inout Int) {
        var value = folded(delta)
        while value >= 0x20 {
            bytes[cursor] = UInt8(truncatingIfNeeded: (0x20 | (value & 0x1F)) + 63)
            cursor &+= 1
            value >>= 5
        }
        bytes[cursor] = UInt8(truncatingIfNeeded: value + 63)
        cursor &+= 1
    }
}
