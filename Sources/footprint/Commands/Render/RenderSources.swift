import FootprintGeo
import FootprintRender
import FootprintStore
import Foundation

/// What the render commands draw, gathered from the database, GeoJSON files and `Data/`.
enum RenderSources {
    /// Credit for the data the maps may draw (Data/README.md's sources).
    static let attribution = "Footprint · Natural Earth · NGII"

    /// The places as markers: coloured by category, named by their `<title>`.
    static func overlays(of places: [MapPlace]) -> [Overlay] {
        places.compactMap { place in
            guard
                let marker = try? Marker(
                    coordinate: place.coordinate, color: CategoryPalette.color(forCategory: place.category),
                    title: place.name)
            else { return nil }
            return .marker(marker)
        }
    }

    /// The stored routes as one path (its parts never joined), drawn as a day's route is.
    static func overlays(ofRoutes lines: [[Coordinate]]) -> [Overlay] {
        guard !lines.isEmpty, let stroke = DayMap.routeStroke,
            let path = try? PathOverlay(parts: lines, stroke: stroke, outline: DayMap.routeOutline)
        else { return [] }
        return [.path(path)]
    }

    /// The basemap from `$FOOTPRINT_DATA`, else `./Data`: land from `world_countries.geojson`
    /// and `kr_sido.geojson`, boundaries from `kr_sido.geojson`, and from zoom 10 the 시군구
    /// (city, county, district) boundaries of `kr_sigungu.geojson.gz` (or the file unpacked), read
    /// only when a map that deep is drawn; `nil` when neither of the first two is there.
    static func basemap() -> Basemap? {
        let environment = ProcessInfo.processInfo.environment["FOOTPRINT_DATA"]
        let folder = URL(fileURLWithPath: (environment?.isEmpty == false ? environment : nil) ?? "Data")
        let decoder = GeoJSONDecoder(mode: .lenient)
        func geometries(_ name: String) -> [Geometry] {
            guard let data = FileManager.default.wholeContents(atPath: folder.appendingPathComponent(name).path),
                let object = try? decoder.decode([UInt8](data))
            else { return [] }
            return Self.geometries(in: object)
        }
        let world = geometries("world_countries.geojson")
        let provinces = geometries("kr_sido.geojson")
        guard !world.isEmpty || !provinces.isEmpty else { return nil }
        let districts = folder.appendingPathComponent("kr_sigungu.geojson")
        return Basemap.geometries(world + provinces, boundaries: provinces).addingDetailBoundaries {
            let decoder = GeoJSONDecoder(mode: .lenient)
            var bytes = FileManager.default.wholeContents(atPath: districts.path).map { [UInt8]($0) }
            if bytes == nil, let packed = FileManager.default.wholeContents(atPath: districts.path + ".gz") {
                bytes = Gzip.decompressed([UInt8](packed))
            }
            guard let bytes, let object = try? decoder.decode(bytes) else { return [] }
            return Self.geometries(in: object)
        }
    }

    static func geometries(in object: GeoJSONObject) -> [Geometry] {
        switch object {
        case .geometry(let geometry): return [geometry]
        case .feature(let feature): return feature.geometry.map { [$0] } ?? []
        case .featureCollection(let collection): return collection.features.compactMap(\.geometry)
        }
    }

    /// A GeoJSON file's features (stdin's for `-`) as overlays, read leniently (what `geo validate`
    /// only warns about draws); simplestyle properties give colours and widths, `title` or `name`
    /// the title.
    static func overlays(geoJSONFile path: String) throws -> [Overlay] {
        let label = InputFile.label(path)
        let data: Data
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let problem): throw RenderError.unreadable(file: label, reason: problem.reason)
        }
        let object: GeoJSONObject
        do {
            object = try GeoJSONDecoder(mode: .lenient).decode([UInt8](data))
        } catch {
            throw RenderError.geoJSON(message: error.description(in: label))
        }
        let features: [Feature]
        switch object {
        case .geometry(let geometry): features = [Feature(geometry: geometry)]
        case .feature(let feature): features = [feature]
        case .featureCollection(let collection): features = collection.features
        }
        var overlays: [Overlay] = []
        for feature in features {
            guard let geometry = feature.geometry else { continue }
            overlays += Self.overlays(geometry, properties: feature.properties ?? [])
        }
        return overlays
    }

    static func overlays(_ geometry: Geometry, properties: JSONMembers) -> [Overlay] {
        func text(_ key: String) -> String? {
            for (name, value) in properties where name == key {
                if case .string(let string) = value { return string }
            }
            return nil
        }
        func number(_ key: String) -> Double? {
            for (name, value) in properties where name == key {
                if case .number(let number) = value { return number }
                if case .integer(let number) = value { return Double(number) }
            }
            return nil
        }
        func color(_ key: String, opacity: String) -> OverlayColor? {
            guard let hex = text(key) else { return nil }
            return try? OverlayColor(hex: hex, opacity: min(1, max(0, number(opacity) ?? 1)))
        }
        let title = text("title") ?? text("name")
        let strokeColor = color("stroke", opacity: "stroke-opacity") ?? (try? OverlayColor(hex: "#1e88e5"))
        let stroke = strokeColor.flatMap { try? StrokeStyle(color: $0, width: max(0, number("stroke-width") ?? 3)) }
        switch geometry {
        case .point(let point):
            let symbol = text("marker-symbol").flatMap { $0.isEmpty || $0.contains(where: \.isWhitespace) ? nil : $0 }
            let size = text("marker-size").flatMap(MarkerSize.init(rawValue:)) ?? .medium
            guard
                let marker = try? Marker(
                    coordinate: point.coordinate, symbol: symbol,
                    color: color("marker-color", opacity: "marker-opacity"),
                    size: size, title: title)
            else { return [] }
            return [.marker(marker)]
        case .multiPoint(let points):
            return points.coordinates.flatMap { overlays(.point(Point($0)), properties: properties) }
        case .lineString(let line):
            guard let stroke, line.coordinates.count >= 2,
                let path = try? PathOverlay(parts: [line.coordinates], stroke: stroke, title: title)
            else { return [] }
            return [.path(path)]
        case .multiLineString(let lines):
            let parts = lines.lines.map(\.coordinates).filter { $0.count >= 2 }
            guard let stroke, !parts.isEmpty, let path = try? PathOverlay(parts: parts, stroke: stroke, title: title)
            else { return [] }
            return [.path(path)]
        case .polygon(let polygon):
            guard let exterior = polygon.exterior,
                let overlay = try? PolygonOverlay(
                    exterior: exterior, holes: Array(polygon.holes),
                    fill: color("fill", opacity: "fill-opacity") ?? (try? OverlayColor(hex: "#555555", opacity: 0.6)),
                    stroke: stroke, title: title)
            else { return [] }
            return [.polygon(overlay)]
        case .multiPolygon(let polygons):
            return polygons.polygons.flatMap { overlays(.polygon($0), properties: properties) }
        case .geometryCollection(let geometries):
            return geometries.flatMap { overlays($0, properties: properties) }
        }
    }
}
