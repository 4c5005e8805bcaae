/// Writes RFC 7946 GeoJSON text: compact, deterministic (the same value gives the same bytes),
/// UTF-8 with Hangul and other non-ASCII text unescaped.
///
/// - Positions are `[longitude, latitude]`, rounded half away from zero to ``decimals`` places
///   (6 by default, about 10 cm, as RFC 7946 §11.2 suggests); property values keep full double
///   precision.
/// - Polygons follow the right-hand rule (§3.1.6): exteriors counterclockwise, holes clockwise.
/// - Lines and polygons that cross the antimeridian are cut there (§3.1.9) into
///   MultiLineString / MultiPolygon parts meeting at ±180°.
/// - Members come in a fixed order: `type`, `id`, `bbox`, `geometry`, `properties` for a
///   Feature; `type`, `bbox`, `features` for a FeatureCollection; `type`, `bbox`,
///   `coordinates`/`geometries` for a geometry; foreign members after, in their order. No `crs`
///   is ever written (§4), and no foreign member that would clash with a GeoJSON member.
public struct GeoJSONEncoder: Hashable, Sendable {
    /// Decimal places of coordinates and bboxes (clamped to 0…17), or `nil` for full precision.
    public var decimals: Int?
    /// When true every Feature, FeatureCollection and top-level geometry gets a `bbox` computed
    /// from its geometry (RFC 7946 §5, antimeridian-aware); when false a `bbox` is written only
    /// where the value carries one.
    public var includesBoundingBox: Bool
    /// When true (the default, as RFC 7946 §3.1.9 asks) lines and polygons crossing the
    /// antimeridian are cut there.
    public var splitsAtAntimeridian: Bool

    /// Creates an encoder.
    public init(decimals: Int? = 6, includesBoundingBox: Bool = false, splitsAtAntimeridian: Bool = true) {
        self.decimals = decimals
        self.includesBoundingBox = includesBoundingBox
        self.splitsAtAntimeridian = splitsAtAntimeridian
    }

    /// The GeoJSON text of `object`, without a final newline.
    public func encode(_ object: GeoJSONObject) -> String {
        String(decoding: encodedBytes(object), as: UTF8.self)
    }

    /// The GeoJSON text of a bare geometry.
    public func encode(_ geometry: Geometry) -> String { encode(.geometry(geometry)) }

    /// The GeoJSON text of a Feature.
    public func encode(_ feature: Feature) -> String { encode(.feature(feature)) }

    /// The GeoJSON text of a FeatureCollection.
    public func encode(_ collection: FeatureCollection) -> String { encode(.featureCollection(collection)) }

    /// Appends one Feature's GeoJSON text to `bytes`, for writing a FeatureCollection feature by
    /// feature in constant memory (the caller writes `{"type":"FeatureCollection","features":[`,
    /// the commas and `]}`).
    public func appendFeature(_ feature: Feature, to bytes: inout [UInt8]) {
        var writer = GeoJSONWriter(encoder: self)
        swap(&writer.bytes, &bytes)
        writer.writeFeature(feature)
        swap(&writer.bytes, &bytes)
    }

    /// The UTF-8 bytes of `object`'s GeoJSON text.
    public func encodedBytes(_ object: GeoJSONObject) -> [UInt8] {
        var writer = GeoJSONWriter(encoder: self)
        switch object {
        case .geometry(let geometry):
            let prepared = prepare(geometry)
            writer.writeGeometry(prepared, bbox: includesBoundingBox ? BoundingBox(geoJSONCovering: [prepared]) : nil)
        case .feature(let feature):
            writer.writeFeature(feature)
        case .featureCollection(let collection):
            writer.writeFeatureCollection(collection)
        }
        return writer.bytes
    }

    /// The geometry as it will be written: cut at the antimeridian, rings by the right-hand rule.
    func prepare(_ geometry: Geometry) -> Geometry {
        (splitsAtAntimeridian ? geometry.splitAtAntimeridian() : geometry).orientedByRightHandRule()
    }
}

/// The output buffer of one encoding.
struct GeoJSONWriter {
    let encoder: GeoJSONEncoder
    var bytes: [UInt8] = []

    init(encoder: GeoJSONEncoder) { self.encoder = encoder }

    static let featureMembers: Set<String> = [
        "type", "id", "bbox", "geometry", "properties", "crs", "coordinates", "geometries", "features",
    ]
    static let collectionMembers: Set<String> = [
        "type", "bbox", "features", "crs", "coordinates", "geometries", "geometry", "properties",
    ]

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Double) {
        if let decimals = encoder.decimals {
            JSONNumberText.appendRounded(value, decimals: decimals, to: &bytes)
        } else {
            JSONNumberText.appendShortest(value, to: &bytes)
        }
    }

    mutating func bbox(_ values: [Double]) {
        raw(",\"bbox\":[")
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            number(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func bbox(_ box: BoundingBox?) {
        guard let box else { return }
        bbox([box.west, box.south, box.east, box.north])
    }

    mutating func foreignMembers(_ members: JSONMembers, skipping reserved: Set<String>) {
        for member in members where !reserved.contains(member.key) {
            bytes.append(UInt8(ascii: ","))
            JSONValue.writeString(member.key, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            member.value.write(into: &bytes)
        }
    }

    mutating func writeFeature(_ feature: Feature) {
        let geometry = feature.geometry.map(encoder.prepare)
        writeFeature(
            feature, preparedGeometry: geometry,
            bbox: encoder.includesBoundingBox ? geometry.flatMap { BoundingBox(geoJSONCovering: [$0]) } : nil)
    }

    mutating func writeFeature(_ feature: Feature, preparedGeometry geometry: Geometry?, bbox computed: BoundingBox?) {
        raw("{\"type\":\"Feature\"")
        switch feature.id {
        case .string(let text)?:
            raw(",\"id\":")
            JSONValue.writeString(text, into: &bytes)
        case .number(let value)?:
            raw(",\"id\":")
            JSONNumberText.appendShortest(value, to: &bytes)
        case .integer(let value)?:
            raw(",\"id\":")
            bytes.append(contentsOf: String(value).utf8)
        case nil: break
        }
        if encoder.includesBoundingBox { bbox(computed) } else if let given = feature.bbox { bbox(given) }
        raw(",\"geometry\":")
        if let geometry { writeGeometry(geometry, bbox: nil) } else { raw("null") }
        raw(",\"properties\":")
        if let properties = feature.properties { JSONValue.object(properties).write(into: &bytes) } else { raw("null") }
        foreignMembers(feature.foreignMembers, skipping: Self.featureMembers)
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func writeFeatureCollection(_ collection: FeatureCollection) {
        let geometries = collection.features.map { $0.geometry.map(encoder.prepare) }
        raw("{\"type\":\"FeatureCollection\"")
        if encoder.includesBoundingBox {
            bbox(BoundingBox(geoJSONCovering: geometries.compactMap { $0 }))
        } else if let given = collection.bbox {
            bbox(given)
        }
        raw(",\"features\":[")
        for (index, feature) in collection.features.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let geometry = geometries[index]
            writeFeature(
                feature, preparedGeometry: geometry,
                bbox: encoder.includesBoundingBox ? geometry.flatMap { BoundingBox(geoJSONCovering: [$0]) } : nil)
        }
        bytes.append(UInt8(ascii: "]"))
        foreignMembers(collection.foreignMembers, skipping: Self.collectionMembers)
        bytes.append(UInt8(ascii: "}"))
    }
}
