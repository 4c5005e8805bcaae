import Foundation
import FootprintGeo

/// What a map shows, prepared once for any number of frames: overlays projected to the Web
/// Mercator unit square, privacy zones applied, markers sorted for fast lookup by area.
///
/// Build a scene once and render every tile of a pyramid from it; the scene is immutable and
/// `Sendable`, so tiles render in parallel.
public struct MapScene: Sendable {
    /// A marker or photo ready to draw.
    struct Pin: Sendable {
        var point: UnitPoint
        var shape: MarkerShape
        var size: MarkerSize
        /// The fill, or `nil` for the default grey.
        var color: OverlayColor?
        var title: String?
        /// The letter or number drawn on the marker, if its symbol is one.
        var glyph: String?
    }

    /// A stroked line: one colour, one width, its pieces.
    struct Line: Sendable {
        var pieces: [[UnitPoint]]
        var color: OverlayColor
        var width: Double
        var dash: [Double]
        var cap: LineCap
        var join: LineJoin
        /// The box of every piece, for skipping lines away from a tile.
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    /// A filled and stroked area.
    struct Area: Sendable {
        var rings: [[UnitPoint]]
        var fill: OverlayColor?
        var stroke: StrokeStyle?
        var title: String?
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    /// A circle of a radius on the ground.
    struct Disc: Sendable {
        var center: UnitPoint
        var latitude: Double
        var radiusMeters: Double
        var fill: OverlayColor?
        var stroke: StrokeStyle?
        var title: String?
    }

    /// A label overlay.
    struct Text: Sendable {
        var point: UnitPoint
        var text: String
        var fontSize: Double
        var color: OverlayColor?
        var halo: StrokeStyle?
    }

    /// Markers and photos, sorted by x then by input order.
    var pins: [Pin] = []
    /// The x of each pin, for binary search.
    var pinXs: [Double] = []
    var areas: [Area] = []
    var discs: [Disc] = []
    /// Lines in drawing order: each path's outline, then its remaining part, then its walked part.
    var lines: [Line] = []
    var texts: [Text] = []
    /// The basemap, or `nil` to draw none.
    public let basemap: Basemap?
    /// The map's title (static maps draw it), or `nil`.
    public var title: String?
    /// The credit line for the data drawn, or `nil`.
    public var attribution: String?

    /// Prepares overlays for drawing.
    ///
    /// - Parameters:
    ///   - overlays: what to draw, in order within each layer.
    ///   - basemap: land and boundaries under everything, or `nil`.
    ///   - privacy: zones whose markers, photos, labels and route vertices are not drawn (routes
    ///     are cut there, ``PrivacyMask/masked(_:)``), or `nil` to draw everything.
    ///   - title: drawn at the top of a static map.
    ///   - attribution: drawn at the bottom right of a static map and kept in every tile's `<desc>`.
    public init(
        overlays: [Overlay], basemap: Basemap? = nil, privacy: PrivacyMask? = nil, title: String? = nil,
        attribution: String? = nil
    ) {
        self.basemap = basemap
        self.title = title
        self.attribution = attribution
        let mask = privacy.flatMap { $0.zones.isEmpty ? nil : $0 }
        var pins: [Pin] = []
        pins.reserveCapacity(overlays.count)
        // Markers mostly share a symbol: its shape and glyph are worked out once per run of it.
        var symbolCache: (symbol: String?, shape: MarkerShape, glyph: String?) = (nil, .pin, nil)
        for overlay in overlays {
            switch overlay {
            case .marker(let marker):
                if mask?.isMasked(marker.coordinate) == true { continue }
                if marker.symbol != symbolCache.symbol {
                    symbolCache = (
                        marker.symbol, MarkerShape(symbol: marker.symbol),
                        marker.symbol.flatMap { MarkerShape.glyph(of: $0) }
                    )
                }
                pins.append(
                    Pin(
                        point: UnitPoint(marker.coordinate), shape: symbolCache.shape, size: marker.size,
                        color: marker.color, title: marker.title, glyph: symbolCache.glyph))
            case .photo(let photo):
                if mask?.isMasked(photo.coordinate) == true { continue }
                pins.append(
                    Pin(
                        point: UnitPoint(photo.coordinate), shape: .photo, size: .medium, color: Self.photoColor,
                        title: photo.title ?? photo.file, glyph: nil))
            case .label(let label):
                if mask?.isMasked(label.coordinate) == true { continue }
                texts.append(
                    Text(
                        point: UnitPoint(label.coordinate), text: label.text, fontSize: label.fontSize,
                        color: label.color, halo: label.halo))
            case .path(let path): addPath(path, mask: mask)
            case .polygon(let polygon):
                // Vertices in a zone are not drawn, as a route's are not: each ring keeps the
                // others, and a ring left with fewer than three is dropped (a hole with it).
                var kept = polygon.polygon.rings
                if let mask {
                    kept = kept.map { $0.filter { !mask.isMasked($0) } }
                    guard let exterior = kept.first, exterior.count >= 3 else { continue }
                    kept = [exterior] + kept.dropFirst().filter { $0.count >= 3 }
                }
                let rings = kept.map { $0.map(UnitPoint.init) }
                areas.append(
                    Area(
                        rings: rings, fill: polygon.fill, stroke: polygon.stroke, title: polygon.title,
                        box: Self.box(of: rings)))
            case .circle(let circle):
                // A circle whose centre is in a zone would tell where the zone is: not drawn.
                if mask?.isMasked(circle.center) == true { continue }
                discs.append(
                    Disc(
                        center: UnitPoint(circle.center), latitude: circle.center.latitude,
                        radiusMeters: circle.radiusMeters, fill: circle.fill, stroke: circle.stroke, title: circle.title
                    ))
            }
        }
        // A stable sort: pins at the same x keep their input order, so clusters sum in one order.
        // Sorting small (x, index) pairs, not the pins, keeps their strings out of the swaps.
        var keys = pins.indices.map { (x: pins[$0].point.x, index: $0) }
        keys.sort { $0.x < $1.x || ($0.x == $1.x && $0.index < $1.index) }
        self.pins = keys.map { pins[$0.index] }
        self.pinXs = self.pins.map(\.point.x)
    }

    /// The colour of photo markers.
    static let photoColor = try? OverlayColor(hex: "#4a4a4a")

    /// Adds a path's lines: outline, remaining, walked; each cut by the privacy mask.
    mutating func addPath(_ path: PathOverlay, mask: PrivacyMask?) {
        let split: (passed: [LineString], remaining: [LineString])
        if path.passedColor != nil {
            split = path.splitAtProgress()
        } else {
            split = ([], path.parts)
        }
        func masked(_ lines: [LineString]) -> [[UnitPoint]] {
            var parts = lines.map(\.coordinates)
            if let mask { parts = mask.masked(parts) }
            return parts.filter { $0.count >= 2 }.map { $0.map(UnitPoint.init) }
        }
        let remaining = masked(split.remaining)
        let passed = masked(split.passed)
        let all = remaining + passed
        guard !all.isEmpty else { return }
        let box = Self.box(of: all)
        if let outline = path.outline, outline.width > 0 {
            lines.append(
                Line(
                    pieces: all, color: outline.color, width: path.stroke.width + 2 * outline.width, dash: [],
                    cap: path.cap, join: path.join, box: box))
        }
        if !remaining.isEmpty {
            lines.append(
                Line(
                    pieces: remaining, color: path.stroke.color, width: path.stroke.width, dash: path.dash.lengths,
                    cap: path.cap, join: path.join, box: Self.box(of: remaining)))
        }
        if let passedColor = path.passedColor, !passed.isEmpty {
            lines.append(
                Line(
                    pieces: passed, color: passedColor, width: path.stroke.width, dash: path.dash.lengths,
                    cap: path.cap, join: path.join, box: Self.box(of: passed)))
        }
    }

    static func box(of rings: [[UnitPoint]]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for ring in rings {
            for point in ring {
                box.minX = min(box.minX, point.x)
                box.maxX = max(box.maxX, point.x)
                box.minY = min(box.minY, point.y)
                box.maxY = max(box.maxY, point.y)
            }
        }
        return box
    }

    /// True when nothing would be drawn but the basemap.
    public var isEmpty: Bool { pins.isEmpty && areas.isEmpty && discs.isEmpty && lines.isEmpty && texts.isEmpty }

    /// The box of everything drawn (not the basemap), or `nil` when there is nothing.
    public var contentBox: BoundingBox? {
        var rings: [[UnitPoint]] = [pins.map(\.point), texts.map(\.point), discs.map(\.center)]
        rings += lines.flatMap(\.pieces)
        rings += areas.flatMap(\.rings)
        let box = Self.box(of: rings)
        guard box.minX.isFinite else { return nil }
        func coordinate(_ x: Double, _ y: Double) -> Coordinate {
            let longitude = (x - 0.5) * 360
            let latitude = atan(sinh(Double.pi * (1 - 2 * y))) * 180 / Double.pi
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
        let northWest = coordinate(box.minX, box.minY)
        let southEast = coordinate(box.maxX, box.maxY)
        return BoundingBox(
            uncheckedWest: northWest.longitude, south: southEast.latitude, east: southEast.longitude,
            north: northWest.latitude)
    }
}
