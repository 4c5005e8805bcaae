import FootprintGeo
import FootprintRender
import FootprintStore

/// The map of a day (or a range of days): `render map --day` and `day export --format svg` draw
/// it from the same ``DayExport``, so both write the same bytes.
enum DayMap {
    /// The route's colour and casing, the visits' colour.
    static let routeStroke = try? StrokeStyle(color: OverlayColor(hex: "#1e88e5"), width: 4)
    static let routeOutline = try? StrokeStyle(color: OverlayColor(hex: "#ffffff"), width: 1.5)
    static let visitColor = try? OverlayColor(hex: "#e53935")

    /// The days' overlays: one path a day whose parts (GPX segments, privacy cuts) are never
    /// joined, a named marker per visit, a photo marker per photo. The export is already masked.
    static func overlays(of export: DayExport) -> [Overlay] {
        var overlays: [Overlay] = []
        for day in export.days {
            let parts = day.parts.map { $0.map(\.coordinate) }.filter { $0.count >= 2 }
            if let stroke = routeStroke, !parts.isEmpty,
                let path = try? PathOverlay(parts: parts, stroke: stroke, outline: routeOutline, title: day.date)
            {
                overlays.append(.path(path))
            }
            for visit in day.visits {
                if let marker = try? Marker(coordinate: visit.coordinate, color: visitColor, title: visit.name) {
                    overlays.append(.marker(marker))
                }
            }
            for photo in day.photos {
                guard let coordinate = photo.coordinate, let takenAt = photo.takenAt?.date,
                    let marker = try? PhotoMarker(coordinate: coordinate, file: photo.path, takenAt: takenAt)
                else { continue }
                overlays.append(.photo(marker))
            }
        }
        return overlays
    }

    /// The SVG map of the export, fitted to what it draws; the whole world when it draws nothing.
    static func svg(
        _ export: DayExport, mask: PrivacyMask?, basemap: Basemap?, width: Int, height: Int, title: String? = nil
    ) throws -> [UInt8] {
        let heading = title ?? (export.first == export.last ? export.first : "\(export.first) – \(export.last)")
        let scene = MapScene(
            overlays: overlays(of: export), basemap: basemap, privacy: mask, title: heading,
            attribution: RenderSources.attribution)
        let frame: MapFrame
        if let area = scene.contentBox {
            frame = try MapFrame(fitting: area, width: width, height: height)
        } else {
            frame = try MapFrame(
                center: Coordinate(uncheckedLatitude: 0, longitude: 0), zoom: 0, width: width, height: height)
        }
        return MapRenderer.svg(scene, frame: frame)
    }

    /// The one-line notice for an export with nothing stored.
    static func emptyNotice(_ export: DayExport) -> String {
        let dates = export.first == export.last ? export.first : "\(export.first) to \(export.last)"
        return "Nothing is stored for \(dates); the map is empty."
    }
}
