/// Least-significant-digit radix sorts, 11 bits a pass: stable, so equal keys keep their input
/// order and the packed tree is the same on every run. A million keys sort in two or three passes
/// over the array, several times faster than the standard library's comparison sort.
enum RadixSort {
    private static let digitBits = 11
    private static let bucketCount = 1 << digitBits

    /// Sorts `keys` by their bits `bits` (the other bits ride along).
    static func sort(_ keys: inout [UInt64], bits: Range<Int>) {
        guard keys.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: bucketCount)
        var shift = bits.lowerBound
        while shift < bits.upperBound {
            let width = min(digitBits, bits.upperBound - shift)
            let mask = UInt64((1 << width) - 1)
            keys.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for key in source { counts[Int((key >> UInt64(shift)) & mask)] += 1 }
                        var total = 0
                        for index in counts.indices {
                            let count = counts[index]
                            counts[index] = total
                            total += count
                        }
                        for key in source {
                            let digit = Int((key >> UInt64(shift)) & mask)
                            target[counts[digit]] = key
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&keys, &scratch)
            shift += width
        }
    }

    /// Sorts `pairs` by `id`.
    static func sortByID(_ pairs: inout [(id: Int64, node: Int64)]) {
        guard pairs.count > 1 else { return }
        guard let largest = pairs.lazy.map(\.id).max(), let smallest = pairs.lazy.map(\.id).min(), smallest >= 0 else {
            pairs.sort { $0.id < $1.id }
            return
        }
        let bits = 64 - largest.leadingZeroBitCount
        var scratch = pairs
        var counts = [Int](repeating: 0, count: bucketCount)
        var shift = 0
        while shift < bits {
            let width = min(digitBits, bits - shift)
            let mask = Int64((1 << width) - 1)
            pairs.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for pair in source { counts[Int((pair.id >> Int64(shift)) & mask)] += 1 }
                        var total = 0
                        for index in counts.indices {
                            let count = counts[index]
                            counts[index] = total
                            total += count
                        }
                        for pair in source {
                            let digit = Int((pair.id >> Int64(shift)) & mask)
                            target[counts[digit]] = pair
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&pairs, &scratch)
            shift += width
        }
    }
}
