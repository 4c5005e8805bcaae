import FootprintGeo
import Foundation

/// What a static map adds around the data: the title, a scale bar, the attribution.
extension DocumentBuilder {
    /// Draws the title at the top left, a scale bar at the bottom left and the attribution at
    /// the bottom right, each with a halo.
    mutating func drawFurniture() {
        body.raw("<g class=\"lb\">\n")
        if let title = scene.title {
            body.raw("<text class=\"hl\" x=\"10\" y=\"24\" font-size=\"16\" font-weight=\"bold\">")
            body.text(title)
            body.raw("</text><text class=\"tx\" x=\"10\" y=\"24\" font-size=\"16\" font-weight=\"bold\">")
            body.text(title)
            body.raw("</text>\n")
        }
        drawScaleBar()
        if let attribution = scene.attribution {
            let x = Double(frame.width) - 6
            let y = Double(frame.height) - 6
            for style in ["hl", "tx"] {
                body.raw("<text class=\"")
                body.raw(style)
                body.raw("\" x=\"")
                body.number(x)
                body.raw("\" y=\"")
                body.number(y)
                body.raw("\" font-size=\"10\" text-anchor=\"end\">")
                body.text(attribution)
                body.raw("</text>")
            }
            body.byte(UInt8(ascii: "\n"))
        }
        body.raw("</g>\n")
    }

    /// A bar of a round distance (1, 2 or 5 × 10ⁿ m) at most 100 px long, at the map's centre
    /// latitude, with its length written above.
    mutating func drawScaleBar() {
        let centerY = (frame.originY + Double(frame.height) / 2) / frame.worldSize
        let latitude = atan(sinh(Double.pi * (1 - 2 * centerY))) * 180 / Double.pi
        let pixelsPerMeter = frame.pixelsPerMeter(latitude: latitude)
        guard pixelsPerMeter.isFinite, pixelsPerMeter > 0 else { return }
        let target = 100 / pixelsPerMeter
        let magnitude = pow(10, (log10(target)).rounded(.down))
        let meters = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
        let length = meters * pixelsPerMeter
        let x = 10.0
        let y = Double(frame.height) - 10
        body.raw("<path class=\"sb\" d=\"M")
        body.pair(x, y - 5)
        body.raw("V")
        body.number(y)
        body.raw("H")
        body.number(x + length)
        body.raw("V")
        body.number(y - 5)
        body.raw("\"/>")
        let text = meters >= 1000 ? "\(Self.trimmed(meters / 1000)) km" : "\(Self.trimmed(meters)) m"
        for style in ["hl", "tx"] {
            body.raw("<text class=\"")
            body.raw(style)
            body.raw("\" x=\"")
            body.number(x + 2)
            body.raw("\" y=\"")
            body.number(y - 8)
            body.raw("\" font-size=\"10\">")
            body.raw(text)
            body.raw("</text>")
        }
        body.byte(UInt8(ascii: "\n"))
    }

    /// A round distance without a trailing `.0`: 500, 2, 0.5.
    static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
