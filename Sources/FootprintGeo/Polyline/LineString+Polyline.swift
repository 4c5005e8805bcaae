extension LineString {
    /// The line's encoded polyline (Google's Encoded Polyline Algorithm Format) at `precision`
    /// decimals; see ``Polyline/encode(_:precision:)``. The empty line gives the empty string.
    public func encodedPolyline(precision: Int = 5) throws(FootprintGeoError) -> String {
        try Polyline.encode(coordinates, precision: precision)
    }

    /// The line of an encoded polyline; see ``Polyline/decode(_:precision:)``.
    ///
    /// A string of one position (two values) is accepted and gives a one-position line, as
    /// PostGIS `ST_LineFromEncodedPolyline` does: a polyline, unlike a GeoJSON LineString, may
    /// hold a single point.
    public init(encodedPolyline: String, precision: Int = 5) throws(FootprintGeoError) {
        self.init(unchecked: try Polyline.decode(encodedPolyline, precision: precision))
    }
}
