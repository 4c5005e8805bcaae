import FootprintGeo
import FootprintProjection

/// Turns the coordinate pair of an import row into a WGS84 ``Coordinate``: as it is for WGS84
/// degrees, through PROJ (``Transformer``) for another CRS given with the import (`EPSG:5186`,
/// `tm128` …). PROJ is loaded only when a projected CRS is given.
struct SourceProjection {
    /// True when the pair is in another CRS than WGS84 degrees.
    var isProjected: Bool { transformer != nil }
    private let transformer: Transformer?

    /// WGS84 degrees, checked as ``Coordinate`` checks them.
    static let wgs84 = SourceProjection(transformer: nil)

    private init(transformer: Transformer?) {
        self.transformer = transformer
    }

    /// The projection for `crs`; `nil`, `EPSG:4326` and `WGS84` mean degrees.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` with PROJ's reason when
    ///   the CRS is invalid or unknown, or cannot be converted to WGS84.
    init(crs: String?, path: String) throws {
        guard let crs, !Self.isWGS84(crs) else {
            self = .wgs84
            return
        }
        do {
            self.init(transformer: try Transformer(from: CRS(crs), to: .wgs84))
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
