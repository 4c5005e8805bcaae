import FootprintGeo
import FootprintProjection

/// Turns the coordinate pair of an import row into a WGS84 ``Coordinate``: as it is for WGS84
/// degrees, through PROJ (``Transformer``) for another CRS given with the import (`EPSG:5186`,
/// `tm128`, `EPSG:4258` …). PROJ is loaded only when a CRS other than WGS84 is given.
///
/// The pair is always in PROJ's visualization order, as GDAL writes a CSV's `X`/`Y` columns
/// (`ogr2ogr -lco GEOMETRY=AS_XY`): `x` is the easting or the longitude, `y` the northing or the
/// latitude, whatever axis order the EPSG definition gives (EPSG:4326 is latitude first there).
struct SourceProjection {
    /// True when the import names a CRS (`--crs`), WGS84 included: then x/y columns are read.
    let isGiven: Bool
    /// True when the pair is in degrees (no CRS, WGS84, or another geographic CRS).
    let isGeographic: Bool
    private let transformer: Transformer?

    /// WGS84 degrees, checked as ``Coordinate`` checks them, no CRS given.
    static let wgs84 = SourceProjection(transformer: nil, isGiven: false, isGeographic: true)

    private init(transformer: Transformer?, isGiven: Bool, isGeographic: Bool) {
        self.transformer = transformer
        self.isGiven = isGiven
        self.isGeographic = isGeographic
    }

    /// The projection for `crs`; `nil` means WGS84 degrees with no CRS given, `EPSG:4326` and
    /// `WGS84` mean the same degrees without PROJ.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` with PROJ's reason when
    ///   the CRS is invalid or unknown, or cannot be converted to WGS84.
    init(crs: String?, path: String) throws {
        guard let crs else {
            self = .wgs84
            return
        }
        if Self.isWGS84(crs) {
            self.init(transformer: nil, isGiven: true, isGeographic: true)
            return
        }
        do {
            let transformer = try Transformer(from: CRS(crs), to: .wgs84)
            self.init(
                transformer: transformer, isGiven: true, isGeographic: transformer.sourceIsGeographic)
        } catch {
            throw FootprintStoreError.invalidInput(
                path: path, line: nil, reason: error.description.droppingFinalPeriod())
        }
    }

    /// The WGS84 position of `x` (easting or longitude) and `y` (northing or latitude).
    func coordinate(x: Double, y: Double) -> Result<Coordinate, RowProblem> {
        guard let transformer else { return ImportText.coordinate(latitude: y, longitude: x) }
        guard x.isFinite, y.isFinite else {
            return .failure(RowProblem("The x \(x) or y \(y) is not a number"))
        }
        do {
            let position = try transformer.transform(CRSCoordinate(x: x, y: y))
            return ImportText.coordinate(latitude: position.y, longitude: position.x)
        } catch {
            return .failure(RowProblem(sentence: error.description))
        }
    }

    private static func isWGS84(_ crs: String) -> Bool {
        let folded = crs.lowercased().filter { !$0.isWhitespace }
        return ["epsg:4326", "wgs84", "4326"].contains(folded)
    }
}

extension String {
    /// The sentence without its final full stop, to put it inside another sentence.
    func droppingFinalPeriod() -> String {
        hasSuffix(".") ? String(dropLast()) : self
    }
}
