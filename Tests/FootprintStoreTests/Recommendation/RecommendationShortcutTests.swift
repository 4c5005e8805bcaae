import FootprintGeo
import Foundation
import Testing

@testable import FootprintStore

/// The shortcuts that make a recommendation fast must give what the plain way gives, bit for
/// bit: a brand found on stored bytes, a cursor's base64url written by hand, a segment grid laid
/// out as a table, and closeness skipped for spots far apart north–south.
@Suite struct RecommendationShortcutTests {
    typealias Random = RecommendationPropertyTests.Random

    /// Name pieces: Hangul, ASCII in both cases, branch suffixes, brackets, odd spaces, a
    /// decomposed syllable and a combining mark (which send a name the `String` way).
    static let namePieces = [
        "스타벅스", "강남역점", "3호점", "호점", "점", "본점", "Cafe", "CAFE", "a", " ", "  ", "(", ")", "（본점）", "\t",
        "\u{1100}\u{1161}", "e\u{301}", "123", "-", "카페",
    ]

    @Test func storedNamesGiveTheBrandOfTheirStrings() {
        var random = Random(state: 41)
        var scratch: [UInt8] = []
        var fast = 0
        for _ in 0..<5_000 {
            let name = (0..<random.int(0..<5)).map { _ in Self.namePieces[random.int(0..<Self.namePieces.count)] }
                .joined()
            let bytes = Array(name.utf8)
            let simple = bytes.withUnsafeBufferPointer {
                RecommendationDiversity.simpleBrand(of: $0, into: &scratch)
            }
            guard simple else { continue }
            fast += 1
            #expect(scratch == Array(RecommendationDiversity.brand(of: name).utf8), "\(name)")
        }
        #expect(fast > 1_000)
    }

    @Test func cursorTextIsBase64URLWithoutPadding() {
        var random = Random(state: 43)
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8(random.int(0..<256)) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(RecommendationCursor.base64URL(bytes) == expected, "\(bytes)")
        }
    }

    @Test func aFrozenSegmentGridFindsWhatItsDictionaryFinds() {
        var random = Random(state: 47)
        for cell in [25.0, 311.5] {
            var grid = SegmentGrid(cell: cell)
            var x = 0.0
            var y = 0.0
            for _ in 0..<300 {
                let (nx, ny) = (x + random.next() * 80 - 40, y + random.next() * 80 - 30)
                grid.add(x, y, nx, ny)
                (x, y) = (nx, ny)
            }
            // A long jump, put in the cells along it.
            grid.add(x, y, x + 20 * cell * 20, y - 5 * cell * 20)
            var frozen = grid
            frozen.freeze()
            for _ in 0..<2_000 {
                let px = random.next() * 3_000 - 1_000
                let py = random.next() * 3_000 - 1_000
                var plain: [String] = []
                var table: [String] = []
                grid.forEachNear(px, py) { plain.append("\($0) \($1)") }
                frozen.forEachNear(px, py) { table.append("\($0) \($1)") }
                #expect(plain.sorted() == table.sorted())
                #expect(grid.nearestDistance(px, py) == frozen.nearestDistance(px, py))
            }
        }
    }

    @Test func closenessOfSpotsFarApartNorthSouthIsZeroAsComputed() {
        var random = Random(state: 53)
        for _ in 0..<5_000 {
            let latitude = random.next() * 140 - 70
            let a = Coordinate(uncheckedLatitude: latitude, longitude: 127)
            // Around 251 m north or south, and a little east or west.
            let b = Coordinate(
                uncheckedLatitude: latitude + (random.next() < 0.5 ? -1 : 1) * (0.0021 + random.next() * 0.0004),
                longitude: 127 + random.next() * 0.002 - 0.001)
            let meters = FlatDistance(center: a).estimate(latitude: b.latitude, longitude: b.longitude)
            let expected = 0.4 * 0.0 + 0.3 * 0.0 + 0.3 * max(0, 1 - meters / RecommendationDiversity.blockMeters)
            let keyA = DiversityKey(brand: -1, categorySegments: [], tags: [], coordinate: a)
            let keyB = DiversityKey(brand: -1, categorySegments: [], tags: [], coordinate: b)
            #expect(RecommendationDiversity.similarity(keyA, keyB) == expected)
            #expect(RecommendationDiversity.closenessBound(a, b) == 0.3 * max(0, 1 - meters / 250))
        }
    }
}
