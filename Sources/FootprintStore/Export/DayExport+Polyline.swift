import FootprintGeo

extension DayExport {
    /// One encoded polyline (Google's format) per route part, one a line, in day and part order;
    /// nothing at all when no day has a route.
    ///
    /// - Throws: ``FootprintGeoError`` for a precision outside ``Polyline/precisions``.
    public func polylines(precision: Int = 5) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for day in days {
            for part in day.parts {
                bytes.append(contentsOf: try Polyline.encode(part.map { $0.coordinate }, precision: precision).utf8)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }
}
