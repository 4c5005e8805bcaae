import Foundation

/// Angle arithmetic in degrees that is exact where it can be, as Karney (2013, "Algorithms for
/// geodesics", §2 and appendix) asks of a geodesic solver.
///
/// Reducing an angle in degrees before converting it to radians keeps multiples of 90° exact
/// (sin 180° is 0, not 1.2e-16), and the error-free sum keeps a longitude difference exact even
/// across the antimeridian. These are the same operations GeographicLib's `Math` class performs;
/// the geodesic code relies on them to reach its 15 nm accuracy.
enum DegreeMath {
    /// Radians per degree.
    static let radiansPerDegree = Double.pi / 180

    /// `x` with angles smaller than 2⁻⁵⁷ of a quarter turn flushed towards zero, so that tiny
    /// non-zero angles (1e-200) do not create near-singular cases; the gap this leaves near zero
    /// is 1/2⁵⁷ degree, about 0.7 pm on the Earth.
    @inline(__always)
    static func rounded(_ x: Double) -> Double {
        let z = 1.0 / 16.0
        var y = abs(x)
        let w = z - y
        // z - (z - y) is not y in floating point: that is the point.
        if w > 0 { y = z - w }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// `x` reduced to −180…180; an input of −180 (or −540…) stays −180.
    @inline(__always)
    static func normalized(_ x: Double) -> Double {
        let y = remainder360(x)
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// A latitude outside −90…90 becomes NaN, so a bad value cannot pass as a good one.
    @inline(__always)
    static func checkedLatitude(_ x: Double) -> Double {
        abs(x) > 90 ? .nan : x
    }

    /// The sum `u + v` rounded, and the rounding error `t`, so that `u + v == s + t` exactly
    /// (Knuth's TwoSum).
    @inline(__always)
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0 - (up + vpp)
        return (s, t)
    }

    /// `y − x` reduced to −180…180 and the part of it lost to rounding, so that the difference of
    /// two longitudes is exact. A difference of ±180 takes the sign of the unrounded difference.
    @inline(__always)
    static func difference(from x: Double, to y: Double) -> (difference: Double, error: Double) {
        var (d, t) = twoSum(remainder360(-x), remainder360(y))
        (d, t) = twoSum(remainder360(d), t)
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    /// Sine and cosine of `x` degrees, exact at multiples of 90°.
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        // fmod is exact, and so is taking off a multiple of 90: the rounding happens only in
        // sin and cos of an angle within ±45°.
        var r = fmod(x, 360)
        let q = (r / 90).rounded(.toNearestOrEven)
        r -= 90 * q
        return quadrant(Int(q), radians: r * radiansPerDegree, signOf: x)
    }

    /// Sine and cosine of `x + t` degrees for `x` in −180…180 and a small correction `t`
    /// (the error part of ``difference(from:to:)``).
    @inline(__always)
    static func sinCos(_ x: Double, plus t: Double) -> (sin: Double, cos: Double) {
        let q = x.isFinite ? (x / 90).rounded(.toNearestOrEven) : 0
        let r = x - 90 * q
        return quadrant(Int(q), radians: rounded(r + t) * radiansPerDegree, signOf: x)
    }

    /// sin and cos of `q` quarter turns plus `radians`; a zero sine takes the sign of `x` and a zero
    /// cosine is +0 (C99 Annex F.10.1).
    @inline(__always)
    private static func quadrant(_ q: Int, radians r: Double, signOf x: Double) -> (sin: Double, cos: Double) {
        let s = sin(r)
        let c = cos(r)
        var sine: Double
        var cosine: Double
        switch q & 3 {
        case 0: (sine, cosine) = (s, c)
        case 1: (sine, cosine) = (c, -s)
        case 2: (sine, cosine) = (-s, -c)
        default: (sine, cosine) = (-c, s)
        }
        cosine += 0
        if sine == 0 { sine = Double(signOf: x, magnitudeOf: sine) }
        return (sine, cosine)
    }

    /// atan2(y, x) in degrees, in −180…180, exact when the result is a multiple of 90°.
    @inline(__always)
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var q = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            q = 2
        }
        if x < 0 {
            x = -x
            q += 1
        }
        // Here x ≥ |y|, so the angle lies within ±45° and atan2 loses nothing.
        let angle = atan2(y, x) / radiansPerDegree
        switch q {
        case 1: return Double(signOf: y, magnitudeOf: 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// `(x, y)` scaled to unit length.
    @inline(__always)
    static func normalizedPair(_ x: Double, _ y: Double) -> (Double, Double) {
        // The pairs are sines and cosines or close to them, so nothing can overflow, and the plain
        // square root is within an ulp of hypot at a fraction of its cost (hypot took 17 % of an
        // inverse solution). Not fma: without -mfma it is a library call.
        let r = (x * x + y * y).squareRoot()
        return (x / r, y / r)
    }

    /// `(x, y)` scaled to unit length with hypot's correctly rounded length: for the reduced
    /// latitudes, where one ulp decides the azimuth of a sub-millimetre line.
    @inline(__always)
    static func preciselyNormalizedPair(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// `remainder(x, 360)`, skipping the division for the common case of an angle already in
    /// range (remainder leaves ±180 unchanged, and so does this).
    @inline(__always)
    static func remainder360(_ x: Double) -> Double {
        abs(x) <= 180 ? x : remainder(x, 360)
    }

    /// An azimuth of GeographicLib's −180…180 convention as a bearing in 0…360 (exclusive).
    @inline(__always)
    static func bearing(fromAzimuth azimuth: Double) -> Double {
        guard azimuth < 0 else { return azimuth + 0 }
        let bearing = azimuth + 360
        // An azimuth of -1e-17 would round to exactly 360.
        return bearing < 360 ? bearing : 0
    }
}
