import Foundation

/// The direct problem on WGS84: Karney (2013, "Algorithms for geodesics", §3), the method of
/// GeographicLib's `GeodesicLine::Position` for a distance (not an arc length), order 6.
///
/// From the start's reduced latitude and azimuth: the equator crossing (α₀, σ₁), the distance
/// turned into an arc on the auxiliary sphere through the reverted series C′₁ (eq. 20, no
/// iteration needed for |f| ≤ 0.01), then latitude, longitude (eq. 8) and azimuth at the end.
extension Geodesic {
    struct DirectSolution {
        var latitude, longitude: Double
        /// GeographicLib's azimuth convention, −180…180.
        var azimuth: Double
    }

    @inline(__always)
    static func solveDirect(lat1: Double, lon1: Double, azi1: Double, s12: Double) -> DirectSolution {
        let (salp1, calp1) = DegreeMath.sinCos(DegreeMath.rounded(azi1))
        var (sbet1, cbet1) = DegreeMath.sinCos(DegreeMath.rounded(DegreeMath.checkedLatitude(lat1)))
        (sbet1, cbet1) = DegreeMath.preciselyNormalizedPair(sbet1 * WGS84.f1, cbet1)
        cbet1 = max(tiny, cbet1)

        // sin α₀ = sin α₁ cos β₁; this form of cos α₀ is the better one when sin α₁ = 0.
        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + salp1 * sbet1 * salp1 * sbet1).squareRoot()
        // σ₁ from tan β₁ = tan σ₁ cos α₁, ω₁ from tan ω₁ = sin α₀ tan σ₁; at a pole cos β₁ is tiny
        // but not zero, so neither is 0/0.
        let somg1 = salp0 * sbet1
        let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let (ssig1, csig1) = DegreeMath.normalizedPair(sbet1, comg1)

        let k2 = calp0 * calp0 * WGS84.ep2
        let eps = WGS84.epsilon(k2: k2)
        let a1m1 = WGS84.a1Minus1(eps)
        let c1 = WGS84.c1(eps)
        let b11 = c1.sum(sin: ssig1, cos: csig1)
        // τ₁ = σ₁ + B₁₁: the start measured in the distance's own angle.
        let sb11 = sin(b11)
        let cb11 = cos(b11)
        let stau1 = ssig1 * cb11 + csig1 * sb11
        let ctau1 = csig1 * cb11 - ssig1 * sb11

        // σ₁₂ from τ₁₂ = s₁₂/(b A₁) through the reverted series (eq. 20).
        var tau12 = s12 / (WGS84.b * (1 + a1m1))
        if !tau12.isFinite { tau12 = .nan }
        let stau12 = sin(tau12)
        let ctau12 = cos(tau12)
        let c1p = WGS84.c1Prime(eps)
        let b12 = -c1p.sum(sin: stau1 * ctau12 + ctau1 * stau12, cos: ctau1 * ctau12 - stau1 * stau12)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12)
        let csig12 = cos(sig12)

        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = (salp0 * salp0 + calp0 * csig2 * calp0 * csig2).squareRoot()
        if cbet2 == 0 {
            // At a pole: keep the azimuth defined.
            cbet2 = tiny
            csig2 = tiny
        }
        let salp2 = salp0
        let calp2 = calp0 * csig2

        // λ₁₂ = ω₁₂ + A₃c (σ₁₂ + B₃₂ − B₃₁) (eqs. 8, 23), ω₁₂ reduced to (−π, π].
        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let c3 = WGS84.c3(eps)
        let a3c = -WGS84.f * salp0 * WGS84.a3(eps)
        let lam12 = omg12 + a3c * (sig12 + (c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)))
        let lon12 = lam12 / DegreeMath.radiansPerDegree
        let lon2 = DegreeMath.normalized(DegreeMath.normalized(lon1) + DegreeMath.normalized(lon12))

        return DirectSolution(
            latitude: DegreeMath.atan2Degrees(sbet2, WGS84.f1 * cbet2),
            longitude: lon2,
            azimuth: DegreeMath.atan2Degrees(salp2, calp2))
    }
}
