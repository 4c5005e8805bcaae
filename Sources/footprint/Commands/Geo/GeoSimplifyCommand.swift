import ArgumentParser
import FootprintGeo

/// `footprint geo simplify (--tolerance M | --tolerance-deg D)`: GeoJSON in, GeoJSON out.
struct GeoSimplifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplify", abstract: "Simplify the lines and rings of a GeoJSON document (Douglas–Peucker).",
        discussion: """
            Reads GeoJSON on stdin (a geometry, Feature or FeatureCollection) and writes it back with every
            line and ring simplified. --tolerance is in metres on the ground; --tolerance-deg is planar
            degrees and keeps exactly the points GEOS/shapely simplify(preserve_topology=False) and Turf keep.
            A ring that collapses below 4 positions is dropped, as GEOS does.
            """)

    @Option(parsing: .unconditional, help: "Tolerance in metres.") var tolerance: Double?
    @Option(name: .customLong("tolerance-deg"), parsing: .unconditional, help: "Tolerance in planar degrees.")
    var toleranceDegrees: Double?
    @Option(help: "Decimal digits of the output's coordinates.") var decimals = 6

    func validate() throws {
        guard (tolerance == nil) != (toleranceDegrees == nil) else {
            throw ValidationError("Give either --tolerance M or --tolerance-deg D.")
        }
    }

    func run() throws {
        guard (0...17).contains(decimals) else {
            throw FootprintGeoError.invalidArgument(name: "decimals", value: String(decimals), reason: "use 0 to 17")
        }
        for (name, value, unit) in [("tolerance", tolerance, "metres"), ("tolerance-deg", toleranceDegrees, "degrees")] {
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
            throw InputError(input: "stdin", error)
        }
        // The lenient reader keeps out-of-range positions; simplifying them would rewrite them.
        try Self.checkRanges(document)
        let simplified = try document.mappingGeometries { (geometry) throws(FootprintGeoError) -> Geometry in
            if let tolerance {
                return try geometry.simplified { (line) throws(FootprintGeoError) in try line.simplified(tolerance: tolerance) }
            }
            let degrees = toleranceDegrees ?? 0
            return try geometry.simplified { (line) throws(FootprintGeoError) in try line.simplified(toleranceDegrees: degrees) }
        }
        Output.line(GeoJSONEncoder(decimals: decimals).encode(simplified))
    }

    /// Throws the first position outside ±90° latitude or ±180° longitude, naming stdin.
    static func checkRanges(_ document: GeoJSONObject) throws {
        var failure: (any Error)?
        _ = document.mappingGeometries { geometry in
            for coordinate in geometry.allCoordinates where failure == nil {
                do {
                    _ = try Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)
                } catch {
                    failure = error
                }
            }
            return geometry
        }
        if let failure { throw InputError(input: "stdin", failure) }
    }
}
