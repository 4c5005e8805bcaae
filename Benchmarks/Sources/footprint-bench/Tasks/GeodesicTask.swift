import Dispatch
import Foundation
import FootprintGeo

/// `geod_inv`: the WGS84 inverse problem (distance and both bearings, `Geodesic.inverse`) on N
/// place pairs, single-threaded, as the peers' `pyproj.Geod(ellps='WGS84').inv(lon1, lat1, lon2,
/// lat2)`: place i with place perm[i], perm = numpy `default_rng(7).permutation(N)`.
/// `sum_dist_m` (summed outside the timing, compensated, rounded to 0.1 m) must be within
/// 1 mm × N of pyproj's.
struct GeodesicTask: BenchmarkTask {
    let name = "geod_inv"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let places = try dataset.places.get()
        let permutation = NumpyPermutation.permutation(count: places.count, seed: 7)
        let ends = permutation.map { places[$0] }
        let (times, distances) = timeRuns(runs.count(n: places.count)) {
            [Double](unsafeUninitializedCapacity: places.count) { buffer, initialized in
                for index in places.indices {
                    buffer[index] = Geodesic.inverse(from: places[index], to: ends[index]).distanceMeters
                }
                initialized = places.count
            }
        }
        return BenchmarkRecord(
            task: name, n: places.count, timesMs: times,
            extra: [("sum_dist_m", .number(BenchmarkRecord.rounded(Self.compensatedSum(distances), 1)))])
    }

    /// Neumaier's compensated sum, so the 0.1 m of the total do not depend on summation order.
    static func compensatedSum(_ values: [Double]) -> Double {
        var sum = 0.0
        var compensation = 0.0
        for value in values {
            let total = sum + value
            compensation += abs(sum) >= abs(value) ? (sum - total) + value : (value - total) + sum
            sum = total
        }
        return sum + compensation
    }
}

/// `geod_inv_parallel`: the same pairs and the same work split over every core (no peer does
/// this; pyproj's call is single-threaded). Same `sum_dist_m`.
struct ParallelGeodesicTask: BenchmarkTask {
    let name = "geod_inv_parallel"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let places = try dataset.places.get()
        let permutation = NumpyPermutation.permutation(count: places.count, seed: 7)
        let ends = permutation.map { places[$0] }
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let (times, distances) = timeRuns(runs.count(n: places.count)) {
            [Double](unsafeUninitializedCapacity: places.count) { buffer, initialized in
                let output = UnsafeSendableBuffer(buffer: buffer)
                let chunk = (places.count + threads - 1) / threads
                DispatchQueue.concurrentPerform(iterations: threads) { part in
                    let range = (part * chunk)..<min(places.count, (part + 1) * chunk)
                    for index in range {
                        output.buffer[index] = Geodesic.inverse(from: places[index], to: ends[index]).distanceMeters
                    }
                }
                initialized = places.count
            }
        }
        return BenchmarkRecord(
            task: name, n: places.count, timesMs: times,
            extra: [
                ("threads", .number(Double(threads))),
                ("sum_dist_m", .number(BenchmarkRecord.rounded(GeodesicTask.compensatedSum(distances), 1))),
            ])
    }
}

/// An output buffer written by disjoint ranges from several threads.
private struct UnsafeSendableBuffer: @unchecked Sendable {
    var buffer: UnsafeMutableBufferPointer<Double>
}
