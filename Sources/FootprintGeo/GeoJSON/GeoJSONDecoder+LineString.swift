extension GeoJSONDecoder {
    /// The one line in a GeoJSON text, for commands that take a line (`geo polyline encode`,
    /// `geo simplify`): a LineString; a Feature whose geometry is one; a FeatureCollection in
    /// which exactly one feature has a line (other features — visit points — are ignored). A
    /// MultiLineString of a single line counts as that line. Lines of any length are accepted,
    /// 0 and 1 positions included, whatever ``mode`` says about one-position lines.
    ///
    /// - Throws: ``GeoJSONError`` from decoding, or ``GeoJSONError/unexpectedContent(path:reason:)``
    ///   when the text holds no line or several.
    public func decodeLineString(_ bytes: some Collection<UInt8>) throws(GeoJSONError) -> LineString {
        var decoder = self
        decoder.mode = .lenient
        switch try decoder.decode(bytes) {
        case .geometry(let geometry):
            return try Self.line(in: geometry, path: "")
        case .feature(let feature):
            guard let geometry = feature.geometry else {
                throw .unexpectedContent(path: "geometry", reason: "the Feature has no geometry; expected a LineString")
            }
            return try Self.line(in: geometry, path: "geometry")
        case .featureCollection(let collection):
            let indices = collection.features.indices.filter { index in
                collection.features[index].geometry.map { (try? Self.line(in: $0, path: "")) != nil } ?? false
            }
            guard indices.count == 1, let geometry = collection.features[indices[0]].geometry else {
                let reason =
                    indices.isEmpty
                    ? "the FeatureCollection holds no LineString"
                    : "the FeatureCollection holds \(indices.count) LineStrings (features[\(indices[0])], features[\(indices[1])]…); give one"
                throw .unexpectedContent(path: "features", reason: reason)
            }
            return try Self.line(in: geometry, path: "features[\(indices[0])].geometry")
        }
    }

    /// ``decodeLineString(_:)-(Collection<UInt8>)`` of a text.
    public func decodeLineString(_ text: String) throws(GeoJSONError) -> LineString {
        try decodeLineString(text.utf8)
    }

    static func line(in geometry: Geometry, path: String) throws(GeoJSONError) -> LineString {
        switch geometry {
        case .lineString(let line): return line
        case .multiLineString(let multiLine) where multiLine.lines.count == 1: return multiLine.lines[0]
        default:
            throw .unexpectedContent(path: path, reason: "expected a LineString, got a \(geometry.geoJSONTypeName)")
        }
    }
}
