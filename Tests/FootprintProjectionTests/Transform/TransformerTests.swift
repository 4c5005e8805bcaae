import Foundation
import Testing

@testable import FootprintProjection

@Suite struct TransformerTests {
    /// cs2cs writes 6 decimals of metres and 12 of degrees; the tolerances are the brief's:
    /// 1 mm for projected output, 1e-9° (~0.1 mm) for geographic output.
    static func tolerance(for crs: CRS) -> Double { crs == .wgs84 ? 1e-9 : 0.001 }

    @Test func fixtureHasEveryRow() {
        // 2 points × 6 CRSs × (forward, back, 1–2 cross rows) + the Naver sample; a parse failure
        // would silently drop rows, so count them.
        #expect(Cs2csCase.all.count == 45)
        let crss = Set(Cs2csCase.all.flatMap { [$0.from, $0.to] })
        #expect(
            crss == [
                .wgs84, .webMercator, .korea2000UnifiedCS, .korea2000CentralBelt,
                .korea2000CentralBelt2010, .korean1985ModifiedCentralBelt, .tm128,
            ])
    }

    @Test(arguments: Cs2csCase.all)
    func matchesCs2cs(_ row: Cs2csCase) throws {
        let transformer = try Transformer(from: row.from, to: row.to)
        let output = try transformer.transform(row.input)
        let tolerance = Self.tolerance(for: row.to)
        #expect(abs(output.x - row.expected.x) <= tolerance, "x \(output.x) vs cs2cs \(row.expected.x)")
        #expect(abs(output.y - row.expected.y) <= tolerance, "y \(output.y) vs cs2cs \(row.expected.y)")
    }

    @Test func arrayTransformMatchesOnePointAtATime() throws {
        let rows = Cs2csCase.all.filter { $0.from == .wgs84 && $0.to == .korea2000CentralBelt2010 }
        try #require(rows.count == 2)
        let transformer = try Transformer(from: .wgs84, to: .korea2000CentralBelt2010)
        let output = try transformer.transform(rows.map(\.input))
        for (point, row) in zip(output, rows) {
            #expect(abs(point.x - row.expected.x) <= 0.001)
            #expect(abs(point.y - row.expected.y) <= 0.001)
            #expect(point == (try transformer.transform(row.input)))
        }
    }

    /// Forward then inverse returns the start: to 1e-9° through the datum-free CRSs, and to the
    /// precision of the approximate inverse Helmert (a few mm) through the Bessel ones, as cs2cs does.
    @Test(arguments: [
        (CRS.webMercator, 1e-9), (.korea2000UnifiedCS, 1e-9), (.korea2000CentralBelt, 1e-9),
        (.korea2000CentralBelt2010, 1e-9), (.korean1985ModifiedCentralBelt, 1e-6), (.tm128, 1e-6),
    ])
    func roundTrip(_ crs: CRS, tolerance: Double) throws {
        let transformer = try Transformer(from: .wgs84, to: crs)
        let start = [CRSCoordinate(x: 126.9779, y: 37.5663), CRSCoordinate(x: 129.0413, y: 35.1151)]
        let back = try transformer.inverse.transform(try transformer.transform(start))
        for (a, b) in zip(start, back) {
            #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(a) → \(b)")
        }
        #expect(transformer.inverse.source == crs && transformer.inverse.target == .wgs84)
    }

    @Test func geographicIsLongitudeFirst() throws {
        let transformer = try Transformer(from: .wgs84, to: .webMercator)
        #expect(transformer.sourceIsGeographic && !transformer.targetIsGeographic)
        #expect(transformer.inverse.targetIsGeographic)
        // 180° of longitude is half the Web Mercator world: 20037508.342789244 m (EPSG:3857 bounds).
        let east = try transformer.transform(CRSCoordinate(x: 180, y: 0))
        #expect(abs(east.x - 20_037_508.342789244) < 1e-6 && abs(east.y) < 1e-6)
        let tm128 = try Transformer(from: .tm128, to: .wgs84)
        #expect(!tm128.sourceIsGeographic && tm128.targetIsGeographic)
    }

    @Test func unknownEPSGCodeCarriesProjsMessage() {
        #expect {
            try Transformer(from: .wgs84, to: CRS(epsg: 99_999))
        } throws: { error in
            guard case .unknownCRS(let name, let message) = error as? FootprintProjectionError else { return false }
            return name == "EPSG:99999" && message.contains("not found")
        }
    }

    @Test func unknownProjStringIsNamed() {
        #expect {
            try Transformer(from: CRS("+proj=nosuchprojection"), to: .wgs84)
        } throws: { error in
            guard case .unknownCRS(let name, let message) = error as? FootprintProjectionError else { return false }
            return name == "+proj=nosuchprojection" && !message.isEmpty
        }
    }

    @Test func latitudeBeyondThePoleFailsWithProjsReason() throws {
        let transformer = try Transformer(from: .wgs84, to: .webMercator)
        #expect {
            try transformer.transform(CRSCoordinate(x: 126.9779, y: 95))
        } throws: { error in
            guard
                case .transformFailed(let x, let y, nil, "EPSG:4326", "EPSG:3857", let message) =
                    error as? FootprintProjectionError
            else { return false }
            return x == 126.9779 && y == 95 && message.lowercased().contains("latitude")
        }
    }

    @Test func arrayFailureNamesTheIndexAndLeavesTheInput() throws {
        let transformer = try Transformer(from: .wgs84, to: .korea2000CentralBelt2010)
        let input = [CRSCoordinate(x: 126.9779, y: 37.5663), CRSCoordinate(x: 126.9779, y: 95)]
        var points = input
        #expect {
            try transformer.transform(&points)
        } throws: { error in
            guard case .transformFailed(_, 95, 1, _, _, let message) = error as? FootprintProjectionError
            else { return false }
            return !message.isEmpty
        }
        #expect(points == input)
        // The transformer still works after a failure.
        #expect(try transformer.transform(input[0]).x > 198_000)
    }

    @Test func cachedTransformersShareOneTransformation() throws {
        let first = try Transformer(from: .wgs84, to: CRS("epsg:5179"))
        let second = try Transformer(from: .wgs84, to: .korea2000UnifiedCS)
        #expect(first.transformation === second.transformation)
        let own = try Transformer(from: .wgs84, to: .korea2000UnifiedCS, cached: false)
        #expect(own.transformation !== first.transformation)
    }

    @Test func manyThreadsShareACachedTransformer() async throws {
        let transformer = try Transformer(from: .wgs84, to: .korea2000CentralBelt2010)
        let expected = try transformer.transform(CRSCoordinate(x: 126.9779, y: 37.5663))
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let shared = try? Transformer(from: .wgs84, to: .korea2000CentralBelt2010, cached: task % 2 == 0)
                    var ok = shared != nil
                    for _ in 0..<500 {
                        ok = ok && (try? shared?.transform(CRSCoordinate(x: 126.9779, y: 37.5663))) == expected
                    }
                    return ok
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
