import FootprintGeo

/// The two coordinate columns of a CSV header, as a message names them, to say in the file's
/// own terms that they look swapped: a CSV has columns, not the `LAT,LON` of a point argument.
struct SwappedColumns: Hashable, Sendable {
    /// The header names as written (trimmed) of the column read as the latitude (or `y`) and of
    /// the one read as the longitude (or `x`).
    var latitudeName: String
    var longitudeName: String
    /// True for x/y columns read with a geographic `--crs`.
    var isXY: Bool

    init(names: [String], latitude: Int, longitude: Int, isXY: Bool) {
        latitudeName = Self.shown(names[latitude])
        longitudeName = Self.shown(names[longitude])
        self.isXY = isXY
    }

    /// Why the row is skipped when its pair is valid the other way round (Korean data written
    /// longitude first, as ``Coordinate`` tells it), or — for x/y columns, which a geographic
    /// `--crs` reads as degrees — out of range (metres given the wrong CRS); `nil` for any other
    /// bad pair, which ``Coordinate``'s own words say well for lat/lon columns.
    func problem(latitude: Double, longitude: Double) -> RowProblem? {
        do {
            _ = try Coordinate(latitude: latitude, longitude: longitude)
            return nil
        } catch .swappedLatitudeLongitude {
            if isXY {
                return RowProblem(
                    "The “\(longitudeName)” column's \(formatted(longitude)) is a latitude and the “\(latitudeName)” "
                        + "column's \(formatted(latitude)) a longitude: with a geographic --crs, x is the longitude "
                        + "and y the latitude, as GDAL writes them")
            }
            return RowProblem(
                "The “\(latitudeName)” column's \(formatted(latitude)) is a longitude and the “\(longitudeName)” "
                    + "column's \(formatted(longitude)) a latitude: the two columns look swapped")
        } catch .outOfRange(let axis, let value) where isXY {
            let (name, limit) = axis == "latitude" ? (latitudeName, 90) : (longitudeName, 180)
            // Beyond a few thousand "degrees" the numbers are metres of a projected grid.
            let hint =
                abs(value) > 1000
                ? ": x and y in metres need the projected CRS they are in, such as --crs EPSG:5186"
                : ""
            return RowProblem(
                "The “\(name)” column's \(formatted(value)) is outside -\(limit)…\(limit) degrees\(hint)")
        } catch {
            return nil
        }
    }

    private static func shown(_ name: String) -> String {
        ImportText.trimmedWhitespace(name.replacingOccurrences(of: "\u{FEFF}", with: ""))
    }
}
