/// `numpy.random.default_rng(seed).permutation(n)`, bit for bit, so `geod_inv` measures the
/// same place pairs as the peers' `bench_pylibs.py` (`perm = np.random.default_rng(7).permutation(n)`).
///
/// numpy ≥ 1.17's Generator: SeedSequence(seed) → 4 × 64-bit words → PCG64 (128-bit LCG,
/// XSL-RR output, O'Neill 2014) → Fisher–Yates from the last index down, each draw j in 0…i by
/// masked rejection on 32-bit halves of the outputs (numpy `random_interval`). Constants from
/// numpy/random/bit_generator.pyx and numpy/random/src/pcg64/pcg64.h.
enum NumpyPermutation {
    static func permutation(count: Int, seed: UInt32) -> [Int] {
        var generator = PCG64(seedSequenceEntropy: seed)
        var values = Array(0..<count)
        var index = count - 1
        while index >= 1 {
            let other = Int(generator.interval(UInt64(index)))
            values.swapAt(index, other)
            index -= 1
        }
        return values
    }
}

/// numpy's PCG64 bit generator with its buffered 32-bit draws.
struct PCG64 {
    private var stateHigh: UInt64 = 0
    private var stateLow: UInt64 = 0
    private var incrementHigh: UInt64 = 0
    private var incrementLow: UInt64 = 0
    private var bufferedHalf: UInt32?

    /// PCG_DEFAULT_MULTIPLIER_128.
    private static let multiplierHigh: UInt64 = 2_549_297_995_355_413_924
    private static let multiplierLow: UInt64 = 4_865_540_595_714_422_341

    init(seedSequenceEntropy entropy: UInt32) {
        let words = SeedSequence(entropy: entropy).state64(count: 4)
        // pcg64_set_seed: state = (w0 << 64) | w1, sequence = (w2 << 64) | w3; srandom_r.
        incrementHigh = (words[2] << 1) | (words[3] >> 63)
        incrementLow = (words[3] << 1) | 1
        step()
        let (low, carry) = stateLow.addingReportingOverflow(words[1])
        stateLow = low
        stateHigh = stateHigh &+ words[0] &+ (carry ? 1 : 0)
        step()
    }

    private mutating func step() {
        // state = state × multiplier + increment (mod 2^128).
        let (productHigh, productLow) = stateLow.multipliedFullWidth(by: Self.multiplierLow)
        var high = productHigh &+ stateLow &* Self.multiplierHigh &+ stateHigh &* Self.multiplierLow
        let (low, carry) = productLow.addingReportingOverflow(incrementLow)
        high = high &+ incrementHigh &+ (carry ? 1 : 0)
        stateHigh = high
        stateLow = low
    }

    mutating func next64() -> UInt64 {
        step()
        let rotation = stateHigh >> 58
        let xored = stateHigh ^ stateLow
        return (xored >> rotation) | (xored << ((64 - rotation) & 63))
    }

    mutating func next32() -> UInt32 {
        if let half = bufferedHalf {
            bufferedHalf = nil
            return half
        }
        let next = next64()
        bufferedHalf = UInt32(truncatingIfNeeded: next >> 32)
        return UInt32(truncatingIfNeeded: next)
    }

    /// numpy `random_interval(max)`: uniform in 0…max by masked rejection.
    mutating func interval(_ max: UInt64) -> UInt64 {
        guard max > 0 else { return 0 }
        var mask = max
        for shift: UInt64 in [1, 2, 4, 8, 16, 32] { mask |= mask >> shift }
        if max <= 0xFFFF_FFFF {
            while true {
                let value = UInt64(next32()) & mask
                if value <= max { return value }
            }
        }
        while true {
            let value = next64() & mask
            if value <= max { return value }
        }
    }
}

/// numpy's SeedSequence for a single 32-bit entropy word and the default pool of 4 words.
struct SeedSequence {
    private var pool: [UInt32]

    init(entropy: UInt32) {
        var hashConstant: UInt32 = 0x43B0_D7E5  // INIT_A
        func hashMix(_ value: UInt32) -> UInt32 {
            var value = value ^ hashConstant
            hashConstant = hashConstant &* 0x931E_8875  // MULT_A
            value = value &* hashConstant
            return value ^ (value >> 16)
        }
        func mix(_ x: UInt32, _ y: UInt32) -> UInt32 {
            let result = 0xCA01_F9DD &* x &- 0x4973_F715 &* y  // MIX_MULT_L, MIX_MULT_R
            return result ^ (result >> 16)
        }
        pool = (0..<4).map { _ in 0 }
        for index in 0..<4 { pool[index] = hashMix(index == 0 ? entropy : 0) }
        for source in 0..<4 {
            for destination in 0..<4 where source != destination {
                pool[destination] = mix(pool[destination], hashMix(pool[source]))
            }
        }
    }

    /// `generate_state(count, np.uint64)`: 2 × count 32-bit words read as little-endian pairs.
    func state64(count: Int) -> [UInt64] {
        var hashConstant: UInt32 = 0x8B51_F9DD  // INIT_B
        var words: [UInt32] = []
        for index in 0..<(2 * count) {
            var value = pool[index % pool.count] ^ hashConstant
            hashConstant = hashConstant &* 0x58F3_8DED  // MULT_B
            value = value &* hashConstant
            words.append(value ^ (value >> 16))
        }
        return (0..<count).map { UInt64(words[2 * $0]) | UInt64(words[2 * $0 + 1]) << 32 }
    }
}
