import FootprintGeo
import Testing

@testable import FootprintProjection

@Suite struct NaverCoordinateTests {
    @Test func wgs84TimesTenMillion() throws {
        let naver = try NaverCoordinate(mapx: "1269780000", mapy: "375665000")
        #expect(naver.encoding == .wgs84E7)
        #expect(naver.coordinate == Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978))
    }

    /// The older TM128 metres; expected WGS84 from cs2cs (last row of Fixtures/cs2cs.csv).
    @Test func tm128Metres() throws {
        let naver = try NaverCoordinate(mapx: "309946", mapy: "552085")
        #expect(naver.encoding == .tm128)
        #expect(abs(naver.coordinate.longitude - 126.978404488259) < 1e-9)
        #expect(abs(naver.coordinate.latitude - 37.566608429359) < 1e-9)
    }

    /// The rule's boundary: |mapx| ≥ 10⁷ is WGS84 × 10⁷ (1° of longitude), below is TM128.
    @Test func thresholdDecidesTheEncoding() throws {
        #expect(try NaverCoordinate(mapx: "10000000", mapy: "375665000").encoding == .wgs84E7)
        #expect(try NaverCoordinate(mapx: "9999999", mapy: "552085").encoding == .tm128)
        // Busan Station written both ways lands on the same place within a few metres.
        let old = try NaverCoordinate(mapx: "495115.475477", mapy: "280086.142148")
        let new = try NaverCoordinate(mapx: "1290413000", mapy: "351151000")
        #expect(abs(old.coordinate.longitude - new.coordinate.longitude) < 1e-6)
        #expect(abs(old.coordinate.latitude - new.coordinate.latitude) < 1e-6)
    }

    @Test(arguments: [
        ("", "375665000", "mapx is not a number"),
        ("126.978a", "375665000", "mapx is not a number"),
        ("1269780000", "nan", "mapy is not a number"),
        ("1e9", "375665000", "mapx is not a number"),
        ("1269780000", "-", "mapy is not a number"),
        ("1269780000", "1269780000", "read as WGS84 × 10⁷, the latitude 126.978 is outside -90…90 degrees"),
        ("3756650000", "375665000", "read as WGS84 × 10⁷, the longitude 375.665 is outside -180…180 degrees"),
        ("375665000", "1269780000", "read as WGS84 × 10⁷, the latitude 126.978 is out of range and the longitude"),
    ])
    func garbageIsRejected(mapx: String, mapy: String, reasonStart: String) {
        do {
            let parsed = try NaverCoordinate(mapx: mapx, mapy: mapy)
            Issue.record("parsed \(parsed)")
        } catch {
            guard case .invalidNaverCoordinate(let x, let y, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(x == mapx && y == mapy)
            #expect(reason.hasPrefix(reasonStart), "\(reason)")
        }
    }
}
