import FootprintGeo

/// The state of one rendering: the body written so far, the shapes it uses (for `<defs>`), the
/// boxes of the labels placed.
struct DocumentBuilder {
    let scene: MapScene
    let frame: MapFrame
    /// Pixels per CSS pixel (the tile scale).
    let k: Double
    var body = SVGWriter()
    /// Marker shapes and sizes used, by their `<defs>` id.
    var usedShapes: [String: (shape: MarkerShape, size: MarkerSize)] = [:]
    /// Labels to place: pin titles found while drawing pins.
    var pinLabels: [(x: Double, y: Double, offset: Double, text: String)] = []
    /// The boxes of the labels drawn.
    var labelBoxes: [PixelRect] = []
    /// The boxes of the markers and clusters drawn, which labels keep clear of.
    var markerBoxes = BoxGrid()

    init(scene: MapScene, frame: MapFrame) {
        self.scene = scene
        self.frame = frame
        self.k = Double(frame.scale)
    }

    /// The whole document: prologue, `<defs>` with the stylesheet and the shapes used, the body.
    func document() -> [UInt8] {
        var head = SVGWriter(capacity: body.bytes.count + 2048)
        head.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        head.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\"")
        head.raw(" width=\"")
        head.integer(frame.width)
        head.raw("\" height=\"")
        head.integer(frame.height)
        head.raw("\" viewBox=\"0 0 ")
        head.integer(frame.width)
        head.byte(UInt8(ascii: " "))
        head.integer(frame.height)
        head.raw("\">\n")
        if let title = scene.title ?? frame.tile.map({ "Tile \($0)" }) {
            head.raw("<title>")
            head.text(title)
            head.raw("</title>\n")
        }
        if let attribution = scene.attribution {
            head.raw("<desc>")
            head.text(attribution)
            head.raw("</desc>\n")
        }
        head.raw("<defs>\n<style type=\"text/css\">")
        head.raw(stylesheet())
        head.raw("</style>\n")
        for id in usedShapes.keys.sorted() {
            if let used = usedShapes[id] { head.raw(shapeDefinition(id, shape: used.shape, size: used.size)) }
        }
        head.raw("</defs>\n<rect class=\"bg\" width=\"")
        head.integer(frame.width)
        head.raw("\" height=\"")
        head.integer(frame.height)
        head.raw("\"/>\n")
        var bytes = head.bytes
        bytes.append(contentsOf: body.bytes)
        bytes.append(contentsOf: "</svg>\n".utf8)
        return bytes
    }

    /// The stylesheet; sizes are multiplied by the tile scale.
    func stylesheet() -> String {
        func n(_ value: Double) -> String {
            var writer = SVGWriter(capacity: 8)
            writer.number(value * k)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let font = "font-family:\(FontMetrics.fontFamily)"
        let background = scene.basemap == nil ? "#f2efe9" : "#aad3df"
        return [
            ".bg{fill:\(background)}",
            ".ld{fill:#f2efe9;stroke:#c9c5bb;stroke-width:\(n(0.5))}",
            ".bd{fill:none;stroke:#9e98b5;stroke-width:\(n(0.8));stroke-dasharray:\(n(4)) \(n(2))}",
            ".ln{fill:none}",
            ".mk{stroke:#fff;stroke-width:\(n(1.2))}",
            ".cl{fill:#3b6fb6;fill-opacity:.85;stroke:#fff;stroke-width:\(n(1.5))}",
            ".ct{\(font);font-size:\(n(11))px;font-weight:bold;fill:#fff;text-anchor:middle}",
            ".gl{\(font);font-size:\(n(9))px;font-weight:bold;fill:#fff;text-anchor:middle}",
            ".lb{\(font);font-size:\(n(Self.placeLabelSize))px}",
            ".hl{fill:none;stroke:#fff;stroke-width:\(n(3));stroke-linejoin:round}",
            ".tx{fill:#222}",
            ".sb{fill:none;stroke:#333;stroke-width:\(n(1.5))}",
        ].joined()
    }

    /// The `<path>` of a shape id (`p1`: pin, medium), scaled by its size and the tile scale.
    func shapeDefinition(_ id: String, shape: MarkerShape, size: MarkerSize) -> String {
        let factor = MarkerShape.factor(size) * k
        var writer = SVGWriter(capacity: 128)
        writer.raw("<path id=\"")
        writer.raw(id)
        writer.raw("\"")
        if factor != 1 {
            writer.raw(" transform=\"scale(")
            writer.raw(Self.hundredths(factor))
            writer.raw(")\"")
        }
        writer.raw(" d=\"")
        writer.raw(shape.pathData)
        writer.raw("\"/>\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends ` fill="#rrggbb"` and ` fill-opacity` when not 1 (or the stroke equivalents).
    mutating func paint(_ attribute: StaticString, _ color: OverlayColor) {
        body.byte(UInt8(ascii: " "))
        body.raw(attribute)
        body.raw("=\"")
        body.raw(color.hex)
        body.byte(UInt8(ascii: "\""))
        if color.opacity != 1 {
            body.byte(UInt8(ascii: " "))
            body.raw(attribute)
            body.raw("-opacity=\"")
            body.raw(Self.opacity(color.opacity))
            body.byte(UInt8(ascii: "\""))
        }
    }

    /// A positive number at two decimals, trailing zeros dropped (`1.35`, `2.7`, `2`).
    static func hundredths(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        var text = String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction != 0 {
            text += "." + (fraction < 10 ? "0" : "") + String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }

    /// An opacity at two decimals, without a leading zero (`.85`).
    static func opacity(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths >= 100 { return "1" }
        if hundredths <= 0 { return "0" }
        let text = hundredths % 10 == 0 ? String(hundredths / 10) : (hundredths < 10 ? "0" : "") + String(hundredths)
        return "." + text
    }

    /// Appends path data `M x y L x y x y…` for flat x, y pairs, closed with `Z` for a ring.
    mutating func pathData(_ flat: [Double], closed: Bool) {
        body.byte(UInt8(ascii: "M"))
        body.pair(flat[0], flat[1])
        var index = 2
        if index < flat.count { body.byte(UInt8(ascii: "L")) }
        while index < flat.count {
            if index > 2, (flat[index] * 10).rounded() >= 0 { body.byte(UInt8(ascii: " ")) }
            body.pair(flat[index], flat[index + 1])
            index += 2
        }
        if closed { body.byte(UInt8(ascii: "Z")) }
    }
}
