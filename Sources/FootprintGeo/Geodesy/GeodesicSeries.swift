/// The WGS84 ellipsoid and the series of Karney (2013, "Algorithms for geodesics", J. Geodesy 87,
/// eqs. 15–25) truncated at order 6 in ε, the order GeographicLib uses by default for doubles.
///
/// The coefficients are the polynomials printed in the paper (and in GeographicLib's
/// documentation, "Geodesics on an ellipsoid of revolution", series expansions), written out
/// term by term so that no array is built per call. Every `static let` here is a constant
/// expression the optimizer folds.
enum WGS84 {
    /// Equatorial radius, EPSG:7030.
    static let a = 6_378_137.0
    /// Flattening, EPSG:7030.
    static let f = 1 / 298.257_223_563
    /// 1 − f: the ratio of polar to equatorial radius.
    static let f1 = 1 - f
    /// First eccentricity squared, e² = f(2 − f).
    static let e2 = f * (2 - f)
    /// Second eccentricity squared, e′² = e²/(1 − e²).
    static let ep2 = e2 / (f1 * f1)
    /// Third flattening, n = f/(2 − f): the small parameter of the A3 and C3 series.
    static let n = f / (2 - f)
    /// Polar radius.
    static let b = a * f1

    // MARK: Series in ε (Karney 2013, eqs. 15–18, 41–43)

    /// ε = k²/(2(1 + √(1 + k²)) + k²), the expansion parameter of a geodesic whose equator
    /// crossing has k² = e′² cos²α₀ (eq. 16).
    @inline(__always)
    static func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    /// A₁ − 1 (eq. 17): the scale between s/b and the arc length on the auxiliary sphere.
    @inline(__always)
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (e2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ (eq. 18), for the distance integral I₁.
    @inline(__always)
    static func c1(_ eps: Double) -> TrigSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return TrigSeries(
            eps * ((6 - e2) * e2 - 16) / 32,
            e2 * ((64 - 9 * e2) * e2 - 128) / 2048,
            e3 * (9 * e2 - 16) / 768,
            e4 * (3 * e2 - 5) / 512,
            -7 * e4 * eps / 1280,
            -7 * e3 * e3 / 2048)
    }

    /// C′₁ₗ (eq. 21), the reversion of the C₁ series: σ from τ in the direct problem.
    @inline(__always)
    static func c1Prime(_ eps: Double) -> TrigSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return TrigSeries(
            eps * (e2 * (205 * e2 - 432) + 768) / 1536,
            e2 * (e2 * (4005 * e2 - 4736) + 3840) / 12288,
            e3 * (116 - 225 * e2) / 384,
            e4 * (2695 - 7173 * e2) / 7680,
            3467 * e4 * eps / 7680,
            38081 * e3 * e3 / 61440)
    }

    /// A₂ − 1 (eq. 42), for the reduced length.
    @inline(__always)
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (-11 * e2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ (eq. 43), for the reduced-length integral I₂.
    @inline(__always)
    static func c2(_ eps: Double) -> TrigSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return TrigSeries(
            eps * (e2 * (e2 + 2) + 16) / 32,
            e2 * (e2 * (35 * e2 + 64) + 384) / 2048,
            e3 * (15 * e2 + 80) / 768,
            e4 * (7 * e2 + 35) / 512,
            63 * e4 * eps / 1280,
            77 * e3 * e3 / 2048)
    }

    // MARK: Series in ε with coefficients in n (eqs. 24–25), evaluated once for WGS84

    private static let a3x1 = -(1 - n) / 2
    private static let a3x2 = (3 * n * n - n - 2) / 8
    private static let a3x3 = (-n * n - 3 * n - 1) / 16
    private static let a3x4 = (-2 * n - 3) / 64
    private static let a3x5 = -3.0 / 128

    /// A₃ (eq. 24): the scale of the longitude integral I₃.
    @inline(__always)
    static func a3(_ eps: Double) -> Double {
        1 + eps * (a3x1 + eps * (a3x2 + eps * (a3x3 + eps * (a3x4 + eps * a3x5))))
    }

    private static let c3x11 = (1 - n) / 4
    private static let c3x12 = (1 - n * n) / 8
    private static let c3x13 = (3 + 3 * n - n * n) / 64
    private static let c3x14 = (5 + 2 * n) / 128
    private static let c3x15 = 3.0 / 128
    private static let c3x22 = (2 - 3 * n + n * n) / 32
    private static let c3x23 = (3 - 2 * n - 3 * n * n) / 64
    private static let c3x24 = (3 + n) / 128
    private static let c3x25 = 5.0 / 256
    private static let c3x33 = (5 - 9 * n + 5 * n * n) / 192
    private static let c3x34 = (9 - 10 * n) / 384
    private static let c3x35 = 7.0 / 512
    private static let c3x44 = (7 - 14 * n) / 512
    private static let c3x45 = 7.0 / 512
    private static let c3x55 = 21.0 / 2560

    /// C₃ₗ (eq. 25), for the longitude integral I₃; the series stops at l = 5.
    @inline(__always)
    static func c3(_ eps: Double) -> TrigSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return TrigSeries(
            eps * (c3x11 + eps * (c3x12 + eps * (c3x13 + eps * (c3x14 + eps * c3x15)))),
            e2 * (c3x22 + eps * (c3x23 + eps * (c3x24 + eps * c3x25))),
            e3 * (c3x33 + eps * (c3x34 + eps * c3x35)),
            e4 * (c3x44 + eps * c3x45),
            e4 * eps * c3x55,
            0)
    }
}

/// Six coefficients c₁…c₆ of a Fourier sine series Σ cₗ sin 2lσ.
struct TrigSeries {
    var c1, c2, c3, c4, c5, c6: Double

    @inline(__always)
    init(_ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double, _ c6: Double) {
        (self.c1, self.c2, self.c3, self.c4, self.c5, self.c6) = (c1, c2, c3, c4, c5, c6)
    }

    /// Σ cₗ sin 2lσ given sin σ and cos σ, by Clenshaw summation (Karney 2013, eq. 59): one cosine
    /// and one sine for the whole sum instead of one of each per term.
    @inline(__always)
    func sum(sin s: Double, cos c: Double) -> Double {
        let twoCos2 = 2 * (c - s) * (c + s)  // 2 cos 2σ
        let b6 = c6
        let b5 = c5 + twoCos2 * b6
        let b4 = c4 + twoCos2 * b5 - b6
        let b3 = c3 + twoCos2 * b4 - b5
        let b2 = c2 + twoCos2 * b3 - b4
        let b1 = c1 + twoCos2 * b2 - b3
        return 2 * s * c * b1  // sin 2σ · b₁
    }
}
