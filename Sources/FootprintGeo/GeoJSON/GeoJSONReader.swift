/// The GeoJSON object types of RFC 7946 §1.4, spelled as the RFC spells them.
enum GeoJSONType: String, CaseIterable {
    case point = "Point", multiPoint = "MultiPoint", lineString = "LineString"
    case multiLineString = "MultiLineString", polygon = "Polygon", multiPolygon = "MultiPolygon"
    case geometryCollection = "GeometryCollection", feature = "Feature", featureCollection = "FeatureCollection"

    var isGeometry: Bool { self != .feature && self != .featureCollection }

    /// "a Point", "an …" — none of the names starts with a vowel.
    var withArticle: String { "a \(rawValue)" }
}

extension Geometry {
    /// The RFC 7946 `type` name of the geometry.
    public var geoJSONTypeName: String {
        switch self {
        case .point: return "Point"
        case .multiPoint: return "MultiPoint"
        case .lineString: return "LineString"
        case .multiLineString: return "MultiLineString"
        case .polygon: return "Polygon"
        case .multiPolygon: return "MultiPolygon"
        case .geometryCollection: return "GeometryCollection"
        }
    }
}

/// One walk over a parsed JSON tape that builds the GeoJSON model, records errors with their
/// JSON paths and, in strict mode, the warnings.
///
/// Lenient mode records only what makes the text unusable (no `type`, an unknown type, a
/// position without two numbers, a string where a number belongs, a latitude beyond ±90°) and
/// repairs or drops the rest: a type name in the wrong case is read, an unclosed ring is closed,
/// a one-position line is kept, a bad `bbox` or `id` and forbidden members are dropped, a
/// Feature without `geometry` or `properties` gets `nil`.
struct GeoJSONReader {
    let tape: JSONTape
    let strict: Bool
    /// Stop at the first error (decoding) instead of collecting all of them (validation).
    let stopsAtFirstError: Bool
    /// The path of the value being read.
    var path: [JSONPathComponent] = []
    var errors: [GeoJSONError] = []
    var errorOffsets: [Int] = []
    var warnings: [(path: String, message: String, offset: Int)] = []
    /// Repeated member names, recorded in strict mode only.
    var duplicates: [JSONDuplicateKey]?

    init(tape: JSONTape, strict: Bool, stopsAtFirstError: Bool) {
        self.tape = tape
        self.strict = strict
        self.stopsAtFirstError = stopsAtFirstError
        self.duplicates = strict ? [] : nil
        path.reserveCapacity(16)
    }

    var shouldStop: Bool { stopsAtFirstError && !errors.isEmpty }

    /// Records an error at the current path (plus `extra`). `strictOnly` errors are what lenient
    /// mode tolerates: there they are not recorded.
    mutating func report(
        _ make: (String, String) -> GeoJSONError, _ reason: String, node: Int, extra: JSONPathComponent? = nil,
        strictOnly: Bool = false
    ) {
        if strictOnly && !strict { return }
        if let extra { path.append(extra) }
        errors.append(make(path.text, reason))
        errorOffsets.append(tape.offset(node))
        if extra != nil { path.removeLast() }
    }

    /// Records a warning at the current path (plus `extra`), in strict mode.
    mutating func warn(_ message: String, node: Int, extra: JSONPathComponent? = nil) {
        guard strict else { return }
        if let extra { path.append(extra) }
        warnings.append((path.text, message, tape.offset(node)))
        if extra != nil { path.removeLast() }
    }

    // MARK: Objects

    /// The members of an object that GeoJSON gives meaning to, and the others.
    struct Members {
        var type: Int?, id: Int?, bbox: Int?, crs: Int?
        var coordinates: Int?, geometries: Int?, geometry: Int?, properties: Int?, features: Int?
        /// Foreign members: name and value node.
        var foreign: [(key: String, node: Int)] = []
    }

    /// Sorts the members of the object at `node` (an `.object`); warns on repeated names.
    mutating func members(of node: Int) -> Members {
        var members = Members()
        var keyNode = node + 1
        for _ in 0..<tape.count(node) {
            let key = tape.string(keyNode)
            let valueNode = keyNode + 1
            // A plain switch: key paths cost a dynamic call per member on a million features.
            var previous: Int?
            switch key {
            case "type": (previous, members.type) = (members.type, valueNode)
            case "id": (previous, members.id) = (members.id, valueNode)
            case "bbox": (previous, members.bbox) = (members.bbox, valueNode)
            case "crs": (previous, members.crs) = (members.crs, valueNode)
            case "coordinates": (previous, members.coordinates) = (members.coordinates, valueNode)
            case "geometries": (previous, members.geometries) = (members.geometries, valueNode)
            case "geometry": (previous, members.geometry) = (members.geometry, valueNode)
            case "properties": (previous, members.properties) = (members.properties, valueNode)
            case "features": (previous, members.features) = (members.features, valueNode)
            default:
                if let existing = members.foreign.firstIndex(where: { $0.key == key }) {
                    previous = members.foreign[existing].node
                    members.foreign[existing].node = valueNode
                } else {
                    members.foreign.append((key, valueNode))
                }
            }
            if previous != nil { warnDuplicate(key, node: keyNode) }
            keyNode = tape.next(valueNode)
        }
        return members
    }

    /// A name from the document in “…”, escaped as JSON escapes it (a quote, a control character)
    /// so that the message shows exactly which name is meant.
    static func curlyQuoted(_ name: String) -> String {
        "“" + String(JSONValue.string(name).serialized().dropFirst().dropLast()) + "”"
    }

    static func duplicateMessage(_ key: String) -> String {
        "the member \(Self.curlyQuoted(key)) appears more than once in its object; the last value is used (RFC 8259 §4)"
    }

    mutating func warnDuplicate(_ key: String, node: Int) {
        warn(GeoJSONReader.duplicateMessage(key), node: node, extra: .key(key))
    }

    /// The type named by the object's `type` member, or `nil` after recording why not.
    mutating func type(of node: Int, members: Members) -> GeoJSONType? {
        guard let typeNode = members.type else {
            report(GeoJSONError.missingMember, "a GeoJSON object needs a “type” member", node: node)
            return nil
        }
        guard tape.kind(typeNode) == .string else {
            report(
                GeoJSONError.invalidValue, "“type” must be a string, got \(tape.kindDescription(typeNode))",
                node: typeNode, extra: .key("type"))
            return nil
        }
        let name = tape.string(typeNode)
        if let type = GeoJSONType(rawValue: name) { return type }
        let quoted = Self.curlyQuoted(name)
        if let type = GeoJSONType.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
            report(
                GeoJSONError.invalidValue,
                "the type \(quoted) is not a GeoJSON type; type names are case-sensitive: “\(type.rawValue)”",
                node: typeNode, extra: .key("type"), strictOnly: true)
            return type
        }
        report(
            GeoJSONError.invalidValue, "the type \(quoted) is not a GeoJSON type", node: typeNode, extra: .key("type"))
        return nil
    }

    /// Records the members that RFC 7946 §7.1 forbids on an object of `type`.
    mutating func checkForbiddenMembers(_ members: Members, type: GeoJSONType) {
        let forbidden: [(String, Int?)]
        switch type {
        case .feature:
            forbidden = [
                ("coordinates", members.coordinates), ("geometries", members.geometries),
                ("features", members.features),
            ]
        case .featureCollection:
            forbidden = [
                ("coordinates", members.coordinates), ("geometries", members.geometries),
                ("geometry", members.geometry), ("properties", members.properties),
            ]
        default:
            forbidden = [
                ("geometry", members.geometry), ("properties", members.properties), ("features", members.features),
            ]
        }
        for case (let name, let node?) in forbidden {
            report(
                GeoJSONError.forbiddenMember, "\(type.withArticle) must not have a “\(name)” member (RFC 7946 §7.1)",
                node: node, extra: .key(name), strictOnly: true)
        }
        if let crs = members.crs {
            warn(
                "the “crs” member was removed from GeoJSON (RFC 7946 §4); coordinates are always WGS84 longitude, latitude",
                node: crs, extra: .key("crs"))
        }
    }

    /// The foreign members as JSON values (RFC 7946 §6.1).
    mutating func foreignMembers(_ members: Members) -> JSONMembers {
        members.foreign.map { member in
            path.append(.key(member.key))
            defer { path.removeLast() }
            return (member.key, tape.value(at: member.node, path: &path, duplicates: &duplicates))
        }
    }

    // MARK: Root, Feature, FeatureCollection

    /// The top-level object.
    mutating func readRoot() -> GeoJSONObject? {
        if tape.hadByteOrderMark {
            warn("the text starts with a byte order mark, which JSON texts must not carry (RFC 8259 §8.1)", node: 0)
        }
        guard tape.kind(0) == .object else {
            report(
                GeoJSONError.invalidValue, "a GeoJSON text must be an object, got \(tape.kindDescription(0))", node: 0)
            return nil
        }
        let members = members(of: 0)
        guard let type = type(of: 0, members: members) else { return nil }
        switch type {
        case .feature:
            var dimensions: UInt64 = 0
            return readFeature(0, members: members, dimensions: &dimensions).map(GeoJSONObject.feature)
        case .featureCollection:
            return readFeatureCollection(0, members: members).map(GeoJSONObject.featureCollection)
        default:
            var dimensions: UInt64 = 0
            switch readGeometry(0, members: members, type: type, dimensions: &dimensions, depth: 0) {
            case .geometry(let geometry): return .geometry(geometry)
            // RFC 7946 §3.1 lets an empty Point be read as null; at the top there is no null
            // geometry, so it becomes the empty point set.
            case .empty: return .geometry(.multiPoint(MultiPoint([])))
            case .invalid: return nil
            }
        }
    }

    /// A Feature whose members are already sorted; `dimensions` gains its positions' sizes.
    mutating func readFeature(_ node: Int, members: Members, dimensions: inout UInt64) -> Feature? {
        // The feature's own positions decide its bbox; the collection's gathers all features'.
        var ownDimensions: UInt64 = 0
        let errorCount = errors.count
        checkForbiddenMembers(members, type: .feature)
        var feature = Feature(geometry: nil, properties: nil)
        if let idNode = members.id {
            switch tape.kind(idNode) {
            case .string: feature.id = .string(tape.string(idNode))
            case .number:
                if case .integer(let value) = tape.numberValue(idNode) {
                    feature.id = .integer(value)
                } else {
                    feature.id = .number(tape.number(idNode))
                }
            default:
                report(
                    GeoJSONError.invalidIdentifier,
                    "an id must be a string or a number, got \(tape.kindDescription(idNode))",
                    node: idNode, extra: .key("id"), strictOnly: true)
            }
        }
        if let geometryNode = members.geometry {
            path.append(.key("geometry"))
            if tape.kind(geometryNode) != .null {
                switch readGeometryObject(geometryNode, dimensions: &ownDimensions, depth: 0) {
                case .geometry(let geometry): feature.geometry = geometry
                case .empty, .invalid: break
                }
            }
            path.removeLast()
        } else {
            report(
                GeoJSONError.missingMember, "a Feature needs a “geometry” member (null when it has no location)",
                node: node, strictOnly: true)
        }
        if let propertiesNode = members.properties {
            switch tape.kind(propertiesNode) {
            case .null: break
            case .object:
                path.append(.key("properties"))
                feature.properties = tape.members(of: propertiesNode, path: &path, duplicates: &duplicates)
                path.removeLast()
            default:
                report(
                    GeoJSONError.invalidValue,
                    "the member “properties” must be an object or null, got \(tape.kindDescription(propertiesNode))",
                    node: propertiesNode, extra: .key("properties"), strictOnly: true)
            }
        } else {
            report(
                GeoJSONError.missingMember, "a Feature needs a “properties” member (null when it has none)",
                node: node, strictOnly: true)
        }
        if let bboxNode = members.bbox { feature.bbox = readBoundingBox(bboxNode, dimensions: ownDimensions) }
        dimensions |= ownDimensions
        feature.foreignMembers = foreignMembers(members)
        return errors.count == errorCount ? feature : nil
    }

    mutating func readFeatureCollection(_ node: Int, members: Members) -> FeatureCollection? {
        let errorCount = errors.count
        checkForbiddenMembers(members, type: .featureCollection)
        var collection = FeatureCollection(features: [])
        var dimensions: UInt64 = 0
        if let featuresNode = members.features {
            if tape.kind(featuresNode) == .array {
                path.append(.key("features"))
                collection.features.reserveCapacity(tape.count(featuresNode))
                var child = featuresNode + 1
                for index in 0..<tape.count(featuresNode) {
                    path.append(.index(index))
                    if let feature = readFeatureElement(child, dimensions: &dimensions) {
                        collection.features.append(feature)
                    }
                    path.removeLast()
                    if shouldStop { break }
                    child = tape.next(child)
                }
                path.removeLast()
            } else {
                report(
                    GeoJSONError.invalidValue,
                    "“features” must be an array, got \(tape.kindDescription(featuresNode))",
                    node: featuresNode, extra: .key("features"))
            }
        } else {
            report(
                GeoJSONError.missingMember, "a FeatureCollection needs a “features” member (an array, maybe empty)",
                node: node)
        }
        if let bboxNode = members.bbox { collection.bbox = readBoundingBox(bboxNode, dimensions: dimensions) }
        collection.foreignMembers = foreignMembers(members)
        return errors.count == errorCount ? collection : nil
    }

    /// An element of a FeatureCollection's `features`, which must be a Feature object.
    mutating func readFeatureElement(_ node: Int, dimensions: inout UInt64) -> Feature? {
        guard tape.kind(node) == .object else {
            report(
                GeoJSONError.invalidValue, "expected a Feature object, got \(tape.kindDescription(node))", node: node)
            return nil
        }
        let members = members(of: node)
        guard let type = type(of: node, members: members) else { return nil }
        guard type == .feature else {
            report(GeoJSONError.invalidValue, "expected a Feature, got \(type.withArticle)", node: node)
            return nil
        }
        return readFeature(node, members: members, dimensions: &dimensions)
    }
}
