import FootprintGeo
import Foundation
import Testing

@testable import FootprintRender

/// Random overlays, drawn on random tiles: the document is well-formed, every coordinate of a
/// path, marker or label lies in the tile plus its buffer, and no two labels' boxes overlap.
@Suite struct RandomSceneTests {
    static let names = [
        "스타벅스 강남역점", "<script>alert(1)</script>", "\"><svg onload=alert(1)>", "Café ☕ & Bar", "a]]>b",
        "ㅅㅌㅂㅅ", "東京", "x\u{0}y", "'single'", "한글 English 123",
    ]

    static func randomScene(seed: UInt64, around center: Coordinate) throws -> MapScene {
        var generator = SeededGenerator(seed: seed)
        func near(_ spread: Double) -> Coordinate {
            Coordinate(
                uncheckedLatitude: center.latitude + Double.random(in: -spread...spread, using: &generator),
                longitude: center.longitude + Double.random(in: -spread...spread, using: &generator))
        }
        var overlays: [Overlay] = []
        for _ in 0..<Int.random(in: 1...120, using: &generator) {
            let name = names.randomElement(using: &generator)!
            overlays.append(
                .marker(
                    try Marker(
                        coordinate: near(0.02), symbol: ["1", "cafe", "star", nil].randomElement(using: &generator)!,
                        color: CategoryPalette.color(forCategory: name),
                        title: Bool.random(using: &generator) ? name : nil)))
        }
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let route = (0..<Int.random(in: 2...300, using: &generator)).map { _ in near(0.03) }
            overlays.append(
                .path(
                    try PathOverlay(
                        parts: [route], stroke: StrokeStyle(color: try OverlayColor(hex: "#3366cc"), width: 3),
                        dash: try DashPattern([4, 2]))))
        }
        for _ in 0..<Int.random(in: 0...20, using: &generator) {
            overlays.append(
                .label(
                    try Label(
                        text: names.randomElement(using: &generator)!, coordinate: near(0.01),
                        fontSize: Double.random(in: 8...20, using: &generator))))
        }
        return MapScene(overlays: overlays)
    }

    @Test func randomScenesGiveCleanTiles() throws {
        let center = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        var generator = SeededGenerator(seed: 99)
        for seed in 0..<40 {
            let scene = try Self.randomScene(seed: UInt64(seed), around: center)
            let zoom = Int.random(in: 11...18, using: &generator)
            let scale = Bool.random(using: &generator) ? 1 : 2
            let tile = try Tile(containing: center, zoom: zoom)
            let frame = try MapFrame(tile: tile, scale: scale)
            let bytes = MapRenderer.svg(scene, frame: frame)
            let parsed = try #require(SVGCheck.parse(bytes), "seed \(seed): malformed XML")
            #expect(!parsed.elements.contains { $0.name == "script" })
            #expect(!parsed.elements.contains { $0.attributes.keys.contains { $0.lowercased().hasPrefix("on") } })
            let low = -frame.buffer - 0.05
            let high = Double(frame.width) + frame.buffer + 0.05
            for element in parsed.elements {
                if element.name == "path", element.attributes["id"] == nil, let data = element.attributes["d"] {
                    for point in SVGCheck.points(inPathData: data) {
                        #expect(point.x >= low && point.x <= high && point.y >= low && point.y <= high, "seed \(seed)")
                    }
                }
                if ["use", "text"].contains(element.name), let x = Double(element.attributes["x"] ?? ""),
                    let y = Double(element.attributes["y"] ?? "")
                {
                    #expect(x >= low && x <= high && y >= low && y <= high, "seed \(seed)")
                }
            }
            var builder = DocumentBuilder(scene: scene, frame: frame)
            builder.drawPins()
            builder.drawLabels()
            let boxes = builder.labelBoxes
            for i in boxes.indices {
                #expect(frame.visibleArea.contains(boxes[i]))
                for j in boxes.indices where j > i { #expect(!boxes[i].intersects(boxes[j]), "seed \(seed)") }
            }
        }
    }

    @Test func staticMapsOfRandomScenesAreWellFormed() throws {
        let center = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        for seed in 100..<115 {
            let scene = try Self.randomScene(seed: UInt64(seed), around: center)
            let frame = try MapFrame(fitting: try #require(scene.contentBox), width: 500, height: 400)
            #expect(SVGCheck.parse(MapRenderer.svg(scene, frame: frame)) != nil, "seed \(seed)")
        }
    }
}
