import FootprintGeo

/// Turns the coordinate pair of an import row into a WGS84 ``Coordinate``: as it is for WGS84
/// degrees, through PROJ for a projected CRS given with the import (`EPSG:5186` …).
struct SourceProjection {
    /// True when the pair is in metres of a projected CRS.
    let isProjected: Bool
    /// The CRS as the user named it.
    let crsName: String?

    /// WGS84 degrees, checked as ``Coordinate`` checks them.
    static let wgs84 = SourceProjection(isProjected: false, crsName: nil)

    private init(isProjected: Bool, crsName: String?) {
        self.isProjected = isProjected
        self.crsName = crsName
    }

    /// The projection for `crs` (`nil`, `EPSG:4326`, `WGS84` mean degrees).
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` when the CRS is unknown
    ///   or cannot be converted to WGS84.
    init(crs: String?, path: String) throws {
        guard let crs, !Self.isWGS84(crs) else {
            self = .wgs84
            return
        }
        throw FootprintStoreError.invalidInput(
            path: path, line: nil,
            reason: "projected coordinates (\(crs)) need FootprintProjection, which this build does not have yet")
    }

    /// The WGS84 position of `x` (easting or longitude) and `y` (northing or latitude).
    func coordinate(x: Double, y: Double) -> Result<Coordinate, RowProblem> {
        ImportText.coordinate(latitude: y, longitude: x)
    }

    private static func isWGS84(_ crs: String) -> Bool {
        let folded = crs.lowercased().filter { !$0.isWhitespace }
        return ["epsg:4326", "wgs84", "wgs 84", "4326"].contains(folded)
    }
}
