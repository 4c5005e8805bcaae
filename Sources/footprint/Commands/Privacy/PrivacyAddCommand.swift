import ArgumentParser
import FootprintGeo
import FootprintStore
import Foundation

/// `footprint privacy add --name N (--at LAT,LON --radius M | --polygon FILE.geojson)`.
struct PrivacyAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a privacy zone: a circle, or a GeoJSON polygon.",
        discussion: """
            A circle is --at LAT,LON with --radius in metres (more than 0, at most 50000). A polygon is a \
            GeoJSON file holding a Polygon or MultiPolygon (bare, in a Feature, or in a FeatureCollection of \
            one Feature); --polygon - reads it from standard input.
            """)

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "The zone's name (home, office).") var name: String
    @Option(parsing: .unconditional, help: "The circle's centre.") var at: PointArgument?
    @Option(parsing: .unconditional, help: "The circle's radius in metres.") var radius: DecimalArgument?
    @Option(parsing: .unconditional, help: "A GeoJSON file with a Polygon or MultiPolygon; “-” reads standard input.")
    var polygon: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if polygon != nil {
            guard at == nil, radius == nil else {
                throw ValidationError("Give either --polygon FILE or --at LAT,LON with --radius M, not both.")
            }
        } else if at == nil || radius == nil {
            throw ValidationError("Give --at LAT,LON and --radius M for a circle, or --polygon FILE for a polygon.")
        }
    }

    func run() throws {
        let zone: StoredPrivacyZone
        if let polygon {
            let geometry = try Self.polygonGeometry(file: polygon)
            let store = try root.openStore(.readWrite)
            do {
                zone = try store.addPrivacyZone(name: name, polygon: geometry)
            } catch let error as FootprintGeoError {
                throw InputError(input: InputFile.label(polygon), error)
            }
        } else {
            let center = try at!.coordinate()
            let meters = try radius!.value(of: "privacy zone radius")
            // Checked before the database is opened: a bad radius changes nothing.
            _ = try PrivacyZone(center: center, radiusMeters: meters)
            zone = try root.openStore(.readWrite).addPrivacyZone(name: name, center: center, radiusMeters: meters)
        }
        if output.json {
            Output.json(.array([zone.json]))
        } else {
            Output.line("Privacy zone \(zone.id) “\(zone.name)”: \(zone.areaText).")
        }
    }

    /// The Polygon or MultiPolygon of a GeoJSON file: a bare geometry, a Feature's, or the one
    /// Feature's of a FeatureCollection; `-` reads it from stdin. Errors name the file (`<stdin>`)
    /// and the JSON path.
    static func polygonGeometry(file: String) throws -> Geometry {
        let label = InputFile.label(file)
        let data: Data
        switch InputFile.read(file) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            throw InputError(input: label, ValidationError("\(problem.reason); nothing was changed."))
        }
        do {
            var geometry: Geometry?
            var path = ""
            switch try GeoJSONDecoder().decode([UInt8](data)) {
            case .geometry(let bare):
                geometry = bare
            case .feature(let feature):
                geometry = feature.geometry
                path = "geometry"
            case .featureCollection(let collection):
                guard collection.features.count == 1 else {
                    throw GeoJSONError.unexpectedContent(
                        path: "features",
                        reason: "give one Feature with a Polygon or MultiPolygon, not \(collection.features.count)")
                }
                geometry = collection.features[0].geometry
                path = "features[0].geometry"
            }
            switch geometry {
            case .polygon(let polygon)?:
                try checkZone(polygon, path: path.isEmpty ? "coordinates" : path + ".coordinates")
                return geometry!
            case .multiPolygon(let multi)?:
                for (index, polygon) in multi.polygons.enumerated() {
                    try checkZone(polygon, path: (path.isEmpty ? "coordinates" : path + ".coordinates") + "[\(index)]")
                }
                return geometry!
            case let other:
                throw GeoJSONError.unexpectedContent(
                    path: path,
                    reason:
                        "expected a Polygon or MultiPolygon, got \(other.map { "a \($0.geoJSONTypeName)" } ?? "null")")
            }
        } catch let error as GeoJSONError {
            throw InputError(input: label, error)
        }
    }
}

extension PrivacyAddCommand {
    /// Throws what makes the polygon at `path` unusable as a zone (a ring too short, no area) as
    /// a GeoJSON error at that path: the lenient reader closes rings but does not count them.
    static func checkZone(_ polygon: Polygon, path: String) throws(GeoJSONError) {
        do {
            _ = try PrivacyZone(polygon: polygon)
        } catch {
            if case .invalidRing(let index, let reason) = error {
                throw .invalidShape(path: "\(path)[\(index)]", reason: reason)
            }
            throw .invalidShape(path: path, reason: "\(error)")
        }
    }
}

extension StoredPrivacyZone {
    /// `200 m around 37.5665,126.978`, `a polygon of 5 positions`, `2 polygons`.
    var areaText: String {
        switch area {
        case .circle(let center, let radiusMeters):
            return "\(GeoFormat.plain(radiusMeters)) m around \(center)"
        case .polygons(let polygons):
            if polygons.count == 1 { return "a polygon of \(polygons[0].exterior?.count ?? 0) positions" }
            return "\(polygons.count) polygons"
        }
    }

    /// `{id, name, lat, lon, radius_m, polygon}`: a circle's centre and radius, or the polygon as
    /// a GeoJSON geometry object (full precision); the others `null`.
    var json: JSONValue {
        var lat = JSONValue.null
        var lon = JSONValue.null
        var radius = JSONValue.null
        var polygon = JSONValue.null
        switch area {
        case .circle(let center, let radiusMeters):
            (lat, lon, radius) = (.number(center.latitude), .number(center.longitude), .number(radiusMeters))
        case .polygons(let polygons):
            func rings(_ polygon: Polygon) -> JSONValue {
                .array(polygon.rings.map { .array($0.map { .array([.number($0.longitude), .number($0.latitude)]) }) })
            }
            polygon =
                polygons.count == 1
                ? .object([("type", .string("Polygon")), ("coordinates", rings(polygons[0]))])
                : .object([("type", .string("MultiPolygon")), ("coordinates", .array(polygons.map(rings)))])
        }
        return .object([
            ("id", .integer(id)), ("name", .string(name)), ("lat", lat), ("lon", lon), ("radius_m", radius),
            ("polygon", polygon),
        ])
    }
}
