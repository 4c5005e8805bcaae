/// The cut margins: how much further out than a zone a route is cut at one crossing.
///
/// Each margin comes from a generator seeded by the zone and by the crossing, so the cut points
/// of a day do not trace the zone's outline (as a constant ring would), yet the same data gives
/// the same export on every run and every machine. Swift's `Hasher` is not used: it is seeded
/// anew in every process.
extension PrivacyZone {
    /// The side of a crossing a margin is drawn for.
    enum CrossingSide: UInt8 {
        /// Where the route enters the zone; anchored on the last point before it.
        case entry = 1
        /// Where the route leaves the zone; anchored on the first point after it.
        case exit = 2
    }

    /// The smallest margin, 30 m: larger than consumer GPS noise, so the cut never lands on the edge.
    public static let minimumCutMarginMeters = 30.0

    /// The largest margin of this zone: half its radius (for a polygon, half the radius of the
    /// circle of the same area), and never less than ``minimumCutMarginMeters``.
    public var maximumCutMarginMeters: Double {
        max(Self.minimumCutMarginMeters, equivalentRadiusMeters / 2)
    }

    /// The margin in metres for the crossing anchored on `anchor`, uniform in
    /// ``minimumCutMarginMeters``…``maximumCutMarginMeters`` (a single value when the zone's radius
    /// is 60 m or less).
    ///
    /// The seed is the zone's digest, the side, and the anchor rounded to 1e-7° (about 1 cm), so
    /// a point read back from a store at 7 decimals gives the same margin.
    func cutMarginMeters(anchor: Coordinate, side: CrossingSide) -> Double {
        var hash = FNV1a(seed)
        hash.append(UInt64(side.rawValue))
        hash.append(UInt64(bitPattern: Int64((anchor.latitude * 1e7).rounded())))
        hash.append(UInt64(bitPattern: Int64((anchor.longitude * 1e7).rounded())))
        var generator = SplitMix64Stream(state: hash.value)
        let unit = generator.nextUnit()
        let low = Self.minimumCutMarginMeters
        return low + unit * (maximumCutMarginMeters - low)
    }

    /// The zone's part of every seed: FNV-1a over the shape's kind and the IEEE 754 bits of its
    /// numbers (−0 taken as +0), the same on every platform.
    static func digest(of shape: Shape) -> UInt64 {
        var hash = FNV1a()
        switch shape {
        case .circle(let center, let radiusMeters):
            hash.append(UInt64(1))
            hash.append(center.latitude)
            hash.append(center.longitude)
            hash.append(radiusMeters)
        case .polygon(let polygon):
            hash.append(UInt64(2))
            for ring in polygon.rings {
                hash.append(UInt64(ring.count))
                for vertex in ring {
                    hash.append(vertex.latitude)
                    hash.append(vertex.longitude)
                }
            }
        }
        return hash.value
    }
}

/// FNV-1a, 64-bit (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3), fed
/// 64-bit words as 8 little-endian bytes.
struct FNV1a {
    private(set) var value: UInt64

    /// Starts from the FNV offset basis, or from a previous digest to extend it.
    init(_ start: UInt64 = 0xcbf2_9ce4_8422_2325) {
        value = start
    }

    mutating func append(_ word: UInt64) {
        var word = word
        for _ in 0..<8 {
            value ^= word & 0xff
            value &*= 0x0000_0100_0000_01b3
            word >>= 8
        }
    }

    mutating func append(_ number: Double) {
        append((number + 0).bitPattern)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014; the constants of Java's `SplittableRandom`): a tiny
/// generator whose every output is a strong mix of its seed, enough to turn a digest into a
/// uniform number.
struct SplitMix64Stream: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 from the top 53 bits of the next output.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
