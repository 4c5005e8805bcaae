import FootprintGeo

/// Labels: text with a halo, placed greedily so that no two drawn labels' boxes overlap.
extension DocumentBuilder {
    /// A label ready to write.
    struct PlacedLabel {
        var x: Double
        var baseline: Double
        var fontSize: Double
        var text: String
        var color: OverlayColor?
        var halo: StrokeStyle?
    }

    /// The font size of place names, CSS pixels.
    static let placeLabelSize = 12.0

    /// Places label overlays first (centred on their point), then the names of the pins drawn
    /// (right of the marker), each only when its box lies inside the map itself (not the
    /// buffer: a label cut by a tile seam would be half drawn) and overlaps no label placed
    /// before and no marker or cluster drawn.
    mutating func drawLabels() {
        var placed: [PlacedLabel] = []
        let visible = frame.visibleArea
        for text in scene.texts {
            let pixel = frame.pixel(text.point)
            guard visible.contains(pixel.x, pixel.y) else { continue }
            let size = text.fontSize * k
            let width = FontMetrics.width(of: text.text, fontSize: size)
            let haloWidth = (text.halo?.width ?? 3) * k
            let x = pixel.x - width / 2
            if place(x: x, centerY: pixel.y, width: width, fontSize: size, halo: haloWidth) {
                placed.append(
                    PlacedLabel(
                        x: x, baseline: pixel.y + 0.35 * size, fontSize: size, text: text.text, color: text.color,
                        halo: text.halo))
            }
        }
        let size = Self.placeLabelSize * k
        for label in pinLabels {
            let width = FontMetrics.width(of: label.text, fontSize: size)
            let x = label.x + label.offset + 2 * k
            if place(x: x, centerY: label.y, width: width, fontSize: size, halo: 3 * k) {
                placed.append(
                    PlacedLabel(
                        x: x, baseline: label.y + 0.35 * size, fontSize: size, text: label.text, color: nil, halo: nil))
            }
        }
        guard !placed.isEmpty else { return }
        body.raw("<g class=\"lb\">\n<g class=\"hl\">")
        for label in placed { writeText(label, halo: true) }
        body.raw("</g>\n<g class=\"tx\">")
        for label in placed { writeText(label, halo: false) }
        body.raw("</g>\n</g>\n")
    }

    /// Reserves the label's box when it fits inside the map, clear of every placed label and of
    /// every marker.
    mutating func place(x: Double, centerY: Double, width: Double, fontSize: Double, halo: Double) -> Bool {
        let box = PixelRect(
            minX: x - halo / 2, minY: centerY - 0.6 * fontSize - halo / 2, maxX: x + width + halo / 2,
            maxY: centerY + 0.6 * fontSize + halo / 2)
        guard frame.visibleArea.contains(box) else { return false }
        if markerBoxes.intersects(box) { return false }
        for other in labelBoxes where other.intersects(box) { return false }
        labelBoxes.append(box)
        return true
    }

    /// One `<text>`: in the halo group with the halo's own colour and width when they differ
    /// from the default white 3 px; in the text group with its colour.
    mutating func writeText(_ label: PlacedLabel, halo: Bool) {
        body.raw("<text x=\"")
        body.number(label.x)
        body.raw("\" y=\"")
        body.number(label.baseline)
        body.byte(UInt8(ascii: "\""))
        if label.fontSize != Self.placeLabelSize * k {
            body.raw(" font-size=\"")
            body.number(label.fontSize)
            body.byte(UInt8(ascii: "\""))
        }
        if halo, let style = label.halo {
            paint("stroke", style.color)
            body.attribute("stroke-width", number: style.width * k)
        } else if !halo, let color = label.color {
            paint("fill", color)
        }
        body.byte(UInt8(ascii: ">"))
        body.text(label.text)
        body.raw("</text>")
    }
}
