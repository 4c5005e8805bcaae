import Foundation
import Testing

@testable import footprint

/// `geo transform` prints fixed decimals the way C's printf (and so `cs2cs -f %.3f`) does.
@Suite struct GeoTransformFormattingTests {
    /// glibc's `snprintf("%.Nf")`, the reference, with the sign of a negative zero dropped.
    static func printf(_ value: Double, _ decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 400)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(decimals)f", $0) }
        let text = String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let isNegativeZero = text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
        return isNegativeZero ? String(text.dropFirst()) : text
    }

    @Test(arguments: [
        // Exact binary ties round to even, as printf does: 0.0625 × 1000 = 62.5.
        (0.0625, 3, "0.062"), (0.1875, 3, "0.188"), (2.5, 0, "2"), (3.5, 0, "4"), (-0.0625, 3, "-0.062"),
        // Negative zero and values that round to it lose the sign.
        (-0.0, 3, "0.000"), (-0.0004, 3, "0.000"), (-0.0006, 3, "-0.001"),
        (198047.52682, 3, "198047.527"), (126.978404488259, 9, "126.978404488"), (-58.38, 9, "-58.380000000"),
        (1e20, 3, "100000000000000000000.000"), (0, 9, "0.000000000"),
    ])
    func knownValues(value: Double, decimals: Int, expected: String) {
        #expect(GeoTransformCommand.fixed(value, decimals: decimals) == expected)
    }

    @Test(arguments: [3, 9])
    func matchesPrintfOnRandomValues(decimals: Int) {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        // Up to 1e12, past the fast path's 2^53 bound for 9 decimals, so both paths are checked.
        for magnitude in [1e-4, 1.0, 180.0, 1e6, 2e7, 1e9, 1e12] {
            for _ in 0..<5_000 {
                let value = Double.random(in: -magnitude...magnitude, using: &generator)
                let ours = GeoTransformCommand.fixed(value, decimals: decimals)
                let reference = Self.printf(value, decimals)
                if ours != reference { mismatches.append("\(value): \(ours) vs \(reference)") }
            }
        }
        // Dyadic values k/1024: half of them are exact ties at 3 and at 9 decimals.
        for _ in 0..<5_000 {
            let value = Double(Int.random(in: -200_000_000...200_000_000, using: &generator)) / 1024
            let ours = GeoTransformCommand.fixed(value, decimals: decimals)
            let reference = Self.printf(value, decimals)
            if ours != reference { mismatches.append("\(value): \(ours) vs \(reference)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
