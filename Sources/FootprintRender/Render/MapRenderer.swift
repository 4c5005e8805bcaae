import FootprintGeo

/// Writes a ``MapScene`` in a ``MapFrame`` as an SVG 1.1 document.
///
/// Layers, bottom to top: background, basemap (land, then boundaries), polygons, circles, paths
/// (outline, remaining, walked), markers and photos (clusters below zoom 16), labels (with a
/// halo, none overlapping another), then on static maps the title, a scale bar and the
/// attribution. The output is deterministic: the same scene and frame give the same bytes.
public enum MapRenderer {
    /// The SVG document, UTF-8.
    public static func svg(_ scene: MapScene, frame: MapFrame) -> [UInt8] {
        var builder = DocumentBuilder(scene: scene, frame: frame)
        builder.drawBasemap()
        builder.drawAreas()
        builder.drawDiscs()
        builder.drawLines()
        builder.drawPins()
        builder.drawLabels()
        if frame.tile == nil { builder.drawFurniture() }
        return builder.document()
    }

    /// True when the frame holds something of the scene: a marker or photo drawn in it or its
    /// buffer, a path vertex or label in the map itself, or a polygon or circle reaching into it.
    /// `render tiles` writes only these tiles (unless asked for every one).
    public static func hasContent(_ scene: MapScene, frame: MapFrame) -> Bool {
        let drawn = frame.drawnArea
        let visible = frame.visibleArea
        let range = scene.pinRange(frame: frame, margin: frame.buffer)
        for index in range {
            let pixel = frame.pixel(scene.pins[index].point)
            if drawn.contains(pixel.x, pixel.y) { return true }
        }
        for line in scene.lines where frame.boxIntersects(line.box, area: visible) {
            for piece in line.pieces {
                for point in piece {
                    let pixel = frame.pixel(point)
                    if visible.contains(pixel.x, pixel.y) { return true }
                }
            }
        }
        for text in scene.texts {
            let pixel = frame.pixel(text.point)
            if visible.contains(pixel.x, pixel.y) { return true }
        }
        for area in scene.areas where frame.boxIntersects(area.box, area: visible) { return true }
        for disc in scene.discs {
            let pixel = frame.pixel(disc.center)
            let radius = disc.radiusMeters * frame.pixelsPerMeter(latitude: disc.latitude)
            let box = PixelRect(
                minX: pixel.x - radius, minY: pixel.y - radius, maxX: pixel.x + radius, maxY: pixel.y + radius)
            if box.intersects(visible) { return true }
        }
        return false
    }
}

extension MapFrame {
    /// True when a unit-square box may reach into the area (a static map's wrap included).
    func boxIntersects(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), area: PixelRect) -> Bool {
        let minY = box.minY * worldSize - originY
        let maxY = box.maxY * worldSize - originY
        guard maxY >= area.minY, minY <= area.maxY else { return false }
        if tile == nil, Double(width) + 2 * buffer >= worldSize / 2 { return true }
        let minX = box.minX * worldSize - originX
        let maxX = box.maxX * worldSize - originX
        if maxX >= area.minX, minX <= area.maxX { return true }
        // A static map may show the box one world east or west.
        guard tile == nil else { return false }
        return (maxX + worldSize >= area.minX && minX + worldSize <= area.maxX)
            || (maxX - worldSize >= area.minX && minX - worldSize <= area.maxX)
    }
}

extension MapScene {
    /// The indices of the pins whose x lies within the frame's drawn area widened by `margin`
    /// pixels (every pin for a static map, which may wrap).
    func pinRange(frame: MapFrame, margin: Double) -> Range<Int> {
        guard frame.tile != nil else { return pins.indices }
        let low = (frame.originX - frame.buffer - margin) / frame.worldSize
        let high = (frame.originX + Double(frame.width) + frame.buffer + margin) / frame.worldSize
        return lowerBound(low)..<lowerBound(high.nextUp)
    }

    /// The first pin index whose x is at least `x`.
    func lowerBound(_ x: Double) -> Int {
        var low = 0
        var high = pinXs.count
        while low < high {
            let middle = (low + high) / 2
            if pinXs[middle] < x { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
