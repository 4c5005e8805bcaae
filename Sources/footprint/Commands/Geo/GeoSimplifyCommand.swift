import ArgumentParser
import FootprintGeo

/// `footprint geo simplify (--tolerance M | --tolerance-deg D)`: GeoJSON in, GeoJSON out.
struct GeoSimplifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplify", abstract: "Simplify the lines and rings of a GeoJSON document (Douglas–Peucker).",
        discussion: """
            Reads GeoJSON on stdin (a geometry, Feature or FeatureCollection) and writes it back with every \
            line and ring simplified. --tolerance is in metres on the ground; --tolerance-deg is planar \
            degrees (longitude and latitude as x and y).

            Lines: Douglas–Peucker; with --tolerance-deg exactly the points GEOS/shapely \
            simplify(tolerance, preserve_topology=False) and Turf simplify keep.

            Polygons: never invalid, as GEOS's TopologyPreservingSimplifier (shapely \
            simplify(tolerance, preserve_topology=True), PostGIS ST_SimplifyPreserveTopology) keeps them: \
            no ring crosses itself or another ring, holes stay in their shell, the polygons of a \
            MultiPolygon stay apart, and every ring keeps at least 4 positions. The points kept may \
            differ from GEOS's on some rings (a few more kept here); with --tolerance too.

            Nothing else is rewritten: longitudes stay as read (a line stepping from 179 to -179 \
            stays one line; --split-antimeridian cuts it there, RFC 7946 §3.1.9). Rings that do \
            not follow the right-hand rule are rewound, as RFC 7946 §3.1.6 asks of a writer, and \
            stderr says how many were.
            """)

    @Option(
        name: .customLong("tolerance"), parsing: .unconditional,
        help: ArgumentHelp("Tolerance in metres.", valueName: "tolerance"))
    var toleranceText: DecimalArgument?
    @Option(
        name: .customLong("tolerance-deg"), parsing: .unconditional,
        help: ArgumentHelp("Tolerance in planar degrees.", valueName: "tolerance-deg"))
    var toleranceDegreesText: DecimalArgument?
    @Option(parsing: .unconditional, help: "Decimal digits of the output's coordinates.")
    var decimals = WholeNumberArgument(6)
    @Flag(help: "Cut lines and polygons where they cross the antimeridian (RFC 7946 §3.1.9).")
    var splitAntimeridian = false

    func validate() throws {
        guard (toleranceText == nil) != (toleranceDegreesText == nil) else {
            throw ValidationError("Give either --tolerance M or --tolerance-deg D.")
        }
    }

    func run() throws {
        let decimals = try self.decimals.value(of: "decimals")
        guard (0...17).contains(decimals) else {
            throw FootprintGeoError.invalidArgument(name: "decimals", value: String(decimals), reason: "use 0 to 17")
        }
        let tolerance = try toleranceText?.value(of: "tolerance")
        let toleranceDegrees = try toleranceDegreesText?.value(of: "tolerance-deg")
        for (name, value, unit) in [("tolerance", tolerance, "metres"), ("tolerance-deg", toleranceDegrees, "degrees")]
        {
            // The library takes an infinite tolerance (it keeps the ends only); typed, it is a slip.
            if let value, !(value.isFinite && value >= 0) {
                throw FootprintGeoError.invalidArgument(
                    name: name, value: GeoFormat.plain(value), reason: "give a finite number of \(unit), 0 or more")
            }
        }
        let document: GeoJSONObject
        do {
            document = try GeoJSONDecoder().decode(StandardInput.bytes())
        } catch {
            throw InputError(input: StandardInput.name, error)
        }
        // The lenient reader keeps out-of-range positions; simplifying them would rewrite them.
        try Self.checkRanges(document)
        let simplified = try document.mappingGeometries { (geometry) throws(FootprintGeoError) -> Geometry in
            if let tolerance { return try geometry.simplified(tolerance: tolerance) }
            return try geometry.simplified(toleranceDegrees: toleranceDegrees ?? 0)
        }
        let rewound = Self.ringsAgainstRightHandRule(simplified)
        if rewound > 0 {
            Output.error(
                "Warning: \(StandardInput.name): \(rewound == 1 ? "1 ring was" : "\(rewound) rings were") rewound to "
                    + "the right-hand rule (RFC 7946 §3.1.6: exteriors counterclockwise, holes clockwise).")
        }
        Output.line(GeoJSONEncoder(decimals: decimals, splitsAtAntimeridian: splitAntimeridian).encode(simplified))
    }

    /// How many rings of the document's polygons the encoder rewinds.
    static func ringsAgainstRightHandRule(_ document: GeoJSONObject) -> Int {
        switch document {
        case .geometry(let geometry): return geometry.ringsAgainstRightHandRule
        case .feature(let feature): return feature.geometry?.ringsAgainstRightHandRule ?? 0
        case .featureCollection(let collection):
            return collection.features.reduce(0) { $0 + ($1.geometry?.ringsAgainstRightHandRule ?? 0) }
        }
    }

    /// Throws the first position outside ±90° latitude or ±180° longitude, naming stdin and the
    /// position's JSON path (`<stdin>: features[2].geometry.coordinates[0][5]: The longitude …`).
    static func checkRanges(_ document: GeoJSONObject) throws {
        switch document {
        case .geometry(let geometry): try checkRanges(geometry, path: "")
        case .feature(let feature): try feature.geometry.map { try checkRanges($0, path: "geometry.") }
        case .featureCollection(let collection):
            for (index, feature) in collection.features.enumerated() {
                try feature.geometry.map { try checkRanges($0, path: "features[\(index)].geometry.") }
            }
        }
    }

    /// `prefix` is the geometry's path with a trailing dot (empty for the root).
    private static func checkRanges(_ geometry: Geometry, path prefix: String) throws {
        func check(_ coordinates: [Coordinate], _ path: String) throws {
            for (index, coordinate) in coordinates.enumerated() {
                do {
                    _ = try Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)
                } catch {
                    throw InputError(input: StandardInput.name, PathError(path: "\(path)[\(index)]", error: error))
                }
            }
        }
        let coordinates = prefix + "coordinates"
        switch geometry {
        case .point(let point):
            do {
                _ = try Coordinate(latitude: point.coordinate.latitude, longitude: point.coordinate.longitude)
            } catch {
                throw InputError(input: StandardInput.name, PathError(path: coordinates, error: error))
            }
        case .multiPoint(let points): try check(points.coordinates, coordinates)
        case .lineString(let line): try check(line.coordinates, coordinates)
        case .multiLineString(let lines):
            for (index, line) in lines.lines.enumerated() { try check(line.coordinates, "\(coordinates)[\(index)]") }
        case .polygon(let polygon):
            for (index, ring) in polygon.rings.enumerated() { try check(ring, "\(coordinates)[\(index)]") }
        case .multiPolygon(let polygons):
            for (outer, polygon) in polygons.polygons.enumerated() {
                for (index, ring) in polygon.rings.enumerated() {
                    try check(ring, "\(coordinates)[\(outer)][\(index)]")
                }
            }
        case .geometryCollection(let geometries):
            for (index, member) in geometries.enumerated() {
                try checkRanges(member, path: "\(prefix)geometries[\(index)].")
            }
        }
    }
}

/// An error at a JSON path: `PATH: sentence`.
private struct PathError: Error, CustomStringConvertible {
    var path: String
    var error: any Error
    var description: String { "\(path): \(error)" }
}
