import Foundation

/// The "hybrid" problem at the heart of the inverse solution (Karney 2013, §5, eqs. 5–9, 31):
/// leave point 1 at azimuth α₁ and reach the latitude of point 2; how far off in longitude is it,
/// and how fast does that change with α₁ (eq. 46, through the reduced length)?
extension Geodesic {
    struct Lambda12 {
        /// λ₁₂(α₁) minus the wanted longitude difference, radians.
        var lam12Error: Double
        var salp2, calp2: Double
        var sig12, ssig1, csig1, ssig2, csig2: Double
        var eps: Double
        /// dλ₁₂/dα₁; NaN when not asked for.
        var derivative: Double
        /// s₁₂/b, a by-product of the derivative; NaN when not asked for.
        var distance: Double
    }

    @inline(__always)
    static func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1: Double, slam120: Double, clam120: Double, withDerivative: Bool
    ) -> Lambda12 {
        // An equatorial start heading due north or south would be degenerate; that case was
        // settled before the iteration, so nudge it.
        let calp1 = sbet1 == 0 && calp1 == 0 ? -tiny : calp1

        // α₀, the azimuth at the equator crossing: sin α₀ = sin α₁ cos β₁ (eq. 5).
        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + salp1 * sbet1 * salp1 * sbet1).squareRoot()  // > 0

        // tan β₁ = tan σ₁ cos α₁ and tan ω₁ = sin α₀ tan σ₁ (eqs. 10–11).
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = DegreeMath.normalizedPair(sbet1, comg1)

        // α₂ from Clairaut's relation; the branches keep the symmetric cases |β₂| = |β₁| exact.
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? (calp1 * cbet1 * calp1 * cbet1
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = DegreeMath.normalizedPair(sbet2, comg2)

        // σ₁₂ and ω₁₂ in [0, π].
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        // η = ω₁₂ − λ₁₂ (wanted), computed as one angle so that nothing cancels.
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        // λ₁₂ = ω₁₂ − f A₃ sin α₀ (σ₁₂ + B₃₁₂) (eqs. 8, 23).
        let k2 = calp0 * calp0 * WGS84.ep2
        let eps = WGS84.epsilon(k2: k2)
        let c3 = WGS84.c3(eps)
        let b312 = c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)
        let domg12 = -WGS84.f * WGS84.a3(eps) * salp0 * (sig12 + b312)

        var derivative = Double.nan
        var distance = Double.nan
        if withDerivative {
            if calp2 == 0 {
                // Reaching point 2 at a vertex: the limit of eq. 46.
                derivative = -2 * WGS84.f1 * dn1 / sbet1
            } else {
                let (s12b, m12b) = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                    ssig2: ssig2, csig2: csig2, dn2: dn2)
                derivative = m12b * WGS84.f1 / (calp2 * cbet2)
                distance = s12b
            }
        }
        return Lambda12(
            lam12Error: eta + domg12, salp2: salp2, calp2: calp2,
            sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2,
            eps: eps, derivative: derivative, distance: distance)
    }
}
