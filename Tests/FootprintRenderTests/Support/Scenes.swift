import FootprintGeo
import Foundation

@testable import FootprintRender

/// Fixed scenes for the golden files and the checks around them.
enum Scenes {
    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    static func color(_ hex: String, _ opacity: Double = 1) -> OverlayColor {
        try! OverlayColor(hex: hex, opacity: opacity)
    }

    /// A walk in 성수동: a route with a casing and a walked part, visits, a photo, a circle, a
    /// polygon and a label.
    static func day() throws -> [Overlay] {
        var route: [Coordinate] = []
        for step in 0...60 {
            let t = Double(step) / 60
            route.append(coordinate(37.5445 + 0.006 * t + 0.0012 * sin(t * 9), 127.0410 + 0.012 * t))
        }
        let path = try PathOverlay(
            parts: [route], stroke: StrokeStyle(color: color("#1e88e5"), width: 4),
            outline: StrokeStyle(color: color("#ffffff"), width: 1.5), passedColor: color("#9e9e9e"),
            progress: .fraction(0.4), title: "산책")
        let park = try PolygonOverlay(
            exterior: [
                coordinate(37.5430, 127.0380), coordinate(37.5430, 127.0440), coordinate(37.5470, 127.0440),
                coordinate(37.5470, 127.0380), coordinate(37.5430, 127.0380),
            ], fill: color("#66bb6a", 0.3), stroke: StrokeStyle(color: color("#2e7d32"), width: 1), title: "서울숲")
        let stay = try CircleOverlay(
            center: coordinate(37.5480, 127.0470), radiusMeters: 80, fill: color("#ff7043", 0.2),
            stroke: StrokeStyle(color: color("#e64a19"), width: 1))
        return [
            .polygon(park), .circle(stay), .path(path),
            .marker(
                try Marker(
                    coordinate: coordinate(37.5447, 127.0412), symbol: "1", color: color("#e53935"),
                    title: "어니언 성수")),
            .marker(
                try Marker(
                    coordinate: coordinate(37.5478, 127.0468), symbol: "cafe", color: color("#8e24aa"), size: .large,
                    title: "블루보틀 성수 카페")),
            .marker(
                try Marker(
                    coordinate: coordinate(37.5502, 127.0528), symbol: "star", color: color("#fb8c00"),
                    title: "Seongsu <Gallery> & \"Shop\"")),
            .photo(
                try PhotoMarker(
                    coordinate: coordinate(37.5462, 127.0440), file: "IMG_0412.jpg",
                    takenAt: Date(timeIntervalSince1970: 1_714_800_000), title: "골목")),
            .label(try Label(text: "성수동", coordinate: coordinate(37.5520, 127.0420), fontSize: 14)),
        ]
    }

    /// Markers whose names try to break out of the document.
    static func hostile() throws -> [Overlay] {
        let names = [
            "<script>alert(1)</script>", "\"><svg onload=alert(1)>", "a & b ' c", "]]><!-- x", "tab\tand\u{1}ctl",
        ]
        return try names.enumerated().map { index, name in
            .marker(
                try Marker(
                    coordinate: coordinate(37.5665 + Double(index) * 0.0004, 126.9780 + Double(index) * 0.0006),
                    title: name))
        } + [.label(try Label(text: "<b onmouseover=\"x()\">", coordinate: coordinate(37.5650, 126.9760)))]
    }

    /// Many markers around 시청, to cluster.
    static func crowd(count: Int = 400) throws -> [Overlay] {
        var generator = SeededGenerator(seed: 7)
        return try (0..<count).map { index in
            .marker(
                try Marker(
                    coordinate: coordinate(
                        37.55 + Double.random(in: 0..<0.04, using: &generator),
                        126.96 + Double.random(in: 0..<0.05, using: &generator)),
                    color: CategoryPalette.color(forCategory: ["카페", "음식점 > 한식", "공원"][index % 3]),
                    title: "장소 \(index)"))
        }
    }
}

/// SplitMix64, for random scenes that are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
