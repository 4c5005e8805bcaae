import FootprintGeo

/// The layers under the markers: basemap, polygons, circles, paths.
extension DocumentBuilder {
    /// Land, then the finer boundaries (from their minimum zoom on), then boundaries (from the
    /// basemap's minimum zoom on).
    mutating func drawBasemap() {
        guard let basemap = scene.basemap else { return }
        let area = frame.drawnArea
        var wroteLand = false
        for polygon in basemap.land {
            guard let exterior = polygon.first, frame.boxIntersects(exterior.box, area: area) else { continue }
            var rings: [[Double]] = []
            for ring in polygon {
                let flat = PixelLine.clippedRing(ring.points, frame: frame, area: area)
                if !flat.isEmpty { rings.append(flat) }
            }
            guard !rings.isEmpty else { continue }
            if !wroteLand {
                body.raw("<g class=\"ld\">")
                wroteLand = true
            }
            body.raw("<path d=\"")
            for ring in rings { pathData(ring, closed: true) }
            body.raw("\"/>")
        }
        if wroteLand { body.raw("</g>\n") }
        if let detail = basemap.detailBoundaries, frame.zoomLevel >= basemap.detailBoundaryMinimumZoom {
            var pieces: [[Double]] = []
            for ring in detail.rings where frame.boxIntersects(ring.box, area: area) {
                ring.points.withUnsafeBufferPointer {
                    PixelLine.clippedPieces($0, frame: frame, area: area, into: &pieces)
                }
            }
            if !pieces.isEmpty {
                // Styled in place, not in the stylesheet: maps without them keep their bytes.
                body.raw("<path class=\"sd\" fill=\"none\" stroke=\"#b7b2c8\" stroke-width=\"")
                body.number(0.5 * k)
                body.raw("\" d=\"")
                for piece in pieces { pathData(piece, closed: false) }
                body.raw("\"/>\n")
            }
        }
        guard frame.zoomLevel >= basemap.boundaryMinimumZoom else { return }
        var pieces: [[Double]] = []
        for ring in basemap.boundaries where frame.boxIntersects(ring.box, area: area) {
            ring.points.withUnsafeBufferPointer { PixelLine.clippedPieces($0, frame: frame, area: area, into: &pieces) }
        }
        guard !pieces.isEmpty else { return }
        body.raw("<path class=\"bd\" d=\"")
        for piece in pieces { pathData(piece, closed: false) }
        body.raw("\"/>\n")
    }

    /// Polygon overlays, filled and stroked, holes cut by the even-odd rule.
    mutating func drawAreas() {
        let area = frame.drawnArea
        for overlay in scene.areas where frame.boxIntersects(overlay.box, area: area) {
            var rings: [[Double]] = []
            for ring in overlay.rings {
                let flat = PixelLine.clippedRing(ring, frame: frame, area: area)
                if !flat.isEmpty { rings.append(flat) }
            }
            guard !rings.isEmpty else { continue }
            body.raw("<path fill-rule=\"evenodd\"")
            areaPaint(fill: overlay.fill, stroke: overlay.stroke)
            body.raw(" d=\"")
            for ring in rings { pathData(ring, closed: true) }
            if let title = overlay.title {
                body.raw("\"><title>")
                body.text(title)
                body.raw("</title></path>\n")
            } else {
                body.raw("\"/>\n")
            }
        }
    }

    /// Circle overlays: a `<circle>` of the radius in pixels at the centre's latitude.
    mutating func drawDiscs() {
        let area = frame.drawnArea
        for disc in scene.discs {
            let center = frame.pixel(disc.center)
            let radius = disc.radiusMeters * frame.pixelsPerMeter(latitude: disc.latitude)
            let box = PixelRect(
                minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius, maxY: center.y + radius)
            guard box.intersects(area) else { continue }
            body.raw("<circle")
            areaPaint(fill: disc.fill, stroke: disc.stroke)
            body.attribute("cx", number: center.x)
            body.attribute("cy", number: center.y)
            body.attribute("r", number: radius)
            if let title = disc.title {
                body.raw("><title>")
                body.text(title)
                body.raw("</title></circle>\n")
            } else {
                body.raw("/>\n")
            }
        }
    }

    /// The fill and stroke attributes of an area (`fill="none"` when it has no fill).
    mutating func areaPaint(fill: OverlayColor?, stroke: StrokeStyle?) {
        if let fill { paint("fill", fill) } else { body.raw(" fill=\"none\"") }
        if let stroke, stroke.width > 0 {
            paint("stroke", stroke.color)
            body.attribute("stroke-width", number: stroke.width * k)
        }
    }

    /// Path overlays: each line's pieces clipped to the drawn area, one `<path>` per line.
    mutating func drawLines() {
        let area = frame.drawnArea
        var pieces: [[Double]] = []
        var wroteGroup = false
        for line in scene.lines where frame.boxIntersects(line.box, area: area) {
            pieces.removeAll(keepingCapacity: true)
            for piece in line.pieces {
                piece.withUnsafeBufferPointer { PixelLine.clippedPieces($0, frame: frame, area: area, into: &pieces) }
            }
            guard !pieces.isEmpty else { continue }
            if !wroteGroup {
                body.raw("<g class=\"ln\">\n")
                wroteGroup = true
            }
            body.raw("<path")
            paint("stroke", line.color)
            body.attribute("stroke-width", number: line.width * k)
            if line.cap != .butt {
                body.raw(line.cap == .round ? " stroke-linecap=\"round\"" : " stroke-linecap=\"square\"")
            }
            if line.join != .miter {
                body.raw(line.join == .round ? " stroke-linejoin=\"round\"" : " stroke-linejoin=\"bevel\"")
            }
            if !line.dash.isEmpty {
                body.raw(" stroke-dasharray=\"")
                for (index, length) in line.dash.enumerated() {
                    if index > 0 { body.byte(UInt8(ascii: " ")) }
                    body.number(max(0.1, length * k))
                }
                body.byte(UInt8(ascii: "\""))
            }
            body.raw(" d=\"")
            for piece in pieces { pathData(piece, closed: false) }
            body.raw("\"/>\n")
        }
        if wroteGroup { body.raw("</g>\n") }
    }
}
