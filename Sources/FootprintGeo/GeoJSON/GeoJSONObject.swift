/// A GeoJSON text's top-level object (RFC 7946 §3): a geometry, a Feature or a
/// FeatureCollection.
public enum GeoJSONObject: Hashable, Sendable {
    case geometry(Geometry)
    case feature(Feature)
    case featureCollection(FeatureCollection)

    /// The same object with every geometry replaced by `transform(geometry)`; properties, ids
    /// and foreign members are kept (what `geo simplify` needs). Null geometries stay null.
    public func mappingGeometries<Failure: Error>(
        _ transform: (Geometry) throws(Failure) -> Geometry
    ) throws(Failure) -> GeoJSONObject {
        switch self {
        case .geometry(let geometry): return .geometry(try transform(geometry))
        case .feature(var feature):
            if let geometry = feature.geometry { feature.geometry = try transform(geometry) }
            return .feature(feature)
        case .featureCollection(var collection):
            for index in collection.features.indices {
                if let geometry = collection.features[index].geometry {
                    collection.features[index].geometry = try transform(geometry)
                }
            }
            return .featureCollection(collection)
        }
    }
}

/// A Feature (RFC 7946 §3.2): a geometry or none, properties or none, an optional id, and any
/// foreign members (§6.1) in the order they were written.
public struct Feature: Sendable {
    /// A Feature's `id`: a string or a number (RFC 7946 §3.2).
    public enum Identifier: Hashable, Sendable {
        case string(String)
        /// A number; integers up to 2⁵³ are exact as doubles.
        case number(Double)
        /// A whole number kept digit for digit: a place id of the database, or an id beyond 2⁵³
        /// read from a file (written without fraction or exponent).
        case integer(Int64)
    }

    /// The `id` member, or `nil` when there is none.
    public var id: Identifier?
    /// The geometry, or `nil` for `"geometry": null` (a feature with no location).
    public var geometry: Geometry?
    /// The `properties` object's members in order, or `nil` for `"properties": null`.
    public var properties: JSONMembers?
    /// The `bbox` member as given (2×n numbers for n dimensions), or `nil`.
    public var bbox: [Double]?
    /// Members that are not GeoJSON's own (RFC 7946 §6.1), in order. The decoder drops `crs`
    /// (removed from GeoJSON by §4) and the members §7.1 forbids on a Feature.
    public var foreignMembers: JSONMembers

    /// Creates a feature.
    public init(
        id: Identifier? = nil, geometry: Geometry?, properties: JSONMembers? = [], bbox: [Double]? = nil,
        foreignMembers: JSONMembers = []
    ) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }

    /// The value of the property `name`, or `nil` when it is absent.
    public func property(_ name: String) -> JSONValue? {
        properties?.first { $0.key == name }?.value
    }
}

extension Feature: Hashable {
    public static func == (lhs: Feature, rhs: Feature) -> Bool {
        lhs.id == rhs.id && lhs.geometry == rhs.geometry && lhs.bbox == rhs.bbox
            && lhs.properties.map(JSONValue.object) == rhs.properties.map(JSONValue.object)
            && JSONValue.object(lhs.foreignMembers) == JSONValue.object(rhs.foreignMembers)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(geometry)
        hasher.combine(bbox)
        hasher.combine(properties.map(JSONValue.object))
        hasher.combine(JSONValue.object(foreignMembers))
    }
}

/// A FeatureCollection (RFC 7946 §3.3).
public struct FeatureCollection: Sendable {
    /// The features in order.
    public var features: [Feature]
    /// The `bbox` member as given, or `nil`.
    public var bbox: [Double]?
    /// Members that are not GeoJSON's own, in order.
    public var foreignMembers: JSONMembers

    /// Creates a collection.
    public init(features: [Feature], bbox: [Double]? = nil, foreignMembers: JSONMembers = []) {
        self.features = features
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }
}

extension FeatureCollection: Hashable {
    public static func == (lhs: FeatureCollection, rhs: FeatureCollection) -> Bool {
        lhs.features == rhs.features && lhs.bbox == rhs.bbox
            && JSONValue.object(lhs.foreignMembers) == JSONValue.object(rhs.foreignMembers)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(features)
        hasher.combine(bbox)
        hasher.combine(JSONValue.object(foreignMembers))
    }
}
