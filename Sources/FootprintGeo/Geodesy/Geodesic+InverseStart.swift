import Foundation

/// The starting azimuth of the inverse problem (Karney 2013, §5): the great-circle azimuth on
/// the auxiliary sphere, or, for nearly antipodal points where that guess is poor, the solution
/// of the astroid equation (eq. 55). For very short lines the spherical answer is final.
extension Geodesic {
    struct InverseStart {
        /// The arc length on the auxiliary sphere when the line is short enough to be solved here;
        /// −1 when Newton's method must follow.
        var sig12: Double
        var salp1, calp1: Double
        /// Only set when `sig12 >= 0`.
        var salp2, calp2, dnm: Double
    }

    /// Beyond this arc length σ₁₂ a line is not "very short" (its auxiliary-sphere solution, with
    /// the mid-latitude scale, would err by more than ε/100): √ε/10 over √(max(0.001, f)(1 − f/2)/2).
    static let veryShortArc =
        0.1 * tol2 / (max(0.001, abs(WGS84.f)) * min(1, 1 - WGS84.f / 2) / 2).squareRoot()

    /// Where the astroid takes over from the spherical start: the strip near the cut at y = 0.
    private static let tol1 = 200 * tol0
    private static let xThreshold = 1000 * tol2

    @inline(__always)
    static func inverseStart(
        sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> InverseStart {
        var result = InverseStart(sig12: -1, salp1: 0, calp1: 0, salp2: .nan, calp2: .nan, dnm: .nan)
        // β₁₂ = β₂ − β₁ in [0, π) and β₁ + β₂ in (−π, 0].
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortLine {
            // Scale the longitude difference by the ellipsoid at the mid latitude.
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            result.dnm = (1 + WGS84.ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (WGS84.f1 * result.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortLine && ssig12 < veryShortArc {
            let salp2 = cbet1 * somg12
            let calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (result.salp2, result.calp2) = DegreeMath.normalizedPair(salp2, calp2)
            result.sig12 = atan2(ssig12, csig12)
        } else if csig12 >= 0 || ssig12 >= 6 * abs(WGS84.n) * .pi * cbet1 * cbet1 {
            // Not nearly antipodal: the spherical estimate is good enough to start from.
        } else {
            // Nearly antipodal. Scale to coordinates where the antipode is the origin and the
            // singular point is (−1, 0): x along longitude, y along latitude (f > 0).
            let lam12x = atan2(-slam12, -clam12)  // λ₁₂ − π
            let k2 = sbet1 * sbet1 * WGS84.ep2
            let eps = WGS84.epsilon(k2: k2)
            let lamScale = WGS84.f * cbet1 * WGS84.a3(eps) * .pi
            let betScale = lamScale * cbet1
            let x = lam12x / lamScale
            let y = sbet12a / betScale
            if y > -tol1 && x > -1 - xThreshold {
                // In the strip near the cut the astroid degenerates; its limit is this.
                salp1 = min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                // Estimate ω₁₂ from the astroid, then α₁ from the spherical formula with it:
                // GeographicLib found this saves Newton steps over taking α₁ directly.
                let k = astroid(x, y)
                let omg12a = lamScale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        // Written so that NaN passes through.
        if !(salp1 <= 0) {
            (result.salp1, result.calp1) = DegreeMath.normalizedPair(salp1, calp1)
        } else {
            result.salp1 = 1
            result.calp1 = 0
        }
        return result
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney 2013, eq. 55),
    /// by the closed form used for the geocentric-to-geodetic conversion, arranged against
    /// cancellation.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else {
            // y = 0 with |x| ≤ 1.
            return 0
        }
        // Multiplying by r³ and r avoids dividing by r = 0.
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        // Zero on the evolute p^(1/3) + q^(1/3) = 1.
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // The sign that maximizes |T³| avoids cancellation; u does not depend on the choice.
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            // T is complex but u is real: take the cube root that avoids cancellation.
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}
