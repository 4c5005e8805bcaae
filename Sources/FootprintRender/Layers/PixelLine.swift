/// Lines and rings in map pixels: snapped to the pixel grid, clipped to the drawn area.
enum PixelLine {
    /// The smallest step kept between two vertices, in pixels: a vertex nearer than this to the
    /// last kept one adds nothing visible, so a tile's bytes follow what is visible, not the input.
    static let minimumStep = 1.0

    /// The pieces of the line inside `area`, each of two or more points, after dropping vertices
    /// within ``minimumStep`` of the previous kept one (the last vertex is always kept).
    ///
    /// The drop runs over the whole line, before clipping, in world pixels: every tile of a zoom
    /// keeps the same vertices, so neighbouring tiles draw the same segments across their seam.
    /// Segments are clipped with Liang–Barsky; a segment leaving and re-entering ends a piece.
    static func clippedPieces(
        _ points: UnsafeBufferPointer<UnitPoint>, frame: MapFrame, area: PixelRect, into pieces: inout [[Double]]
    ) {
        guard points.count >= 2 else { return }
        let step2 = minimumStep * minimumStep
        var current: [Double] = []
        var previous = frame.pixel(points[0])
        var index = 1
        let last = points.count - 1
        while index <= last {
            let next = frame.pixel(points[index])
            let dx = next.x - previous.x
            let dy = next.y - previous.y
            if index != last, dx * dx + dy * dy < step2 {
                index += 1
                continue
            }
            if let (start, end) = clip(previous, next, to: area) {
                if current.isEmpty {
                    current.append(start.x)
                    current.append(start.y)
                }
                current.append(end.x)
                current.append(end.y)
                // Leaving the area ends the piece.
                if end.x != next.x || end.y != next.y {
                    pieces.append(current)
                    current.removeAll(keepingCapacity: true)
                }
            } else if !current.isEmpty {
                pieces.append(current)
                current.removeAll(keepingCapacity: true)
            }
            previous = next
            index += 1
        }
        if current.count >= 4 { pieces.append(current) }
    }

    /// The part of the segment inside the rectangle (Liang–Barsky), or `nil` when none is.
    @inline(__always)
    static func clip(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), to area: PixelRect
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        if area.contains(a.x, a.y), area.contains(b.x, b.y) { return (a, b) }
        let dx = b.x - a.x
        let dy = b.y - a.y
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-dx, a.x - area.minX), (dx, area.maxX - a.x), (-dy, a.y - area.minY), (dy, area.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 {
                    if r > t1 { return nil }
                    if r > t0 { t0 = r }
                } else {
                    if r < t0 { return nil }
                    if r < t1 { t1 = r }
                }
            }
        }
        let start = t0 == 0 ? a : (a.x + t0 * dx, a.y + t0 * dy)
        let end = t1 == 1 ? b : (a.x + t1 * dx, a.y + t1 * dy)
        return (start, end)
    }

    /// The ring after dropping vertices within ``minimumStep`` of the last kept one, clipped to
    /// `area` (Sutherland–Hodgman), as flat x, y pairs without the closing point; empty when
    /// fewer than three points remain.
    static func clippedRing(_ ring: [UnitPoint], frame: MapFrame, area: PixelRect) -> [Double] {
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(ring.count)
        let step2 = minimumStep * minimumStep
        for point in ring {
            let pixel = frame.pixel(point)
            if let last = points.last {
                let dx = pixel.x - last.x
                let dy = pixel.y - last.y
                if dx * dx + dy * dy < step2 { continue }
            }
            points.append(pixel)
        }
        if points.count > 1, let first = points.first, let last = points.last, first == last { points.removeLast() }
        guard points.count >= 3 else { return [] }
        for edge in 0..<4 {
            points = clipRing(points, edge: edge, area: area)
            if points.count < 3 { return [] }
        }
        var flat: [Double] = []
        flat.reserveCapacity(points.count * 2)
        for point in points {
            flat.append(point.x)
            flat.append(point.y)
        }
        return flat
    }

    /// One Sutherland–Hodgman pass against an edge: 0 left, 1 right, 2 top, 3 bottom.
    private static func clipRing(
        _ points: [(x: Double, y: Double)], edge: Int, area: PixelRect
    ) -> [(x: Double, y: Double)] {
        func inside(_ p: (x: Double, y: Double)) -> Bool {
            switch edge {
            case 0: return p.x >= area.minX
            case 1: return p.x <= area.maxX
            case 2: return p.y >= area.minY
            default: return p.y <= area.maxY
            }
        }
        func crossing(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
            switch edge {
            case 0, 1:
                let x = edge == 0 ? area.minX : area.maxX
                return (x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
            default:
                let y = edge == 2 ? area.minY : area.maxY
                return (a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y)
            }
        }
        var output: [(x: Double, y: Double)] = []
        output.reserveCapacity(points.count + 4)
        var previous = points[points.count - 1]
        for point in points {
            let pointInside = inside(point)
            if pointInside {
                if !inside(previous) { output.append(crossing(previous, point)) }
                output.append(point)
            } else if inside(previous) {
                output.append(crossing(previous, point))
            }
            previous = point
        }
        return output
    }
}
