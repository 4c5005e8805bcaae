import FootprintGeo
import Testing

@testable import FootprintProjection

@Suite struct KakaoCoordinateTests {
    @Test func xIsLongitude() throws {
        let kakao = try KakaoCoordinate(x: "126.97794", y: "37.56629")
        #expect(kakao.coordinate == Coordinate(uncheckedLatitude: 37.56629, longitude: 126.97794))
        #expect(try KakaoCoordinate(x: " -58.38 ", y: "-34.6").coordinate.longitude == -58.38)
    }

    @Test func swappedPairSaysSo() {
        do {
            _ = try KakaoCoordinate(x: "37.56629", y: "126.97794")
            Issue.record("a swapped pair was accepted")
        } catch {
            guard case .invalidKakaoCoordinate(_, _, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("give the point as LAT,LON"))
            #expect(
                error.description.hasPrefix("The Kakao position x “37.56629”, y “126.97794” is invalid: the latitude"))
        }
    }

    @Test(arguments: [("", "37.5"), ("abc", "37.5"), ("126.9", "37.5.1"), ("126.9", "inf"), ("200", "37.5")])
    func garbageIsRejected(x: String, y: String) {
        #expect(throws: FootprintProjectionError.self) { try KakaoCoordinate(x: x, y: y) }
    }
}
