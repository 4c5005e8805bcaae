import Foundation

/// The inverse problem on WGS84: Karney (2013, "Algorithms for geodesics", §4–5), the method of
/// GeographicLib's `Geodesic::Inverse`, written for one fixed ellipsoid and order 6.
///
/// Outline: bring the two points to a canonical position (point 1 the one nearer a pole, in the
/// southern hemisphere, with a non-negative longitude difference); settle the meridional and
/// equatorial geodesics directly; otherwise take a starting azimuth from the auxiliary sphere
/// (or from the astroid of eq. 55 for nearly antipodal points) and solve λ₁₂(α₁) = λ₁₂ by
/// Newton's method with a bracketing fallback. Results agree with GeographicLib to round-off.
extension Geodesic {
    /// The distance and the azimuths (as sine/cosine pairs, not normalized) between two points.
    struct InverseSolution {
        var distance: Double
        var salp1, calp1, salp2, calp2: Double
    }

    /// Machine epsilon: the Newton iteration stops when λ₁₂ is this close.
    static let tol0 = Double.ulpOfOne
    /// √ε, the angular threshold below which a meridional arc counts as short.
    static let tol2 = 0x1p-26
    /// √(smallest normal double): keeps cos β away from zero at the poles.
    static let tiny = 0x1p-511
    /// Newton steps before falling back to pure bisection.
    static let maxNewtonIterations = 20
    /// All iterations: Newton, then bisection down to the last bit.
    static let maxIterations = maxNewtonIterations + Double.significandBitCount + 1 + 10

    /// Solves the inverse problem for latitudes and longitudes in degrees.
    @inline(__always)
    static func solveInverse(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> InverseSolution {
        // The longitude difference, exact, made non-negative (lonSign records the flip).
        var (lon12, lon12s) = DegreeMath.difference(from: lon1, to: lon2)
        var lonSign = Double(signOf: lon12, magnitudeOf: 1)
        lon12 *= lonSign
        lon12s *= lonSign
        let lam12 = lon12 * DegreeMath.radiansPerDegree
        let (slam12, clam12) = DegreeMath.sinCos(lon12, plus: lon12s)
        // The supplement 180° − lon12, exact: decides whether a path along the equator is shortest.
        lon12s = (180 - lon12) - lon12s

        var lat1 = DegreeMath.rounded(DegreeMath.checkedLatitude(lat1))
        var lat2 = DegreeMath.rounded(DegreeMath.checkedLatitude(lat2))
        // Point 1 is the one with the larger |latitude|; a NaN latitude becomes point 1.
        let swapSign: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
        if swapSign < 0 {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        // Point 1 in the southern hemisphere: lat1 ≤ 0 and lat1 ≤ lat2 ≤ −lat1.
        let latSign = Double(signOf: -lat1, magnitudeOf: 1)
        lat1 *= latSign
        lat2 *= latSign

        // Reduced latitudes β (tan β = (1 − f) tan φ), as sine and cosine.
        var (sbet1, cbet1) = DegreeMath.sinCos(lat1)
        (sbet1, cbet1) = DegreeMath.preciselyNormalizedPair(sbet1 * WGS84.f1, cbet1)
        cbet1 = max(tiny, cbet1)
        var (sbet2, cbet2) = DegreeMath.sinCos(lat2)
        (sbet2, cbet2) = DegreeMath.preciselyNormalizedPair(sbet2 * WGS84.f1, cbet2)
        cbet2 = max(tiny, cbet2)
        // When |β₂| = |β₁| to rounding, make it exact: λ₁₂'s symmetric cases rely on it.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + WGS84.ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + WGS84.ep2 * sbet2 * sbet2).squareRoot()

        var s12x = 0.0
        var salp1 = 0.0
        var calp1 = 0.0
        var salp2 = 0.0
        var calp2 = 0.0
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Both points on one meridian (or point 1 at a pole): head for the other longitude.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            var sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            // Along a meridian α₀ = 0, so k² = e′² and ε = n exactly.
            var (s12b, m12b) = lengths(
                eps: WGS84.n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2)
            if sig12 < tol2 || m12b >= 0 {
                if sig12 < 3 * tiny || (sig12 < tol0 && (s12b < 0 || m12b < 0)) {
                    // Coincident or nearly so: no negative zero-length distances.
                    sig12 = 0
                    s12b = 0
                    m12b = 0
                }
                s12x = s12b * WGS84.b
            } else {
                // m₁₂ < 0: past the conjugate point, the meridian is not the shortest path.
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && lon12s >= WGS84.f * 180 {
            // Both on the equator and not so far apart that the path over a pole is shorter.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = WGS84.a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1
            calp1 = start.calp1
            if start.sig12 >= 0 {
                // Very short line: the auxiliary-sphere answer is already exact to round-off.
                s12x = start.sig12 * WGS84.b * start.dnm
                salp2 = start.salp2
                calp2 = start.calp2
            } else {
                let solution = newton(
                    sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                    salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                (salp1, calp1, salp2, calp2) = (solution.salp1, solution.calp1, solution.salp2, solution.calp2)
                s12x = solution.distance
            }
        }

        // Undo the canonical transformation.
        if swapSign < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapSign * lonSign
        calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign
        calp2 *= swapSign * latSign
        return InverseSolution(distance: 0 + s12x, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }

    /// Newton's method on λ₁₂(α₁) − λ₁₂ = 0, which has one root in (0, π) with a positive slope;
    /// a bracket of the root shrinks at every evaluation and takes over when a Newton step leaves
    /// it (never for WGS84 in GeographicLib's tests, but it makes the loop safe).
    @inline(__always)
    static func newton(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1: Double, slam12: Double, clam12: Double
    ) -> InverseSolution {
        var salp1 = salp1
        var calp1 = calp1
        var salp1a = tiny
        var calp1a = 1.0
        var salp1b = tiny
        var calp1b = -1.0
        var tripNewton = false
        var tripBisection = false
        var iteration = 0
        var lambda: Lambda12
        while true {
            lambda = lambda12(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                withDerivative: iteration < maxNewtonIterations)
            let v = lambda.lam12Error
            // Written so that a NaN stops the loop.
            if tripBisection || !(abs(v) >= (tripNewton ? 8 : 1) * tol0) || iteration == maxIterations { break }
            if v > 0 && (iteration > maxNewtonIterations || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1
                calp1b = calp1
            } else if v < 0 && (iteration > maxNewtonIterations || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1
                calp1a = calp1
            }
            iteration += 1
            if iteration < maxNewtonIterations && lambda.derivative > 0 {
                let dalp1 = -v / lambda.derivative
                if abs(dalp1) < .pi {
                    let sdalp1 = sin(dalp1)
                    let cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        salp1 = nsalp1
                        (salp1, calp1) = DegreeMath.normalizedPair(salp1, calp1)
                        // Near the root the slope may vanish: then converge on ε, not √ε.
                        tripNewton = abs(v) <= 16 * tol0
                        continue
                    }
                }
            }
            // The Newton step was unusable: bisect the bracket.
            salp1 = (salp1a + salp1b) / 2
            calp1 = (calp1a + calp1b) / 2
            (salp1, calp1) = DegreeMath.normalizedPair(salp1, calp1)
            tripNewton = false
            tripBisection =
                abs(salp1a - salp1) + (calp1a - calp1) < tol0
                || abs(salp1 - salp1b) + (calp1 - calp1b) < tol0
        }
        // The last evaluation computed the distance with the derivative unless it ran past the
        // Newton steps; then compute it now.
        var s12b = lambda.distance
        if s12b.isNaN {
            s12b = distanceOnly(
                eps: lambda.eps, sig12: lambda.sig12, ssig1: lambda.ssig1, csig1: lambda.csig1,
                ssig2: lambda.ssig2, csig2: lambda.csig2)
        }
        return InverseSolution(
            distance: s12b * WGS84.b, salp1: salp1, calp1: calp1, salp2: lambda.salp2, calp2: lambda.calp2)
    }

    /// s₁₂/b and m₁₂/b between σ₁ and σ₂ on a geodesic with parameter ε (Karney 2013, eqs. 7,
    /// 38–40): the distance and the reduced length, both divided by the polar radius.
    @inline(__always)
    static func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double
    ) -> (distance: Double, reducedLength: Double) {
        let a1m1 = WGS84.a1Minus1(eps)
        let a2m1 = WGS84.a2Minus1(eps)
        let c1 = WGS84.c1(eps)
        let c2 = WGS84.c2(eps)
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
        let b2 = c2.sum(sin: ssig2, cos: csig2) - c2.sum(sin: ssig1, cos: csig1)
        let j12 = (a1m1 - a2m1) * sig12 + (a1 * b1 - a2 * b2)
        // The parentheses keep the cancellation exact for coincident points.
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (a1 * (sig12 + b1), m12b)
    }

    /// s₁₂/b alone (eq. 7 with I₁ of eq. 15).
    @inline(__always)
    static func distanceOnly(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
    ) -> Double {
        let c1 = WGS84.c1(eps)
        let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
        return (1 + WGS84.a1Minus1(eps)) * (sig12 + b1)
    }
}
